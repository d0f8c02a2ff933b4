import { jsonErrorLine, papersElementLines } from './jsonLines';
import { assignKeys } from './keys';
import { absorb, mergeEntries, type MergedPaper } from './merge';
import { KEY_PATTERN, PaperSchema, type Paper, type Problem } from './paper';
import { parsePage } from './parse';
import type { TopicAssigner } from './topics';
import { firstIssue } from './zod';

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
  /** A key and topics the file gave (JSON corpora), kept when they are usable. */
  key?: string;
  topics?: string[];
}

const isJson = (file: string) => /\.json$/i.test(file);

function readJson({ file, text }: CorpusFile, problems: Problem[]): Incoming[] {
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
  const lines = papersElementLines(text);
  const incoming = new Map<string, Incoming>();
  papers.forEach((raw, i) => {
    const line = lines[i] ?? 1;
    const checked = PaperSchema.safeParse(raw);
    if (!checked.success) {
      problems.push({ file, line, message: `paper ${i + 1} skipped: ${firstIssue(checked.error)}` });
      return;
    }
    const { key, topics, ...rest } = checked.data;
    // This file is where the paper comes from now, whatever the file says it came from.
    const paper: MergedPaper = { ...rest, links: [...rest.links], sources: [{ file, line }] };
    const same = incoming.get(paper.id);
    if (same) absorb(same.paper, paper);
    else incoming.set(paper.id, { paper, key, topics });
  });
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
 * @example mergeUserCorpora(bundled, [{ file: 'my.txt', text }], topics).added.length
 */
export function mergeUserCorpora(bundled: readonly Paper[], files: readonly CorpusFile[], topics: TopicAssigner): UserCorpusResult {
  const problems: Problem[] = [];
  const papers = new Map<string, Paper>(bundled.map(p => [p.id, p]));
  const taken = new Set(bundled.map(p => p.key.toLowerCase()));
  const knownTopics = new Set(topics.topics.map(t => t.id));
  const added = new Map<string, Paper>();
  const updated = new Map<string, Paper>();

  for (const file of files) {
    const incoming = isJson(file.file) ? readJson(file, problems) : readPage(file, problems);
    const fresh: Incoming[] = [];
    for (const item of incoming) {
      const existing = papers.get(item.paper.id);
      if (!existing) { fresh.push(item); continue; }
      const merged = { ...existing, links: [...existing.links], sources: [...existing.sources] };
      absorb(merged, item.paper);
      papers.set(merged.id, merged);
      (added.has(merged.id) ? added : updated).set(merged.id, merged);
    }
    const keep = fresh.filter(i => i.key !== undefined && KEY_PATTERN.test(i.key) && !taken.has(i.key.toLowerCase()));
    for (const item of keep) taken.add(item.key!.toLowerCase());
    for (const item of fresh.filter(i => i.key !== undefined && !keep.includes(i))) {
      problems.push({ file: file.file, line: item.paper.sources[0].line, message: `key "${item.key}" is already taken or invalid; "${item.paper.title}" gets a new key` });
    }
    const generated = assignKeys(fresh.filter(i => !keep.includes(i)).map(i => i.paper), {}, taken);
    for (const key of generated.values()) taken.add(key.toLowerCase());
    for (const item of fresh) {
      const key = keep.includes(item) ? item.key! : generated.get(item.paper.id)!;
      const given = item.topics?.filter(t => knownTopics.has(t)) ?? [];
      const candidate = { ...item.paper, key, topics: given.length ? given : topics.assign(item.paper) };
      const checked = PaperSchema.safeParse(candidate);
      if (!checked.success) {
        problems.push({ file: file.file, line: item.paper.sources[0].line, message: `paper "${item.paper.title}" skipped: ${firstIssue(checked.error)}` });
        continue;
      }
      papers.set(checked.data.id, checked.data);
      added.set(checked.data.id, checked.data);
    }
  }
  return { papers: [...papers.values()], added: [...added.values()], updated: [...updated.values()], problems };
}
