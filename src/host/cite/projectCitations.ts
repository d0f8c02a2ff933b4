// The key under the cursor, wherever a writer can put it (a citation, or an entry's key in a
// bibliography file), and where that key is cited: the documents of the workspace whose
// citations come from the bibliography that defines it (a LaTeX project's chapters, a Quarto
// project's pages), read as the editor holds them or from the disk. What Rename and Find All
// References share.
import vscode = require('vscode');
import type { CitingFile } from '../../core/rename';
import { CITING_LANGUAGES, languageOfPath } from '../../core/cite/languages';
import type { Bibliographies } from '../bibliography/bibliographies';
import { citationsOf, keyAt } from '../common/documentCitations';
import { engine } from '../engine/load';
import * as disk from '../util/disk';
import { eachInSlices } from '../../core/util/pause';

/** The citing files of the workspace that may cite a key (as health/unusedEntries.ts reads them). */
const CITING_GLOB = '**/*.{tex,ltx,md,markdown,qmd,Rmd,rmd,typ,rst}';
const MAX_FILES = 2000;

/** A key where the cursor is: in a citation, or the key of an entry of a bibliography file. */
export interface KeyUnder {
  key: string;
  range: vscode.Range;
  /** Set when the cursor is on an entry's key in this bibliography file. */
  bibliography?: vscode.Uri;
}

/** The entries that define a key in the writer's bibliographies, and whether a bundled paper has it. */
export interface Definitions {
  entries: { uri: string; file: string; line: number }[];
  bundled: boolean;
}

/**
 * The key at `position`: a citation's (the scanner of the document's language knows comments and
 * verbatim), or the key of an entry in a bibliography file the library reads.
 */
export function keyUnder(doc: vscode.TextDocument, position: vscode.Position, bibliographies: Bibliographies): KeyUnder | undefined {
  if (CITING_LANGUAGES.includes(doc.languageId)) {
    const found = keyAt(doc, position);
    return found && { key: found.key, range: new vscode.Range(doc.positionAt(found.start), doc.positionAt(found.end)) };
  }
  const format = engine().bibliography.bibliographyFormat(doc.uri.path);
  const keys = bibliographies.keysOf(doc.uri);
  if (!format || typeof keys === 'string') return undefined;
  const found = engine().rename.entryKeyAt(doc.getText(), doc.offsetAt(position), format);
  if (!found || !keys.has(found.key)) return undefined;
  return { key: found.key, range: new vscode.Range(doc.positionAt(found.start), doc.positionAt(found.end)), bibliography: doc.uri };
}

/** Where a key is defined, once every bibliography known now is read. */
export async function definitionsOf(key: string, bibliographies: Bibliographies): Promise<Definitions | undefined> {
  const library = await bibliographies.library();
  if (!library) return undefined;
  const [row] = await library.rowsByKey([key]);
  // A paper found by its id (an arXiv id typed as a key) does not have the key.
  if (!row || row.key !== key) return { entries: [], bundled: false };
  return { entries: row.entries, bundled: row.entries.length === 0 };
}

/** A citing document as the editor holds it or as it is on the disk. */
export interface Citing extends CitingFile {
  doc?: vscode.TextDocument;
  languageId: string;
  fileUri: vscode.Uri;
}

/**
 * The citing documents of the workspace, each with its text: open ones as the editor holds them,
 * with their citations as hover reads them; the others read from the disk.
 */
async function citingFiles(): Promise<Citing[]> {
  const { syntaxOfLanguage } = engine().cite;
  const found = new Map<string, Citing>();
  // The workspace's own documents: not a paper's page, a diff's old side or an output.
  const schemes = new Set((vscode.workspace.workspaceFolders ?? []).map(f => f.uri.scheme));
  for (const doc of vscode.workspace.textDocuments) {
    const syntax = schemes.has(doc.uri.scheme) && syntaxOfLanguage(doc.languageId);
    if (syntax) found.set(doc.uri.toString(), { uri: doc.uri.toString(), fileUri: doc.uri, text: doc.getText(), syntax, citations: citationsOf(doc), doc, languageId: doc.languageId });
  }
  const listed = vscode.workspace.workspaceFolders?.length ? await vscode.workspace.findFiles(CITING_GLOB, '**/{node_modules,.git}/**', MAX_FILES) : [];
  const decoder = new TextDecoder();
  await Promise.all(listed.filter(uri => !found.has(uri.toString())).map(async uri => {
    const languageId = languageOfPath(uri.path);
    const syntax = languageId && syntaxOfLanguage(languageId);
    if (!languageId || !syntax) return;
    try {
      const text = decoder.decode(await disk.readFile(uri));
      found.set(uri.toString(), { uri: uri.toString(), fileUri: uri, text, syntax, languageId });
    } catch {
      // Gone since it was listed: it cites nothing.
    }
  }));
  return [...found.values()].sort((a, b) => a.uri.localeCompare(b.uri));
}

