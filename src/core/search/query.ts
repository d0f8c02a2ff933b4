// The search box language: words plus field filters such as `topic:gui`, `org:"TIGER-Lab"`,
// `year:2024`, `has:code` or `upvotes>=10`. Pure: the caller passes the papers and topics in.
import { isCodeLink } from '../corpus/links';
import type { Paper } from '../model/paper';
import { compareText, toAscii } from '../util/text';

export type FilterField = 'topic' | 'org' | 'year' | 'has' | 'upvotes';
export type Comparison = ':' | '>' | '>=' | '<' | '<=';

export interface QueryFilter {
  /** The filter as typed, e.g. `org:"TIGER-Lab"`: what a message quotes back. */
  text: string;
  field: FilterField;
  op: Comparison;
  /** The value without its quotes. */
  value: string;
}

export interface ParsedQuery {
  /** The words once the filters are taken out; ends with a space unless the last word is still being typed. */
  words: string;
  filters: QueryFilter[];
}

/** Numbers compare (`year>2023`, `upvotes>=10`); names only match (`topic:web`). */
const FILTER = /^(?:(topic|org|has):|(year|upvotes)(>=|<=|:|>|<))(.*)$/is;

/** Splits on white space, except inside double quotes: `org:"Shanghai AI Lab" agents` is two tokens. */
function tokens(text: string): string[] {
  const found: string[] = [];
  let current = '';
  let quoted = false;
  for (const ch of text) {
    if (ch === '"') quoted = !quoted;
    if (/\s/.test(ch) && !quoted) {
      if (current) found.push(current);
      current = '';
    } else {
      current += ch;
    }
  }
  if (current) found.push(current);
  return found;
}

/**
 * Takes the field filters out of a query. A filter still being typed (`year:` with no
 * value yet) is left out altogether rather than searched for as a word.
 *
 * @example parseQuery('gui agents year:2024') // { words: 'gui agents ', filters: [{ field: 'year', op: ':', value: '2024', … }] }
 */
