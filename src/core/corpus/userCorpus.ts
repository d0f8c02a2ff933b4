import { jsonErrorLine, papersElementLines } from './jsonLines';
import { assignKeys } from './keys';
import { absorb, mergeEntries, type MergedPaper } from './merge';
import { KEY_PATTERN, PaperSchema, type Paper, type Problem } from '../model/paper';
import { parsePage } from './parse';
import { pause } from '../util/pause';
import type { TopicAssigner } from './topics';
import { firstIssue } from '../util/zod';

/** A corpus file the user listed in `papers.corpus.files`: a saved page (.txt) or JSON in the corpus.json shape. */
export interface CorpusFile {
  /** How problems and sources name the file: the path as the user wrote it. */
  file: string;
  text: string;
}

export interface UserCorpusResult {
  /** Every paper: the bundled ones (updated where a user file lists them too), then the new ones. */
  papers: Paper[];
  /** Papers the user files add. */
  added: Paper[];
  /** Papers that were already known and that a user file also lists. */
  updated: Paper[];
  problems: Problem[];
}

interface Incoming {
  paper: MergedPaper;
  /** True when the whole record passed PaperSchema on reading (JSON corpora). */
  validated?: boolean;
  /** A key and topics the file gave (JSON corpora), kept when they are usable. */
  key?: string;
  topics?: string[];
}

const isJson = (file: string) => /\.json$/i.test(file);

/** Papers handled between two pauses: large corpora are merged in slices, so the event loop stays free. */
const SLICE = 500;

async function readJson({ file, text }: CorpusFile, problems: Problem[]): Promise<Incoming[]> {
  let data: unknown;
  try {
    data = JSON.parse(text);
  } catch (error) {
    problems.push({ file, line: jsonErrorLine(text) ?? 1, message: `not valid JSON: ${error instanceof Error ? error.message : String(error)}` });
    return [];
  }
  const papers = (data as { papers?: unknown } | null)?.papers;
  if (!Array.isArray(papers)) {
    problems.push({ file, line: 1, message: 'expected a corpus object { "papers": [ … ] }' });
    return [];
  }
  const lines = await papersElementLines(text);
  const lineOf = (i: number) => lines[i] ?? 1;
  const incoming = new Map<string, Incoming>();
  for (let i = 0; i < papers.length; i++) {
    if (i % SLICE === SLICE - 1) await pause();
    const checked = PaperSchema.safeParse(papers[i]);
    if (!checked.success) {
      problems.push({ file, line: lineOf(i), message: `paper ${i + 1} skipped: ${firstIssue(checked.error)}` });
      continue;
    }
    const { key, topics, ...rest } = checked.data;
    // This file is where the paper comes from now, whatever the file says it came from.
    const paper: MergedPaper = { ...rest, links: [...rest.links], sources: [{ file, line: lineOf(i) }] };
    const same = incoming.get(paper.id);
    if (same) absorb(same.paper, paper);
    else incoming.set(paper.id, { paper, key, topics, validated: true });
  }
  return [...incoming.values()];
}

function readPage({ file, text }: CorpusFile, problems: Problem[]): Incoming[] {
  const page = parsePage(text, file);
  problems.push(...page.problems);
  if (!page.entries.length && !page.problems.length) problems.push({ file, line: 1, message: 'no paper found: expected saved Daily Papers entries (title, blank line, abstract)' });
  return mergeEntries(page.entries).map(paper => ({ paper }));
}

/**
 * Adds the papers of the user's corpus files to the bundled ones. A paper already
 * known (same title slug) is merged into the existing record, which keeps its key.
 * A new paper keeps the key its JSON file gives when that key is valid and free,
 * otherwise it gets one by the same rules as the bundled corpus, never one that is
 * taken. Files are read in the order given, so a file's keys stay the same as long
 * as that file and the files before it do not change.
 *
 * Large files are merged in slices with pauses between them, so that a corpus of
 * 100,000 papers does not hold up everything else the extension host does.
 *
 * @example (await mergeUserCorpora(bundled, [{ file: 'my.txt', text }], topics)).added.length
 */
export async function mergeUserCorpora(bundled: readonly Paper[], files: readonly CorpusFile[], topics: TopicAssigner): Promise<UserCorpusResult> {
  const problems: Problem[] = [];
  const papers = new Map<string, Paper>(bundled.map(p => [p.id, p]));
  const taken = new Set(bundled.map(p => p.key.toLowerCase()));
  const knownTopics = new Set(topics.topics.map(t => t.id));
  const added = new Map<string, Paper>();
  const updated = new Map<string, Paper>();

  for (const file of files) {
    const incoming = isJson(file.file) ? await readJson(file, problems) : readPage(file, problems);
    await pause();
    const fresh: Incoming[] = [];
    for (const item of incoming) {
      const existing = papers.get(item.paper.id);
      if (!existing) { fresh.push(item); continue; }
      const merged = { ...existing, links: [...existing.links], sources: [...existing.sources] };
      absorb(merged, item.paper);
      papers.set(merged.id, merged);
      (added.has(merged.id) ? added : updated).set(merged.id, merged);
    }
    // Keys a JSON file gives are kept when valid and free, first come first served.
    const kept = new Set<Incoming>();
    for (const item of fresh) {
      if (item.key === undefined) continue;
      if (KEY_PATTERN.test(item.key) && !taken.has(item.key.toLowerCase())) {
        kept.add(item);
        taken.add(item.key.toLowerCase());
      } else {
        problems.push({ file: file.file, line: item.paper.sources[0].line, message: `key "${item.key}" is already taken or invalid; "${item.paper.title}" gets a new key` });
      }
    }
    const generated = assignKeys(fresh.filter(i => !kept.has(i)).map(i => i.paper), {}, taken);
    for (const key of generated.values()) taken.add(key.toLowerCase());
    for (const [i, item] of fresh.entries()) {
      if (i % SLICE === SLICE - 1) await pause();
      const key = kept.has(item) ? item.key! : generated.get(item.paper.id)!;
      const given = item.topics?.filter(t => knownTopics.has(t)) ?? [];
      const paper: Paper = { ...item.paper, key, topics: given.length ? given : topics.assign(item.paper) };
      // A paper read from JSON was checked whole already, and its key and topics are valid by
      // construction; a paper from a page is checked here, once it has both.
      if (!item.validated) {
        const checked = PaperSchema.safeParse(paper);
        if (!checked.success) {
          problems.push({ file: file.file, line: item.paper.sources[0].line, message: `paper "${item.paper.title}" skipped: ${firstIssue(checked.error)}` });
          continue;
        }
      }
      papers.set(paper.id, paper);
      added.set(paper.id, paper);
    }
  }
  return { papers: [...papers.values()], added: [...added.values()], updated: [...updated.values()], problems };
}
