// The papers as the built command line sees them, so UI tests can check what the UI shows
// against the corpus and against the same search, without reaching into the extension.
import { execFileSync } from 'node:child_process';
import * as path from 'node:path';
import type { Paper } from '../../src/core/model/paper';
import { ROOT } from './support';

const cli = (...args: string[]) => execFileSync(process.execPath, [path.join(ROOT, 'dist', 'cli.js'), ...args], { encoding: 'utf8' });

export function corpusPapers(): Paper[] {
  return (JSON.parse(cli('export', '--format', 'json')) as { papers: Paper[] }).papers;
}

/** Keys of the first results for a query, ranked as the extension ranks them. */
export function searchKeys(query: string, limit: number): string[] {
  return (JSON.parse(cli('search', query, '--json', '--limit', String(limit))) as { key: string }[]).map(r => r.key);
}
