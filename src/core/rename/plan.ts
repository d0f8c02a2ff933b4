// Renaming a key: the edits (every citation of it in the project's documents, and the key of the
// entry that defines it) and the refusals, computed from texts the host read. The host turns
// the edits into one WorkspaceEdit, which VS Code's rename preview shows and one undo reverts.
import type { CitationSyntax } from '../cite/languages';
import type { Citation } from '../cite/scan/citation';
import { findCitations } from '../cite/scan/scanners';
import { findEntryKey, writtenKey, type EntryKey, type KeyedFormat } from './entryKey';
import { keyProblem } from './keys';

/** A document that may cite the key: its text, and its citations when the host has them scanned already. */
export interface CitingFile {
  uri: string;
  text: string;
  syntax: CitationSyntax;
  /** An open document's citations as hover and the checks read them (its keys template included). */
  citations?: readonly Citation[];
}

/** The bibliography file that defines the key, as read now. */
export interface DefiningFile {
  uri: string;
  /** As the writer knows it, for messages. */
  file: string;
  text: string;
  format: KeyedFormat;
  /** Where the library read the entry (1-based): where its key is looked for first. */
  line: number;
}

/** One replacement: `text.slice(start, end)` of the file at `uri` becomes `newText`. */
export interface FileEdit {
  uri: string;
  start: number;
  end: number;
  newText: string;
}

/** Where a key is cited or defined. */
export interface KeySpot {
  uri: string;
  start: number;
  end: number;
}

export type RenamePlan = { edits: FileEdit[]; citations: number; files: number } | { refusal: string };

/** What the library says of a key: the files whose entries define it, and whether a bundled paper has it. */
export interface KeyDefinitions {
  files: readonly string[];
  bundled: boolean;
}

/**
 * Every citation of `key` in the files, in file order: keys inside comments and verbatim are
 * not citations (the scanners skip them), and `\nocite{key}` is one.
 *
 * @example citationsOfKey('a', [{ uri: 'u', text: '\\cite{a} % \\cite{a}', syntax: 'latex' }]) → [{ uri: 'u', start: 6, end: 7 }]
 */
export function citationsOfKey(key: string, files: readonly CitingFile[]): KeySpot[] {
  const spots: KeySpot[] = [];
  for (const file of files) {
    // Most files of a project do not cite a given key: only those that hold it are scanned.
    if (!file.citations && !mayCite(file, key)) continue;
    for (const citation of file.citations ?? findCitations(file.text, file.syntax)) {
      for (const k of citation.keys) if (k.key === key) spots.push({ uri: file.uri, start: k.start, end: k.end });
    }
  }
  return spots;
}

/** Whether a file may cite `key`: it holds the key, or it is LaTeX with a `%`, which can split a key (`\cite{ab%⏎ cd}` cites `abcd`). */
function mayCite(file: CitingFile, key: string): boolean {
  return file.text.includes(key) || (file.syntax === 'latex' && file.text.includes('%'));
}

/**
 * Why a key cannot be renamed before any file is read: it is a bundled paper's (whose entry the
 * writer may copy under the new key instead), defined in several bibliographies, or nowhere.
 *
 * @example renameRefusal('a', { files: ['x.bib', 'y.bib'], bundled: false }) → 'a is defined in x.bib and y.bib: …'
 */
export function renameRefusal(key: string, defined: KeyDefinitions): string | undefined {
  const files = [...new Set(defined.files)];
  if (files.length > 1) {
    return `${key} is defined in ${files.length} bibliographies (${joinNames(files)}): rename it in one of them by hand first, so that the rename knows which entry to change.`;
  }
  if (defined.files.length > 1) return `${key} is defined ${defined.files.length} times in ${files[0]}: remove the duplicate first, so that the rename knows which entry to change.`;
  if (defined.files.length === 0 && defined.bundled) {
    return `${key} is a bundled paper's key, not an entry of your bibliography: Papers does not rename it. Copy its entry into your bibliography under the new key instead.`;
  }
  if (defined.files.length === 0) return `${key} is not defined in any bibliography, so there is no entry to rename.`;
  return undefined;
}

