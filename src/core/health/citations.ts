// Checking a document's citations against its bibliographies: the keys LaTeX would print as
// "[?]" and pandoc would warn about, found as the writer types rather than after a build.
import { scanLatexDocument, type Citation } from '../cite/scan';
import type { CitationSyntax } from '../cite/languages';
import { readYamlBibliography } from '../bibliography/yaml/read';

/** One bibliography a document cites from: its keys, or `missing` when the file does not exist. */
export interface CheckedBibliography {
  /** As the user writes it, for messages: `references.bib`. */
  file: string;
  keys: ReadonlySet<string> | 'missing';
}

export interface DocumentCheck {
  syntax: CitationSyntax;
  text: string;
  citations: readonly Citation[];
  /** The bibliographies the document (or its main file) names, in order; empty when it names none. */
  bibliographies: readonly CheckedBibliography[];
  /** The file to suggest when the document names none (the default bibliography file). */
  suggested?: string;
  /** For LaTeX: a main file that includes this document was looked for and not found. */
  noMainFile?: boolean;
  /**
   * For LaTeX: the main file to name, as this document would (`% !TEX root = …`) when it has none,
   * or the project's root where its preamble should name the bibliography.
   */
  root?: string;
  /** For LaTeX: whether the project loads biblatex (else the document's own text is looked at). */
  biblatex?: boolean;
  /** Keys defined without a bibliography file, when they are more than the document's own (a project's `\bibitem`s). */
  inline?: ReadonlySet<string>;
  /** Set when the "names no bibliography" warning was given already (for another file of the same project). */
  warned?: boolean;
}

export type CitationProblemCode = 'undefined-key' | 'no-bibliography';

/** A problem at `start..end` of the document (UTF-16 offsets). */
export interface CitationProblem {
  code: CitationProblemCode;
  severity: 'warning';
  start: number;
  end: number;
  message: string;
  /** For an undefined key: the key, as cited. */
  key?: string;
  /** For an undefined key: a defined key that differs only in case. */
  caseOf?: string;
}

/**
 * Keys a document defines itself, which need no bibliography file: LaTeX's `\bibitem{key}` (a
 * `thebibliography` environment), the `references:` of a Markdown front matter (pandoc reads
 * them as entries), and Typst's labels `<name>` (`@name` then refers to the label, not a paper).
 *
 * @example inlineKeys('\\bibitem{knuth84} D. Knuth, ...', 'latex') → Set { 'knuth84' }
 */
export function inlineKeys(text: string, syntax: CitationSyntax): Set<string> {
  const keys = new Set<string>();
  if (syntax === 'latex') {
    // Read as TeX reads it, comments, verbatim and all, by the pass that finds the citations.
    if (!text.includes('\\bibitem')) return keys;
    for (const key of scanLatexDocument(text).bibitems) keys.add(key);
  } else if (syntax === 'pandoc') {
    const front = /^---[ \t]*\r?\n([\s\S]*?)\r?\n(?:---|\.\.\.)[ \t]*(?:\r?\n|$)/.exec(text);
    if (front && /^references[ \t]*:/m.test(front[1])) {
      for (const ref of readYamlBibliography(front[1]).references) keys.add(ref.key);
    }
  } else if (syntax === 'typst') {
    for (const m of text.matchAll(/<([\p{L}\p{N}_][\p{L}\p{N}_\-:.]*)>/gu)) keys.add(m[1]);
  }
  return keys;
}

/** How messages name the entries a document holds itself. */
const ownList = (syntax: CitationSyntax) => (syntax === 'latex' ? 'its \\bibitem list' : 'the references of its front matter');

/** "a.bib", "a.bib or b.json", "none of a.bib, b.bib and c.json". */
function notIn(files: readonly string[]): string {
  if (files.length === 1) return `is not in ${files[0]}`;
  if (files.length === 2) return `is not in ${files[0]} or ${files[1]}`;
  return `is in none of ${files.slice(0, -1).join(', ')} and ${files[files.length - 1]}`;
}

/** What to add to a document so that it names a bibliography, in its own language (and for LaTeX, with the package it uses). */
function howToName(check: DocumentCheck, file: string): string {
  switch (check.syntax) {
    case 'latex': {
      const biblatex = check.biblatex ?? /\\usepackage\s*(?:\[[^\]]*\])?\s*\{[^}]*\bbiblatex\b/.test(check.text);
      const where = check.root && !check.noMainFile ? ` of ${check.root}` : '';
      return biblatex
        ? `add \\addbibresource{${file}} to the preamble${where}`
        : `add \\bibliography{${file.replace(/\.bib$/i, '')}} where the references should be printed${where ? ` in ${check.root}` : ''}`;
    }
    case 'pandoc': return `add "bibliography: ${file}" to the front matter`;
    case 'typst': return `add #bibliography("${file}") where the references should be printed`;
    case 'rst': return `list ${file} in bibtex_bibfiles in conf.py`;
  }
}

