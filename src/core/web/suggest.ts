// What a document is missing: from the papers its project cites, the papers they point to that
// it does not cite, ranked by how many of its cited papers point to each. A paper many of them
// cite is a shared foundation (co-citation); a paper that cites many of them builds on the same
// work (bibliographic coupling). Pure: the batch answer in, the ranked list out.
import { squash } from '../util/text';
import type { Neighbour } from './scholar';

/** A paper the project cites, with its references and citations as the graph has them. */
export interface CitedLinks {
  scholarId: string;
  references: readonly Neighbour[];
  citations: readonly Neighbour[];
}

export interface Suggestion {
  /** The paper suggested (as the first cited paper's answer described it). */
  neighbour: Neighbour;
  /** Its identity (`identityOf`): what a dismissal remembers. */
  id: string;
  /** How many of the cited papers cite it. */
  citedBy: number;
  /** How many of the cited papers it cites. */
  cites: number;
  /** Why it is suggested, in words: "cited by 6 of your 40 references". */
  reason: string;
}

/** A title as compared: lower case, letters and digits only. */
export const titleKey = (title: string): string => squash(title.normalize('NFKD').toLowerCase().replace(/[^\p{L}\p{N}]+/gu, ' '));

/** Every name a paper goes by: its graph id, DOI, arXiv id and title, each prefixed by its kind. */
export function namesOf(paper: { scholarId?: string; doi?: string; arxivId?: string; title: string }): string[] {
  const names: string[] = [];
  if (paper.scholarId) names.push(`s2:${paper.scholarId}`);
  if (paper.doi) names.push(`doi:${paper.doi.toLowerCase()}`);
  if (paper.arxivId) names.push(`arxiv:${paper.arxivId.toLowerCase()}`);
  const title = titleKey(paper.title);
  if (title) names.push(`title:${title}`);
  return names;
}

/** The one name a suggestion is known by: the first of `namesOf`. */
export const identityOf = (neighbour: Neighbour): string => namesOf({ ...neighbour.paper, scholarId: neighbour.scholarId })[0];

export interface SuggestOptions {
  /** Every name (`namesOf`) of the papers the project already cites: never suggested. */
  cited: ReadonlySet<string>;
  /** Identities the writer dismissed for this project. */
  dismissed?: ReadonlySet<string>;
  /** The fewest cited papers that must point to a paper (default: 2, or 1 when the project cites fewer than 3). */
  minLinks?: number;
  limit?: number;
}

const plural = (n: number, one: string, many = `${one}s`) => `${n} ${n === 1 ? one : many}`;

/**
 * The papers the cited ones point to, best first.
 *
 * @example suggest([{ scholarId: 'a', references: [x], citations: [] }, { scholarId: 'b', references: [x], citations: [] }], { cited })
 *          → [{ neighbour: x, citedBy: 2, cites: 0, reason: 'cited by 2 of your 2 references' }]
 */
export function suggest(links: readonly CitedLinks[], options: SuggestOptions): Suggestion[] {
  const total = links.length;
  const minLinks = options.minLinks ?? (total >= 3 ? 2 : 1);
  const found = new Map<string, { neighbour: Neighbour; citedBy: Set<string>; cites: Set<string> }>();
  // Names already seen map to the identity they were first seen under: one paper, many names.
  const alias = new Map<string, string>();
  // A paper many cited papers point to comes once from each: its names are made once (a title's key is the costly part).
  const named = new Map<string, string[]>();
  const count = (from: string, neighbour: Neighbour, as: 'citedBy' | 'cites') => {
    const { paper, scholarId } = neighbour;
    const seen = scholarId ?? `${paper.doi ?? ''}\n${paper.arxivId ?? ''}\n${paper.title}`;
    let names = named.get(seen);
    if (!names) named.set(seen, names = namesOf({ ...paper, scholarId }));
    if (!names.length || names.some(name => options.cited.has(name))) return;
    const id = names.map(name => alias.get(name)).find(Boolean) ?? names[0];
    for (const name of names) if (!alias.has(name)) alias.set(name, id);
    if (options.dismissed?.has(id)) return;
    let entry = found.get(id);
    if (!entry) found.set(id, entry = { neighbour, citedBy: new Set(), cites: new Set() });
    entry[as].add(from);
  };
  for (const paper of links) {
    for (const reference of paper.references) count(paper.scholarId, reference, 'citedBy');
    for (const citation of paper.citations) count(paper.scholarId, citation, 'cites');
  }
  const ranked = [...found].map(([id, { neighbour, citedBy, cites }]) => ({ id, neighbour, citedBy: citedBy.size, cites: cites.size }))
    .filter(s => s.citedBy + s.cites >= minLinks)
    .sort((a, b) => b.citedBy + b.cites - (a.citedBy + a.cites) || b.citedBy - a.citedBy
      || (b.neighbour.citations ?? 0) - (a.neighbour.citations ?? 0) || a.neighbour.paper.title.localeCompare(b.neighbour.paper.title));
  const references = plural(total, 'reference');
  return ranked.slice(0, options.limit ?? 50).map(s => ({
    ...s,
    reason: [s.citedBy && `cited by ${s.citedBy} of your ${references}`, s.cites && `cites ${s.cites} of your ${references}`].filter(Boolean).join('; '),
  }));
}

/** Where a suggested paper is in the links it was ranked from: which cited paper, which list, which place. */
export interface Place { from: number; list: 'references' | 'citations'; at: number }

/**
 * `suggest`, each suggestion with its paper's place in `links` instead of the paper: what the
 * engine worker answers (protocol `suggest`), the host holding the links it sent.
 */
export function suggestPlaces(links: readonly CitedLinks[], options: SuggestOptions): (Omit<Suggestion, 'neighbour'> & Place)[] {
  const places = new Map<Neighbour, Place>();
  links.forEach((paper, from) => {
    paper.references.forEach((neighbour, at) => { if (!places.has(neighbour)) places.set(neighbour, { from, list: 'references', at }); });
    paper.citations.forEach((neighbour, at) => { if (!places.has(neighbour)) places.set(neighbour, { from, list: 'citations', at }); });
  });
  return suggest(links, options).map(({ neighbour, ...rest }) => ({ ...places.get(neighbour)!, ...rest }));
}

/** The suggestions again from their places (`suggestPlaces`) in the links; one whose place holds none is left out. */
export function suggestionsAt(links: readonly CitedLinks[], ranked: readonly (Omit<Suggestion, 'neighbour'> & Place)[]): Suggestion[] {
  return ranked.flatMap(({ from, list, at, ...rest }) => {
    const neighbour = links[from]?.[list][at];
    return neighbour ? [{ neighbour, ...rest }] : [];
  });
}