/**
 * The documents among `files` whose citations come from one of `using` (named by them, their
 * LaTeX main file or their project, or it is the default file), asked in slices, so that a large
 * project does not hold the host.
 */
async function using(files: readonly Citing[], bibliographies: readonly vscode.Uri[], sources: Bibliographies): Promise<Citing[]> {
  const wanted = new Set(bibliographies.map(uri => uri.toString()));
  const kept: Citing[] = [];
  await eachInSlices(files, async file => {
    const found = await sources.sourcesOf(file.doc ?? { uri: file.fileUri, languageId: file.languageId, isUntitled: false, getText: () => file.text });
    if (found.files.some(uri => wanted.has(uri.toString()))) kept.push(file);
  });
  return kept;
}

/**
 * The documents of the workspace that cite `key` from one of `bibliographies` (with none given,
 * every document that cites the key), each with its text.
 */
export async function filesCiting(key: string, bibliographies: readonly vscode.Uri[], sources: Bibliographies): Promise<Citing[]> {
  const { citationsOfKey } = engine().rename;
  // Only the documents that cite the key are asked where their citations come from; scanned in
  // slices, so that a workspace of many documents does not hold the host.
  const citing: Citing[] = [];
  await eachInSlices(await citingFiles(), file => { if (citationsOfKey(key, [file]).length) citing.push(file); });
  return bibliographies.length ? using(citing, bibliographies, sources) : citing;
}

/** The documents of the workspace whose citations come from `bibliography`, each with its text. */
export async function filesUsing(bibliography: vscode.Uri, sources: Bibliographies): Promise<Citing[]> {
  return using(await citingFiles(), [bibliography], sources);
}

/** A file's text as the editor holds it, or as it is on the disk. */
export async function textOf(uri: vscode.Uri): Promise<{ text: string; doc?: vscode.TextDocument }> {
  const doc = vscode.workspace.textDocuments.find(d => d.uri.toString() === uri.toString());
  if (doc) return { text: doc.getText(), doc };
  return { text: new TextDecoder().decode(await disk.readFile(uri)) };
}

/**
 * Turns offsets of a text into positions as VS Code counts them (a line ends at `\r\n`, `\n` or
 * `\r`): for the files the editor has not opened.
 */
export function positionsIn(text: string, doc?: vscode.TextDocument): (offset: number) => vscode.Position {
  if (doc) return offset => doc.positionAt(offset);
  const starts = [0];
  for (let i = 0; i < text.length; i++) {
    const c = text.charCodeAt(i);
    if (c === 10 || (c === 13 && text.charCodeAt(i + 1) !== 10)) starts.push(i + 1);
  }
  return offset => {
    let lo = 0, hi = starts.length - 1;
    while (lo < hi) {
      const mid = (lo + hi + 1) >> 1;
      if (starts[mid] <= offset) lo = mid;
      else hi = mid - 1;
    }
    return new vscode.Position(lo, offset - starts[lo]);
  };
}

/**
 * The keys cited by any document of `doc`'s project: `doc` itself and the documents of the
 * workspace whose citations come from one of its bibliographies (a LaTeX project's chapters, a
 * Quarto project's pages), scanned in slices.
 */
export async function keysCitedInProject(doc: vscode.TextDocument, sources: Bibliographies): Promise<Set<string>> {
  const keys = new Set(citationsOf(doc).flatMap(c => c.keys.map(k => k.key)));
  const { files } = await sources.sourcesOf(doc);
  if (!files.length) return keys;
  const { findCitations } = engine().cite;
  await eachInSlices(await using(await citingFiles(), files, sources), file => {
    for (const citation of file.citations ?? findCitations(file.text, file.syntax)) for (const k of citation.keys) keys.add(k.key);
  });
  return keys;
}
