import { assignKeys, type KeyLock } from './keys';
import { mergeEntries } from './merge';
import { CorpusSchema, PaperSchema, type Corpus, type Paper, type Problem } from '../model/paper';
import { parsePage, type PageEntry } from './parse';
import type { TopicAssigner } from './topics';
import { firstIssue } from '../util/zod';

export interface PageText {
  /** The name shown in problems and stored in each paper's sources, e.g. "seeds/000.txt". */
  file: string;
  text: string;
}

export interface BuildOptions {
  lock: KeyLock;
  topics: TopicAssigner;
  /** Keys owned elsewhere that new papers must not take. */
  reservedKeys?: Iterable<string>;
}

export interface BuildResult {
  corpus: Corpus;
  problems: Problem[];
  /** Keys given in this build to papers that the lock did not know yet. */
  newKeys: KeyLock;
}

/**
 * Turns saved pages into a validated corpus: parse every page, merge copies of the
 * same paper, give keys (locked keys first) and topics, and check every record
 * against the schema. Papers are ordered by id so that builds are reproducible.
 */
export function buildCorpus(pages: readonly PageText[], options: BuildOptions): BuildResult {
  const problems: Problem[] = [];
  const entries: PageEntry[] = [];
  for (const page of pages) {
    const parsed = parsePage(page.text, page.file);
    problems.push(...parsed.problems);
    entries.push(...parsed.entries);
  }
  const merged = mergeEntries(entries).sort((a, b) => (a.id < b.id ? -1 : 1));
  const keys = assignKeys(merged, options.lock, options.reservedKeys);
  const newKeys: KeyLock = {};
  const papers: Paper[] = [];
  for (const m of merged) {
    const key = keys.get(m.id)!;
    if (options.lock[m.id] === undefined) newKeys[m.id] = key;
    const candidate = { ...m, key, topics: options.topics.assign(m) };
    const checked = PaperSchema.safeParse(candidate);
    if (checked.success) { papers.push(checked.data); continue; }
    const where = m.sources[0];
    problems.push({ file: where.file, line: where.line, message: `paper "${m.title}" is invalid: ${firstIssue(checked.error)}` });
  }
  return { corpus: CorpusSchema.parse({ papers }), problems, newKeys };
}
