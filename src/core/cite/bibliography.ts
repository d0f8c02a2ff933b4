// Keeping a document's bibliography file in step with its citations: which file the document
// names, which entry flavour suits it, and what to append. Appending is the only change ever
// planned: the user's own text is never rewritten, reordered or reformatted.
import { sameJson } from '../util/json';
import { bibtexEntry, cslEntry, type BibFlavour, type CitablePaper } from './entries';
import { parseBib, sameBibEntry, type BibProblem } from '../bibliography/bibtex';
import { syntaxOfLanguage } from './forms';
import type { TextEdit } from './join';
import { jsonErrorOffset } from '../corpus/jsonLines';

/** A bibliography file named by a document, as written there (relative to the document's folder, usually). */
export interface BibliographyRef {
  path: string;
  /** 1-based line of the document that names it. */
  line: number;
}

/** Blanks LaTeX comments (an unescaped "%" to the end of its line), keeping offsets and lines. */
function stripLatexComments(text: string): string {
  return text.replace(/(?<!\\)%[^\n]*/g, s => ' '.repeat(s.length));
}

const lineAt = (text: string, offset: number) => text.slice(0, offset).split('\n').length;

function latexBibliographies(text: string): BibliographyRef[] {
  const code = stripLatexComments(text);
  const refs: BibliographyRef[] = [];
  for (const m of code.matchAll(/\\bibliography\s*\{([^}]*)\}|\\add(?:bibresource|globalbib|sectionbib)\s*(?:\[[^\]]*\]\s*)?\{([^}]*)\}/g)) {
    const line = lineAt(text, m.index);
    // BibTeX takes a comma-separated list of names and adds ".bib"; biblatex takes one file name as it is.
    if (m[1] !== undefined) {
      for (const name of m[1].split(',').map(s => s.trim()).filter(Boolean)) refs.push({ path: name.endsWith('.bib') ? name : `${name}.bib`, line });
    } else if (m[2].trim()) {
      refs.push({ path: m[2].trim(), line });
    }
  }
  return refs;
}