export function parseQuery(text: string): ParsedQuery {
  const words: string[] = [];
  const filters: QueryFilter[] = [];
  const all = tokens(text);
  let lastIsWord = false;
  for (const token of all) {
    const match = FILTER.exec(token);
    lastIsWord = !match;
    if (!match) { words.push(token.replace(/"/g, '')); continue; }
    const value = match[4].replace(/"/g, '').trim();
    if (!value) continue;
    const field = (match[1] ?? match[2]).toLowerCase() as FilterField;
    filters.push({ text: token, field, op: (match[3] ?? ':') as Comparison, value });
  }
  const typing = lastIsWord && !/\s$/.test(text);
  return { words: words.join(' ') + (words.length && !typing ? ' ' : ''), filters };
}

/** Whether the query has a field filter (`topic:agents`, `year>2023`): a web search could not apply it. */
export function hasFilters(text: string): boolean {
  return tokens(text).some(token => FILTER.test(token));
}

/** A topic as the query language sees it: matched by id or by the words of its label. */
export interface TopicName {
  id: string;
  label: string;
}

export interface FilterContext {
  topics: readonly TopicName[];
  /** The keys (lower case) of the papers with a note of the writer's, for `has:note`. */
  noted?: ReadonlySet<string>;
}

export interface CompiledFilter {
  filter: QueryFilter;
  /** Why the filter can match no paper whatever the corpus (an unknown topic, a year that is not a number). */
  problem?: string;
  test(paper: Paper): boolean;
}

const fold = (text: string) => toAscii(text).toLowerCase().trim();
const wordsOf = (text: string) => fold(text).split(/[^a-z0-9]+/).filter(Boolean);

/**
 * A test of names against `value`: true when every word of `value` begins a word of the
 * name, or `value` begins the name whole. Answers are kept, as names repeat across papers.
 */
function nameMatcher(value: string): (name: string) => boolean {
  const whole = fold(value);
  const wanted = wordsOf(value);
  const known = new Map<string, boolean>();
  return name => {
    let answer = known.get(name);
    if (answer === undefined) {
      const have = wordsOf(name);
      answer = fold(name).startsWith(whole) || (wanted.length > 0 && wanted.every(w => have.some(h => h.startsWith(w))));
      known.set(name, answer);
    }
    return answer;
  };
}

function compare(actual: number | null, op: Comparison, wanted: number): boolean {
  if (actual === null) return false;
  switch (op) {
    case ':': return actual === wanted;
    case '>': return actual > wanted;
    case '>=': return actual >= wanted;
    case '<': return actual < wanted;
    case '<=': return actual <= wanted;
  }
}

const never = (filter: QueryFilter, problem: string): CompiledFilter => ({ filter, problem, test: () => false });

/**
 * Turns a filter into a test on papers. `topic:` takes a topic id (`topic:web-agents`)
 * or words of its label (`topic:gui`); `org:` a handle or name; `has:` `code` or `note`.
 *
 * @example compileFilter(parseQuery('topic:gui').filters[0], { topics }).test(paper)
 */
export function compileFilter(filter: QueryFilter, context: FilterContext): CompiledFilter {
  const { field, op, value } = filter;
  switch (field) {
    case 'topic': {
      const exact = context.topics.filter(t => t.id.toLowerCase() === value.toLowerCase());
      const matches = nameMatcher(value);
      const topics = exact.length ? exact : context.topics.filter(t => matches(`${t.id} ${t.label}`));
      if (!topics.length) return never(filter, `no topic matches "${value}"`);
      const ids = new Set(topics.map(t => t.id));
      return { filter, test: paper => paper.topics.some(id => ids.has(id)) };
    }
    case 'org': {
      const matches = nameMatcher(value);
      return { filter, test: paper => paper.organization !== null && (matches(paper.organization.handle) || matches(paper.organization.name)) };
    }
    case 'has': {
      const wanted = value.toLowerCase();
      if (wanted === 'note') {
        const noted = context.noted ?? new Set<string>();
        return { filter, test: paper => noted.has(paper.key.toLowerCase()) };
      }
      if (wanted !== 'code') return never(filter, `has: takes "code" or "note" (has:code, has:note), not "${value}"`);
      return { filter, test: paper => paper.links.some(isCodeLink) };
    }
    case 'year':
      if (!/^\d{4}$/.test(value)) return never(filter, `${filter.text}: a year has four digits, e.g. year:2024`);
      return { filter, test: paper => compare(paper.year, op, Number(value)) };
    case 'upvotes':
      if (!/^\d+$/.test(value)) return never(filter, `${filter.text}: upvotes take a whole number, e.g. upvotes>10`);
      return { filter, test: paper => compare(paper.upvotes, op, Number(value)) };
  }
}

export interface FilterReport {
  filter: QueryFilter;
  /** How many papers this filter alone lets through. */
  matches: number;
}

export interface QueryProblem {
  /** The filter(s) at fault as typed, e.g. `topic:foo`. */
  text: string;
  message: string;
}

export interface FilterOutcome {
  /** Ids of the papers that pass every filter; undefined when there are no filters. */
  allowed?: Set<string>;
  reports: FilterReport[];
  /** Filters that leave no paper, each with a message the UI can show as it is. */
  problems: QueryProblem[];
}

/**
 * Runs the filters over the papers and explains an empty outcome: which filter matched
 * nothing on its own ("no paper has topic:foo"), or that they match nothing together.
 *
 * @example applyFilters(papers, parseQuery('has:code year:2024').filters, { topics }).allowed?.size
 */
export function applyFilters(papers: readonly Paper[], filters: readonly QueryFilter[], context: FilterContext): FilterOutcome {
  if (!filters.length) return { reports: [], problems: [] };
  const compiled = filters.map(f => compileFilter(f, context));
  const counts = compiled.map(() => 0);
  const allowed = new Set<string>();
  for (const paper of papers) {
    let all = true;
    compiled.forEach((c, i) => {
      if (c.test(paper)) counts[i]++;
      else all = false;
    });
    if (all) allowed.add(paper.id);
  }
  const problems: QueryProblem[] = compiled.flatMap((c, i) => counts[i] ? [] : [{
    text: c.filter.text,
    message: c.problem ?? `no paper has ${c.filter.text}`,
  }]);
  if (!allowed.size && !problems.length) {
    const together = filters.map(f => f.text).join(' ');
    problems.push({ text: together, message: `no paper has ${filters.map(f => f.text).join(' and ')} together` });
  }
  return { allowed, reports: compiled.map((c, i) => ({ filter: c.filter, matches: counts[i] })), problems };
}


/** The order of a list with no words to rank by: most upvoted first (unknown counts last), then by title. */
export function byUpvotesThenTitle(a: Paper, b: Paper): number {
  return (b.upvotes ?? -1) - (a.upvotes ?? -1) || compareText(a.title, b.title);
}
