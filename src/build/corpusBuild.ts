// The build step behind `npm run build`: seeds/*.txt → dist/corpus.json, dist/names.index and dist/fulltext.index.
// Runs in Node at build time only; the extension never parses pages or builds an index on start-up.
import { mkdirSync, readdirSync, readFileSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { buildCorpus } from '../core/corpus';
import type { KeyLock } from '../core/keys';
import { formatProblem } from '../core/paper';
import { encodeIndex } from '../core/indexCodec';
import { NAMES_INDEX, TEXT_INDEX } from '../core/indexing';
import { buildIndexParts } from '../core/search';
import { createTopicAssigner, type TopicsFile } from '../core/topics';

export const LOCK_FILE = 'src/data/keys.lock.json';

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
  writeFileSync(join(dist, 'corpus.json'), corpusJson);
  writeFileSync(join(dist, NAMES_INDEX), namesIndex);
  writeFileSync(join(dist, TEXT_INDEX), textIndex);

  // Keys are a promise to users: once a build gives one, the lock keeps it for good.
  const added = Object.keys(newKeys).length;
  if (added) {
    const merged = Object.fromEntries(Object.entries({ ...lock, ...newKeys }).sort(([a], [b]) => (a < b ? -1 : 1)));
    writeFileSync(lockPath, `${JSON.stringify({ version: 1, keys: merged }, null, 2)}\n`);
    console.log(`[build] locked ${added} new citation key(s) in ${LOCK_FILE}; commit it with the pages`);
  }
  const kb = (s: string) => `${(Buffer.byteLength(s) / 1024).toFixed(0)} KB`;
  return `${pages.length} pages, ${corpus.papers.length} papers, ${problems.length} problem(s); corpus.json ${kb(corpusJson)}, ${NAMES_INDEX} ${kb(namesIndex)}, ${TEXT_INDEX} ${kb(textIndex)}`;
}