/** Why the new key cannot be taken: an entry or a bundled paper has it already. */
export function takenRefusal(newKey: string, taken: KeyDefinitions): string | undefined {
  if (taken.files.length) return `${newKey} is already defined in ${joinNames(taken.files)}: choose another key.`;
  if (taken.bundled) return `${newKey} is already a bundled paper's key, and citations of it would mean that paper: choose another key.`;
  return undefined;
}

function joinNames(names: readonly string[]): string {
  return names.length <= 1 ? names.join('') : `${names.slice(0, -1).join(', ')} and ${names[names.length - 1]}`;
}

/**
 * The edits that rename `key` to `newKey`: each citation of it in the files (only the key's
 * characters) and the entry's key in the bibliography file (only its key, written as the file
 * writes keys). Refused when the new key cannot be written in a syntax that cites it or in the
 * bibliography's format, or when the entry is no longer in the file.
 *
 * @example planRename('a', 'b', [{ uri: 'c', text: '\\cite{a}', syntax: 'latex' }], { uri: 'r', file: 'r.bib', text: '@misc{a,}', format: 'bibtex', line: 1 })
 *   → { edits: [{ uri: 'c', start: 6, end: 7, newText: 'b' }, { uri: 'r', start: 6, end: 7, newText: 'b' }], citations: 1, files: 2 }
 */
export function planRename(key: string, newKey: string, files: readonly CitingFile[], defining: DefiningFile): RenamePlan {
  const spots = citationsOfKey(key, files);
  const syntaxes = new Set(files.filter(f => spots.some(s => s.uri === f.uri)).map(f => f.syntax));
  const problem = keyProblem(newKey, syntaxes, defining.format);
  if (problem) return { refusal: problem };
  const entry = definingKey(key, defining);
  if (!entry) return { refusal: `The entry ${key} is no longer in ${defining.file}: save the file and try again.` };
  const parent = defining.format === 'bibtex' ? namedAsParent(defining.text, key) : undefined;
  if (parent) return { refusal: `${key} is named in the ${parent.field} field of another entry (${defining.file}, line ${parent.line}); Papers changes only the entry's key, so rename it there by hand.` };
  const edits: FileEdit[] = spots.map(s => ({ ...s, newText: newKey }));
  edits.push({ uri: defining.uri, start: entry.tokenStart, end: entry.tokenEnd, newText: writtenKey(entry, newKey) });
  return { edits, citations: spots.length, files: new Set(edits.map(e => e.uri)).size };
}

const PARENT_FIELD = /(?:^|[\s,{(])(crossref|xdata|xref|related|entryset|set)\s*=\s*([{"][^}"]*[}"]?|[^,\s})]+)/gi;

/**
 * The first field of a .bib that names `key` as another entry's parent or relative (`crossref`,
 * `xdata`, `xref`, `related`, `entryset`): renaming only the entry would break that entry.
 */
function namedAsParent(text: string, key: string): { field: string; line: number } | undefined {
  for (let i = text.indexOf(key); i >= 0; i = text.indexOf(key, i + key.length)) {
    const start = text.lastIndexOf('\n', i - 1) + 1;
    const end = text.indexOf('\n', i);
    for (const field of text.slice(start, end < 0 ? text.length : end).matchAll(PARENT_FIELD)) {
      if (field[2].split(/[\s{}",]+/).includes(key)) return { field: field[1].toLowerCase(), line: text.slice(0, start).split('\n').length };
    }
  }
  return undefined;
}

/** Where the defining entry's key is written in its file. */
export function definingKey(key: string, defining: DefiningFile): EntryKey | undefined {
  return findEntryKey(defining.text, key, defining.format, defining.line);
}
