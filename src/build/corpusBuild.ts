// The build step behind `npm run build`: seeds/*.txt → dist/corpus.json, dist/names.index and
// dist/fulltext.index, and dist/library.deflate, the three in one raw deflate stream, which is what the
// extension ships and reads (the corpus in columns, core/corpus/columns.ts).
// Runs in Node at build time only; the extension never parses pages or builds an index on start-up.
import { mkdirSync, readdirSync, readFileSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { isDeepStrictEqual } from 'node:util';
import { buildCorpus } from '../core/corpus/build';
import { fromColumns, toColumns } from '../core/corpus/columns';
import type { KeyLock } from '../core/corpus/keys';
import { formatProblem } from '../core/model/paper';
import { encodeIndex } from '../core/search/indexCodec';
import { CORPUS_FILE, joinLibrary, LIBRARY_FILE, NAMES_INDEX, shippedName, TEXT_INDEX, TREE_TOP_FILE } from '../core/corpus/shippedFiles';
import { groupPapers } from '../core/browse/browse';
import { topicList } from '../core/corpus/topicList';
import { buildIndexParts } from '../core/search/search';
import { createTopicAssigner, type TopicsFile } from '../core/corpus/topics';
import { writeShipped } from './compressed';

export const LOCK_FILE = 'src/data/keys.lock.json';

const kb = (bytes: number) => `${(bytes / 1024).toFixed(0)} KB`;

export async function main({ root }: { root: string }): Promise<string> {
  const seeds = join(root, 'seeds');
  const pages = readdirSync(seeds).filter(f => f.endsWith('.txt')).sort()
    .map(f => ({ file: `seeds/${f}`, text: readFileSync(join(seeds, f), 'utf8') }));
  const lockPath = join(root, LOCK_FILE);
  const lock: KeyLock = JSON.parse(readFileSync(lockPath, 'utf8')).keys;
  const topicsFile: TopicsFile = JSON.parse(readFileSync(join(root, 'src/data/topics.json'), 'utf8'));
  const topics = createTopicAssigner(topicsFile);

  const { corpus, problems, newKeys } = buildCorpus(pages, { lock, topics });
  for (const problem of problems) console.warn(`warning: ${formatProblem(problem)}`);

  const labels = new Map(topics.topics.map(t => [t.id, t.label]));
  // Two parts: the names load with the corpus and answer the first keystroke; the full
  // text (abstracts, topics) loads behind them. See docs/performance.md.
  const { names, text } = buildIndexParts(corpus.papers, id => labels.get(id) ?? id);
  const dist = join(root, 'dist');
  mkdirSync(dist, { recursive: true });
  const corpusJson = JSON.stringify(corpus);
  const ids = corpus.papers.map(p => p.id);
  const namesIndex = encodeIndex(names.toJSON(), ids);
  const textIndex = encodeIndex(text.toJSON(), ids);
  const files: [string, string][] = [[CORPUS_FILE, corpusJson], [NAMES_INDEX, namesIndex], [TEXT_INDEX, textIndex]];
  for (const [name, content] of files) writeFileSync(join(dist, name), content);
  // The corpus ships in columns (core/corpus/columns.ts), and must read back as the same papers.
  const columns = JSON.stringify(toColumns(corpus));
  if (!isDeepStrictEqual(fromColumns(JSON.parse(columns)), JSON.parse(corpusJson))) throw new Error('the corpus in columns does not read back as the same papers');
  const shipped = writeShipped(join(dist, LIBRARY_FILE), joinLibrary({ corpus: columns, names: namesIndex, text: textIndex }), join(root, 'out', 'compressed'));
  // The view's top level by topic, as the engine's treeTop answers it for the bundled papers alone.
  const groups = groupPapers(corpus.papers, 'topic', topicList(topicsFile)).map(g => ({ id: g.id, label: g.label, description: g.description, count: g.papers.length }));
  writeFileSync(join(dist, TREE_TOP_FILE), JSON.stringify({ groups }));
  const sizes = [...files.map(([name, content]) => `${name} ${kb(Buffer.byteLength(content))}`), `${shippedName(LIBRARY_FILE)} ${kb(shipped)} (what ships)`];

  // Keys are a promise to users: once a build gives one, the lock keeps it for good.
  const added = Object.keys(newKeys).length;
  if (added) {
    const merged = Object.fromEntries(Object.entries({ ...lock, ...newKeys }).sort(([a], [b]) => (a < b ? -1 : 1)));
    writeFileSync(lockPath, `${JSON.stringify({ version: 1, keys: merged }, null, 2)}\n`);
    console.log(`[build] locked ${added} new citation key(s) in ${LOCK_FILE}; commit it with the pages`);
  }
  return `${pages.length} pages, ${corpus.papers.length} papers, ${problems.length} problem(s); ${sizes.join(', ')}`;
}

