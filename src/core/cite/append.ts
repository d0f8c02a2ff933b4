// Keeping a document's bibliography file in step with its citations: which entry flavour suits
// the document, and what to append. Appending is the only change ever planned: the user's own
// text is never rewritten, reordered or reformatted.
import { sameJson } from '../util/json';
import { bibtexEntry, cslEntry, type BibFlavour, type CitablePaper } from '../bibliography/paperEntry';
import { parseBib, sameBibEntry, type BibProblem } from '../bibliography/bibtex/parse';
import { syntaxOfLanguage } from './languages';
import type { TextEdit } from './join';
import { scanLatexDocument } from './scan';
import { jsonErrorOffset } from '../corpus/jsonLines';
import { LineStarts } from '../util/lineStarts';


/**
 * The entry flavour a document wants: biblatex's `@online` when a LaTeX document loads
 * biblatex (`\usepackage{biblatex}` or `\addbibresource`, as TeX reads the file), BibTeX's
 * `@misc` otherwise:
 * `@misc` is the one type that BibTeX, biber, pandoc, Typst and Sphinx all read, so it is
 * the safe choice whenever the document does not say.
 *
 * @example entryFlavourFor('\\usepackage[style=apa]{biblatex}', 'latex') === 'biblatex'
 * @example entryFlavourFor('---\nbibliography: refs.bib\n---', 'markdown') === 'bibtex'
 */
export function entryFlavourFor(text: string, languageId: string): BibFlavour {
  if (syntaxOfLanguage(languageId) !== 'latex') return 'bibtex';
  return scanLatexDocument(text).biblatex ? 'biblatex' : 'bibtex';
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
  const lines = new LineStarts(existing);
  let items: unknown = [];
  if (existing.trim() !== '') {
    try {
      items = JSON.parse(existing);
    } catch (e) {
      plan.problems.push({ line: lines.lineOf(Math.max(0, jsonErrorOffset(existing))), message: `not valid JSON: ${e instanceof Error ? e.message : String(e)}`, severity: 'error' });
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
    else plan.conflicts.push({ key: paper.key, line: lines.lineOf(existing.indexOf(`"${paper.key}"`)) });
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

/**
 * What an entry pasted into a .bib file at `offset` writes: the entry with a blank line between it
 * and the text before and after it, as the entries around it are set apart.
 *
 * @example pastedEntry('@misc{a,\n}\n', 11, '@misc{b,\n}') === '\n@misc{b,\n}\n'
 */
export function pastedEntry(text: string, offset: number, entry: string): string {
  const before = text.slice(0, offset).replace(/[ \t]+$/, '');
  const after = text.slice(offset).replace(/^[ \t]+/, '');
  const lead = !before.trim() || before.endsWith('\n\n') ? '' : before.endsWith('\n') ? '\n' : '\n\n';
  const trail = !after.trim() ? '\n' : after.startsWith('\n\n') ? '' : after.startsWith('\n') ? '\n' : '\n\n';
  return `${lead}${entry.trim()}${trail}`;
}
