// Fixture builders for unit tests: the real seed pages, and the corpus built from them
// exactly as the build does (same lock, same topics).
import { existsSync, readdirSync, readFileSync } from 'node:fs';
import { dirname, join } from 'node:path';
import { buildCorpus, type BuildResult, type PageText } from '../../../src/core/corpus/build';
import type { KeyLock } from '../../../src/core/corpus/keys';
import type { Paper } from '../../../src/core/model/paper';
import { createTopicAssigner, type TopicAssigner, type TopicsFile } from '../../../src/core/corpus/topics';

/**
 * The repository root: the folder above the bundled test (somewhere under out/test/unit) that
 * holds package.json. Each test file is bundled with this one, so `__dirname` is the test's own.
 */
export const ROOT = (() => {
  for (let dir = __dirname; ; dir = dirname(dir)) {
    if (existsSync(join(dir, 'package.json')) && existsSync(join(dir, 'seeds'))) return dir;
    if (dirname(dir) === dir) throw new Error(`no repository root above ${__dirname}`);
  }
})();

export function seedPages(): PageText[] {
  const dir = join(ROOT, 'seeds');
  return readdirSync(dir).filter(f => f.endsWith('.txt')).sort()
    .map(f => ({ file: `seeds/${f}`, text: readFileSync(join(dir, f), 'utf8') }));
}

export function keyLock(): KeyLock {
  return JSON.parse(readFileSync(join(ROOT, 'src/data/keys.lock.json'), 'utf8')).keys;
}

export function topicsFile(): TopicsFile {
  return JSON.parse(readFileSync(join(ROOT, 'src/data/topics.json'), 'utf8'));
}

let cached: { result: BuildResult; topics: TopicAssigner } | undefined;

/** The seed corpus, built once per test process. */
export function seedCorpus(): { result: BuildResult; topics: TopicAssigner; papers: readonly Paper[]; byTitle(title: string): Paper } {
  if (!cached) {
    const topics = createTopicAssigner(topicsFile());
    cached = { result: buildCorpus(seedPages(), { lock: keyLock(), topics }), topics };
  }
  const { result, topics } = cached;
  const byTitle = (title: string) => {
    const paper = result.corpus.papers.find(p => p.title.startsWith(title));
    if (!paper) throw new Error(`no seed paper titled "${title}…"`);
    return paper;
  };
  return { result, topics, papers: result.corpus.papers, byTitle };
}