const unquote = (s: string) => s.trim().replace(/^(["'])(.*)\1$/, '$2');

/** `bibliography:` in a YAML front matter: a string, a flow list `[a.bib, b.json]`, or a block list. */
function yamlBibliographies(text: string): BibliographyRef[] {
  const front = /^---[ \t]*\r?\n([\s\S]*?)\r?\n(?:---|\.\.\.)[ \t]*(?:\r?\n|$)/.exec(text);
  if (!front) return [];
  const lines = front[1].split(/\r?\n/);
  const refs: BibliographyRef[] = [];
  lines.forEach((raw, i) => {
    const m = /^bibliography[ \t]*:[ \t]*(.*?)[ \t]*(?:#.*)?$/.exec(raw);
    if (!m) return;
    const line = i + 2;
    if (m[1].startsWith('[')) {
      for (const item of m[1].replace(/^\[|\]$/g, '').split(',').map(unquote).filter(Boolean)) refs.push({ path: item, line });
    } else if (m[1]) {
      refs.push({ path: unquote(m[1]), line });
    } else {
      for (let j = i + 1; j < lines.length; j++) {
        const item = /^[ \t]+-[ \t]+(.+?)[ \t]*$/.exec(lines[j]);
        if (!item) { if (/^\S/.test(lines[j])) break; continue; }
        refs.push({ path: unquote(item[1]), line: j + 2 });
      }
    }
  });
  return refs;
}

/**
 * The bibliographies a Quarto project names for all its documents: `bibliography:` at the top
 * level of `_quarto.yml` (a string, a flow list or a block list, as in a front matter).
 *
 * @example quartoBibliographies('project:\n  type: book\nbibliography: refs.bib\n').map(r => r.path) → ['refs.bib']
 */
export function quartoBibliographies(text: string): BibliographyRef[] {
  return yamlBibliographies(`---\n${text}\n---\n`).map(ref => ({ ...ref, line: ref.line - 1 }));
}

/** Typst's `#bibliography("refs.bib")` or `#bibliography(("a.bib", "b.yml"))`. */
function typstBibliographies(text: string): BibliographyRef[] {
  const refs: BibliographyRef[] = [];
  for (const m of text.matchAll(/#bibliography\(\s*(\([^)]*\)|"[^"]*")/g)) {
    for (const name of m[1].matchAll(/"([^"]+)"/g)) refs.push({ path: name[1], line: lineAt(text, m.index) });
  }
  return refs;
}

/** sphinxcontrib-bibtex 1.x named files in the directive: `.. bibliography:: refs.bib`. */
function rstBibliographies(text: string): BibliographyRef[] {
  return [...text.matchAll(/^\.\. bibliography::[ \t]*(\S.*)$/gm)].flatMap(m =>
    m[1].split(/\s+/).filter(name => /\.bib$/.test(name)).map(path => ({ path, line: lineAt(text, m.index) })));
}

/**
 * The bibliographies a Sphinx project names for all its documents (sphinxcontrib-bibtex 2):
 * `bibtex_bibfiles = ['refs.bib', …]` in `conf.py`, relative to the folder of `conf.py`.
 *
 * @example sphinxBibliographies("extensions = ['sphinxcontrib.bibtex']\nbibtex_bibfiles = ['refs.bib']").map(r => r.path) → ['refs.bib']
 */
export function sphinxBibliographies(confPy: string): BibliographyRef[] {
  const m = /^bibtex_bibfiles\s*=\s*[[(]([^\])]*)[\])]/m.exec(confPy);
  if (!m) return [];
  const line = lineAt(confPy, m.index);
  return [...m[1].matchAll(/(["'])([^"'\n]+)\1/g)].map(name => ({ path: name[2], line }));
}

/**
 * The bibliography files a document names: `\bibliography{a,b}` (".bib" added) and
 * `\addbibresource{refs.bib}` in LaTeX, `bibliography:` in a Markdown, Quarto or
 * R Markdown front matter, `#bibliography(…)` in Typst, `.. bibliography::` in reST.
 * Commented-out LaTeX lines are ignored.
 *
 * @example findBibliographies('\\bibliography{refs,more}', 'latex') → [{ path: 'refs.bib', line: 1 }, { path: 'more.bib', line: 1 }]
 * @example findBibliographies('---\nbibliography: [a.bib, b.json]\n---\n', 'markdown').map(r => r.path) → ['a.bib', 'b.json']
 */
export function findBibliographies(text: string, languageId: string): BibliographyRef[] {
  switch (syntaxOfLanguage(languageId)) {
    case 'latex': return latexBibliographies(text);
    case 'pandoc': return yamlBibliographies(text);
    case 'typst': return typstBibliographies(text);
    case 'rst': return rstBibliographies(text);
    case null: return [];
  }
}

/**
 * The entry flavour a document wants: biblatex's `@online` when a LaTeX document loads
 * biblatex (`\addbibresource` or `\usepackage{biblatex}`), BibTeX's `@misc` otherwise:
 * `@misc` is the one type that BibTeX, biber, pandoc, Typst and Sphinx all read, so it is
 * the safe choice whenever the document does not say.
 *
 * @example entryFlavourFor('\\usepackage[style=apa]{biblatex}', 'latex') === 'biblatex'
 * @example entryFlavourFor('---\nbibliography: refs.bib\n---', 'markdown') === 'bibtex'
 */
export function entryFlavourFor(text: string, languageId: string): BibFlavour {
  if (syntaxOfLanguage(languageId) !== 'latex') return 'bibtex';
  const code = stripLatexComments(text);
  return /\\addbibresource\b|\\usepackage\s*(?:\[[^\]]*\])?\s*\{[^}]*\bbiblatex\b[^}]*\}/.test(code) ? 'biblatex' : 'bibtex';
}

/** The kind of bibliography file a path names, by its extension; null for one this code cannot write (e.g. Hayagriva YAML). */
export function bibliographyKind(path: string): 'bib' | 'csl-json' | null {
  if (/\.(?:bib|bibtex)$/i.test(path)) return 'bib';
  if (/\.json$/i.test(path)) return 'csl-json';
  return null;
}

/** What appending some papers to a bibliography file would do. */
export interface AppendPlan {
  /**
   * `append`: apply `edit`. `unchanged`: every entry is there already. `conflict`: some key is
   * there with other content, so nothing is written. `malformed`: the file is broken, so nothing is written.
   */
  status: 'append' | 'unchanged' | 'conflict' | 'malformed';
  /** The one edit to make (an insertion), or null unless status is `append`. */
  edit: TextEdit | null;
  /** Keys that are new to the file (written only when status is `append`). */
  added: string[];
  /** Keys already in the file with the same content. */
  present: string[];
  /** Keys already in the file with other content, with the line of the existing entry. */
  conflicts: { key: string; line: number }[];
  /** What is wrong with the file: errors make it `malformed`; warnings are passed on. */
  problems: BibProblem[];
}

function decide(plan: Omit<AppendPlan, 'status' | 'edit'>, edit: () => TextEdit): AppendPlan {
  if (plan.problems.some(p => p.severity === 'error')) return { ...plan, status: 'malformed', edit: null };
  if (plan.conflicts.length) return { ...plan, status: 'conflict', edit: null };
  if (!plan.added.length) return { ...plan, status: 'unchanged', edit: null };
  return { ...plan, status: 'append', edit: edit() };
}

const newlineOf = (text: string) => (/\r\n/.test(text) ? '\r\n' : '\n');

/** Papers once each, by key (case-insensitive), in the order given. */
function distinct(papers: readonly CitablePaper[]): CitablePaper[] {
  const seen = new Set<string>();
  return papers.filter(p => !seen.has(p.key.toLowerCase()) && seen.add(p.key.toLowerCase()));
}

/**
 * Plans adding entries for `papers` to a .bib file whose text is `existing`. An existing
 * entry with the same key counts as present when it says the same as ours (in either flavour,
 * whitespace and field order aside), else as a conflict. The appended text starts after a
 * blank line (adding the missing line ends, also to a file without a final newline), uses the
 * file's line ends, and ends with a newline.
 *
 * @example planBibAppend('@misc{a, title={A}}', [paperB], 'bibtex').edit → { start: 19, end: 19, newText: '\n\n@misc{B,\n…}\n' }
 */
export function planBibAppend(existing: string, papers: readonly CitablePaper[], flavour: BibFlavour): AppendPlan {
  const parsed = parseBib(existing);
  const byKey = new Map(parsed.entries.map(e => [e.key.toLowerCase(), e]));
  const plan: Omit<AppendPlan, 'status' | 'edit'> = { added: [], present: [], conflicts: [], problems: parsed.problems };
  const texts: string[] = [];
  for (const paper of distinct(papers)) {
    const mine = bibtexEntry(paper, flavour);
    const theirs = byKey.get(paper.key.toLowerCase());
    if (!theirs) { plan.added.push(paper.key); texts.push(mine); continue; }
    const same = (['bibtex', 'biblatex'] as const).some(f => sameBibEntry(theirs, parseBib(bibtexEntry(paper, f)).entries[0]));
    if (same) plan.present.push(paper.key);
    else plan.conflicts.push({ key: paper.key, line: theirs.line });
  }
  return decide(plan, () => {
    const nl = newlineOf(existing);
    const lead = existing.trim() === '' || existing.endsWith(`${nl}${nl}`) ? '' : existing.endsWith(nl) ? '\n' : '\n\n';
    return { start: existing.length, end: existing.length, newText: (lead + texts.join('\n')).replace(/\n/g, nl) };
  });
}

/**
 * Plans adding CSL-JSON items for `papers` to a CSL-JSON file (an array of items). New items
 * go just before the final `]`, indented like the file's first item; the existing items'
 * text is not touched. An empty file gets a whole new array. A file that is not valid JSON,
 * or not an array of items with ids, is reported with its line and left alone.
 *
 * @example planCslAppend('[]', [paper]).edit → { start: 1, end: 1, newText: '\n  {\n    "id": "…", …\n  }\n' }
 */
export function planCslAppend(existing: string, papers: readonly CitablePaper[]): AppendPlan {
  const plan: Omit<AppendPlan, 'status' | 'edit'> = { added: [], present: [], conflicts: [], problems: [] };
  let items: unknown = [];
  if (existing.trim() !== '') {
    try {
      items = JSON.parse(existing);
    } catch (e) {
      plan.problems.push({ line: lineAt(existing, Math.max(0, jsonErrorOffset(existing))), message: `not valid JSON: ${e instanceof Error ? e.message : String(e)}`, severity: 'error' });
    }
  }
  const list = Array.isArray(items) ? items : [];
  if (!Array.isArray(items)) plan.problems.push({ line: 1, message: 'a CSL-JSON bibliography must be an array of items', severity: 'error' });
  const byId = new Map<string, unknown>();
  list.forEach((item, i) => {
    const id = (item as { id?: unknown } | null)?.id;
    if (typeof id === 'string' || typeof id === 'number') byId.set(String(id), item);
    else plan.problems.push({ line: 1, message: `item ${i + 1} has no "id"`, severity: 'error' });
  });
  const fresh: unknown[] = [];
  for (const paper of distinct(papers)) {
    const mine = cslEntry(paper);
    const theirs = byId.get(paper.key);
    if (theirs === undefined) { plan.added.push(paper.key); fresh.push(mine); continue; }
    if (sameJson(theirs, mine)) plan.present.push(paper.key);
    else plan.conflicts.push({ key: paper.key, line: lineAt(existing, existing.indexOf(`"${paper.key}"`)) });
  }
  return decide(plan, () => {
    const nl = newlineOf(existing);
    const indent = /\[[ \t]*\r?\n([ \t]+)[{"]/.exec(existing)?.[1] ?? '  ';
    const texts = fresh.map(item => indent + JSON.stringify(item, null, indent.includes('\t') ? '\t' : indent.length).split('\n').join(nl + indent));
    if (existing.trim() === '') return { start: 0, end: existing.length, newText: `[${nl}${texts.join(`,${nl}`)}${nl}]${nl}` };
    const close = existing.lastIndexOf(']');
    const last = existing.slice(0, close).trimEnd().length;
    const empty = existing[last - 1] === '[';
    return { start: last, end: last, newText: `${empty ? '' : ','}${nl}${texts.join(`,${nl}`)}${empty ? nl : ''}` };
  });
}

/**
 * Plans an append to the bibliography at `path`, by its kind: CSL-JSON for ".json", else a
 * .bib file with entries of `flavour`. Null for a kind this code cannot write.
 *
 * @example planBibliographyAppend('refs.json', '[]', papers, 'bibtex')?.status === 'append'
 */
export function planBibliographyAppend(path: string, existing: string, papers: readonly CitablePaper[], flavour: BibFlavour): AppendPlan | null {
  const kind = bibliographyKind(path);
  if (kind === 'csl-json') return planCslAppend(existing, papers);
  if (kind === 'bib') return planBibAppend(existing, papers, flavour);
  return null;
}