/**
 * The problems of a document's citations: each key that none of its bibliographies defines
 * (a warning on the key), or, when it cites but names no bibliography at all, one warning that
 * says what to add. Bare `@word`s in a Markdown document that names no bibliography are not
 * taken for citations (a README's `@mention`); `[@key]` is.
 *
 * @example checkCitations({ syntax: 'latex', text, citations, bibliographies: [{ file: 'references.bib', keys: new Set(['a']) }] })
 *   → [{ code: 'undefined-key', key: 'b', message: 'b is not in references.bib', … }]
 */
export function checkCitations(check: DocumentCheck): CitationProblem[] {
  const inline = check.inline ?? inlineKeys(check.text, check.syntax);
  const cited: { key: string; start: number; end: number; bracketed: boolean }[] = [];
  for (const c of check.citations) {
    for (const k of c.keys) if (!inline.has(k.key)) cited.push({ key: k.key, start: k.start, end: k.end, bracketed: c.bracketed });
  }
  if (!cited.length) return [];
  if (!check.bibliographies.length) {
    if (inline.size && check.syntax !== 'typst') return undefinedKeys(cited, [{ file: ownList(check.syntax), keys: inline }]);
    const first = check.syntax === 'pandoc' ? cited.find(k => k.bracketed) : cited[0];
    if (!first || check.warned) return [];
    const file = check.suggested ?? 'references.bib';
    const count = new Set(cited.map(k => k.key)).size;
    const what = `This document cites ${count === 1 ? '1 key' : `${count} keys`} but names no bibliography`;
    const fix = check.noMainFile
      ? `${howToName(check, file)}, or, if it is part of a larger document, name its main file with a first line "% !TEX root = ${check.root ?? 'main.tex'}"`
      : howToName(check, file);
    return [{ code: 'no-bibliography', severity: 'warning', start: first.start, end: first.end, message: `${what}: ${fix}.` }];
  }
  const own = inline.size && check.syntax !== 'typst' ? [{ file: ownList(check.syntax), keys: inline }] : [];
  return undefinedKeys(cited, [...check.bibliographies, ...own]);
}

/** Each key set's keys by their lower case, made once per set: a library's sets live until it is read again. */
const foldedSets = new WeakMap<ReadonlySet<string>, Map<string, string>>();

function foldedOf(keys: ReadonlySet<string>): Map<string, string> {
  let folded = foldedSets.get(keys);
  if (!folded) {
    folded = new Map();
    for (const k of keys) if (!folded.has(k.toLowerCase())) folded.set(k.toLowerCase(), k);
    foldedSets.set(keys, folded);
  }
  return folded;
}

function undefinedKeys(cited: readonly { key: string; start: number; end: number }[], bibliographies: readonly CheckedBibliography[]): CitationProblem[] {
  const sets = bibliographies.flatMap(b => (b.keys === 'missing' ? [] : [b.keys]));
  const defined = (key: string) => sets.some(keys => keys.has(key));
  const problems: CitationProblem[] = [];
  const files = bibliographies.map(b => (b.keys === 'missing' ? `${b.file} (which does not exist yet)` : b.file));
  for (const { key, start, end } of cited) {
    if (defined(key)) continue;
    const folded = key.toLowerCase();
    const caseOf = sets.map(keys => foldedOf(keys).get(folded)).find(k => k !== undefined);
    const message = caseOf
      ? `${key} ${notIn(files)}; it has ${caseOf} (keys are case-sensitive)`
      : `${key} ${notIn(files)}`;
    problems.push({ code: 'undefined-key', severity: 'warning', start, end, message, key, ...(caseOf ? { caseOf } : {}) });
  }
  return problems;
}

/**
 * The keys a set of citations uses, and whether one of them cites everything (`\nocite{*}`).
 *
 * @example citedKeys(findCitations('\\cite{a,b}\\nocite{*}', 'latex')) → { keys: Set { 'a', 'b' }, all: true }
 */
export function citedKeys(citations: readonly Citation[]): { keys: Set<string>; all: boolean } {
  const keys = new Set<string>();
  let all = false;
  for (const c of citations) {
    if (c.all) all = true;
    for (const k of c.keys) keys.add(k.key);
  }
  return { keys, all };
}
