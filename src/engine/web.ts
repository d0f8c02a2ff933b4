// Papers fetched from the web as a kind of input beside the corpus files and bibliographies: joined
// after the bibliographies, so that a paper the user has already (same arXiv id, DOI or folded
// title) is shown once and cited with the user's key, and every other one joins the library with
// the key it had on earlier fetches, searched, listed and cited like the rest.
import topicsFile from '../data/topics.json';
import { createTopicAssigner, type TopicAssigner, type TopicsFile } from '../core/corpus/topics';
import type { Paper } from '../core/model/paper';
import { KnownPapers } from '../core/web/keys';
import { joinFetched, keysTaken, toPaper, webPaperId } from '../core/web/toPaper';
import type { FetchedPaper } from '../core/web/record';

/** The papers fetched so far, each batch with when it was fetched, and the keys given before (by `webPaperId`). */
export interface WebInput {
  /**
   * `topics: false`: papers shown beside another (its neighbourhood, suggestions) rather than
   * added: given no topics, so the Papers view's topics leave them out, and their rules (the slow
   * part of a join) are not run for them. Kept, a paper joins again with its topics.
   */
  batches: { fetched: string; papers: FetchedPaper[]; topics?: false }[];
  keys: Record<string, string>;
}

/** What joining the fetched papers did: the key of each (the user's own for a paper the library had), and the keys given now. */
export interface WebJoin {
  /** The fetched papers the library did not have, as library papers, topics assigned. */
  papers: Paper[];
  /** Every fetched paper's key, by `webPaperId`. */
  keys: Record<string, string>;
  /** The keys given by this join, to keep for the next (by `webPaperId`). */
  newKeys: Record<string, string>;
  known: number;
  /** Corpus papers the web told more of, by id: to stand in for them (`enrich`). */
  enriched: Map<string, Paper>;
}

/**
 * A corpus paper (a saved page names no authors, no arXiv id) that a fetched paper turned out to
 * be: it keeps its id, key, topics and text, and takes the authors, ids and links the service
 * gave, so that citing it writes a full entry under the key it always had.
 */
function enrich(paper: Paper, fetched: FetchedPaper, at: string): Paper {
  const made = toPaper(fetched, paper.key, at);
  const out: Paper = { ...paper, reference: made.reference, web: made.web, links: [...paper.links, ...made.links.filter(l => !paper.links.includes(l))] };
  if (made.authors) out.authors = made.authors;
  if (made.arxivId) out.arxivId = made.arxivId;
  if (!paper.doi && made.doi) out.doi = made.doi;
  return out;
}

let assigner: TopicAssigner | undefined;
/** Each fetched paper's topics, by id and title: every join gives every fetched paper again, and their rules are the slow part. */
const topicsOf = new Map<string, string[]>();
/** The library's papers indexed once for as long as they stay the same (a fetch changes only the fetched papers). */
const knownOf = new WeakMap<readonly Paper[], KnownPapers>();

/**
 * The fetched papers joined to a library's papers (the corpus and the bibliographies joined):
 * cheap (map reads and a topic rule a paper), so a day of papers joins at once.
 *
 * @example const { papers } = joinWeb(joined.papers, input.web); const all = [...joined.papers, ...papers];
 */
export function joinWeb(library: readonly Paper[], web: WebInput): WebJoin {
  const out: WebJoin = { papers: [], keys: {}, newKeys: {}, known: 0, enriched: new Map() };
  if (!web.batches.length) return out;
  // Fetched papers may be of any field: a near miss is no topic for them (AssignerOptions).
  assigner ??= createTopicAssigner(topicsFile as TopicsFile, { nearMisses: false });
  // Only read: a library joined again (the host gives its fetched papers again before it heard
  // the keys of the last join) gives each paper the key it took the first time.
  let known = knownOf.get(library);
  if (!known) { known = new KnownPapers(library); knownOf.set(library, known); }
  const keys = new Map(Object.entries(web.keys));
  // The keys fetched papers have or had, and those given in this join: no new paper takes one.
  const taken = keysTaken(keys);
  const seen = new Set<string>();
  for (const batch of web.batches) {
    const joined = joinFetched(batch.papers, known, keys, batch.fetched, taken);
    for (const [id, key] of joined.newKeys) { keys.set(id, key); out.newKeys[id] = key; }
    const knownIds = new Set(joined.known.map(k => webPaperId(k.fetched)));
    // Only a corpus paper: an entry of the user's bibliography is cited as the user wrote it.
    for (const { fetched, paper } of joined.known) {
      if (!paper.reference && !paper.entries?.length && !out.enriched.has(paper.id)) out.enriched.set(paper.id, enrich(paper, fetched, batch.fetched));
    }
    batch.papers.forEach((fetched, i) => {
      const id = webPaperId(fetched);
      const paper = joined.papers[i];
      out.keys[id] = paper.key;
      if (seen.has(id)) return;
      seen.add(id);
      if (knownIds.has(id)) { out.known++; return; }
      const topicKey = `${id}\n${paper.title}`;
      let topics = batch.topics === false ? [] : topicsOf.get(topicKey);
      if (!topics) { topics = assigner!.assign(paper); topicsOf.set(topicKey, topics); }
      paper.topics = topics;
      out.papers.push(paper);
    });
  }
  return out;
}
