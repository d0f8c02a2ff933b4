// `papers check FILE…`: each document's citations against its bibliographies, as the editor checks
// them, with the files read from the disk around each document (its project, its bibliographies).
import { existsSync, readdirSync, type Dirent } from 'node:fs';
import { dirname, join, relative, resolve, sep } from 'node:path';
import { UsageError } from './commandLine';
import { print, printJson, warn } from './output';
import { readRegularFile } from './readRegularFile';
import { checkDocuments, failsCheck, type CheckFiles } from '../core/health';
import { languageOfPath } from '../core/cite/languages';

/** The file system as `check` (and `suggest`) sees it: paths with "/", read as UTF-8. */
export const nodeFiles: CheckFiles = {
  read(path) {
    const read = readRegularFile(path);
    return 'text' in read ? read.text : undefined;
  },
  filesAround(path, extensions, up) {
    return filesAround(path, extensions, up);
  },
};

const toSlashes = (path: string) => path.split(sep).join('/');

/** At most how many files are read to find a document's project. */
const MOST_FILES = 2000;

/**
 * The files among which a document's project is looked for: every file with one of the extensions
 * under the folder `up` levels above it (not above the repository's top), as a workspace would
 * hold them; hidden folders and node_modules left out.
 */
function filesAround(path: string, extensions: readonly string[], up: number): string[] {
  const wanted = new RegExp(`\\.(${extensions.join('|')})$`, 'i');
  let top = dirname(path);
  for (let i = 0; i < up && !existsSync(join(top, '.git')) && dirname(top) !== top; i++) top = dirname(top);
  const found: string[] = [];
  const walk = (dir: string, depth: number) => {
    if (found.length >= MOST_FILES || depth > 8) return;
    let entries: Dirent[];
    try { entries = readdirSync(dir, { withFileTypes: true }); } catch { return; }
    for (const entry of entries) {
      if (entry.name.startsWith('.') || entry.name === 'node_modules') continue;
      const full = join(dir, entry.name);
      if (entry.isDirectory()) walk(full, depth + 1);
      else if (entry.isFile() && wanted.test(entry.name)) found.push(toSlashes(full));
    }
  };
  walk(top, 0);
  return found;
}

/**
 * `papers check FILE…`: compiler-style lines (`paper.tex:12:8: warning: …`) or, with `--json`,
 * every document's citations, bibliographies and problems. Exit 1 when a problem fails the check.
 */
export async function check(files: readonly string[], json: boolean): Promise<void> {
  if (!files.length) throw new UsageError('check takes one or more documents (.tex, .md, .qmd, .Rmd, .typ, .rst)');
  for (const file of files) {
    if (!languageOfPath(file)) throw new UsageError(`check reads .tex, .md, .qmd, .Rmd, .typ and .rst documents, not ${file}`);
  }
  // A document that cannot be read is reported (exit 1); every other one is still checked.
  const unreadable: { file: string; message: string }[] = [];
  const readable = files.filter(file => {
    const read = readRegularFile(file);
    if ('error' in read) unreadable.push({ file, message: `cannot be read (${read.error})` });
    return 'text' in read;
  });
  for (const { file, message } of unreadable) warn(`${file}: error: ${message}`);
  if (unreadable.length) process.exitCode = 1;
  const display = (path: string) => toSlashes(relative(process.cwd(), path)) || path;
  const documents = readable.length ? await checkDocuments(readable.map(f => toSlashes(resolve(f))), nodeFiles, display) : [];
  const problems = documents.flatMap(d => d.problems);
  if (json) {
    printJson(unreadable.length ? { documents, unreadable } : { documents }, 2);
  } else {
    const seen = new Set<string>();
    for (const p of problems) {
      const line = `${p.file}:${p.line}:${p.column}: ${p.severity}: ${p.message} [${p.code}]`;
      if (seen.has(line)) continue;
      seen.add(line);
      print(line);
    }
    const cited = documents.reduce((n, d) => n + d.citations.length, 0);
    warn(`${documents.length} document(s), ${cited} citation(s), ${seen.size} problem(s)`);
  }
  if (problems.some(failsCheck)) process.exitCode = 1;
}
