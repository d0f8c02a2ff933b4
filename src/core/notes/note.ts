// A note per paper: where it is (papers.notes.folder and papers.notes.fileName), and what it
// starts as (a template filled with the paper's fields). Pure: the host reads the template and
// the formatted reference, and writes the note once; Papers never writes it again.
import { fullName } from '../bibliography/people';
import { KEY_PATTERN, type Paper } from '../model/paper';

/** The fields a note template may use, as `${name}`. */
export const NOTE_FIELDS = ['key', 'title', 'authors', 'year', 'venue', 'doi', 'arxiv', 'url', 'abstract', 'citation', 'reference'] as const;
export type NoteField = (typeof NOTE_FIELDS)[number];
export type NoteValues = Record<NoteField, string>;

/**
 * The note a paper starts with when the writer gives no template: its title, authors, year,
 * links, the abstract as a quote and an empty Notes section. A line whose fields are all empty is
 * left out (`fillTemplate`), so a paper without a DOI gets no "DOI:" line.
 */
export const DEFAULT_NOTE_TEMPLATE = `# \${title}

\${citation}

- Authors: \${authors}
- Year: \${year}
- Venue: \${venue}
- DOI: \${doi}
- arXiv: \${arxiv}
- URL: \${url}

> \${abstract}

## Notes

`;

const FIELD = /\$\{([A-Za-z]+)\}/g;

/**
 * The values a note template's fields take for a paper; `citation` (in the note's language) and
 * `reference` (formatted in the writer's style) come from the host. Links are whole URLs.
 *
 * @example noteValues(paper, { citation: '[@a]', reference: '' }).arxiv === 'https://arxiv.org/abs/2401.12345'
 */
export function noteValues(paper: Paper, made: { citation: string; reference: string }): NoteValues {
  const authors = (paper.authors ?? []).map(fullName).join(', ');
  const arxiv = arxivIdOf(paper);
  const url = paper.reference?.url ?? paper.web?.links.abstract ?? paper.links[0] ?? '';
  return {
    key: paper.key,
    title: paper.title,
    authors: authors ? `${authors}${paper.moreAuthors ? ' and others' : ''}` : '',
    year: paper.year === null ? '' : String(paper.year),
    venue: paper.venue ?? '',
    doi: paper.doi ? `https://doi.org/${paper.doi}` : '',
    arxiv: arxiv ? `https://arxiv.org/abs/${arxiv}` : '',
    url,
    abstract: paper.abstract.trim(),
    citation: made.citation,
    reference: made.reference.trim(),
  };
}

/**
 * A paper's arXiv id: a fetched paper's, an entry's `arxiv`, or the one in the arXiv link an
 * entry's `eprint` gives.
 *
 * @example arxivIdOf({ links: ['https://arxiv.org/abs/1706.03762'] }) === '1706.03762'
 */
export function arxivIdOf(paper: Pick<Paper, 'arxivId' | 'reference' | 'links'>): string | undefined {
  const known = paper.arxivId ?? paper.reference?.arxiv?.id;
  if (known) return known;
  for (const link of [...paper.links, ...paper.reference?.links ?? []]) {
    const m = /^https?:\/\/arxiv\.org\/abs\/([\w.\-/]+?)(?:v\d+)?$/.exec(link);
    if (m) return m[1];
  }
  return undefined;
}

/** The template's fields that Papers does not know (a typo such as `${titel}`), for a message. */
export function unknownFields(template: string): string[] {
  return [...new Set([...template.matchAll(FIELD)].map(m => m[1]).filter(name => !(NOTE_FIELDS as readonly string[]).includes(name)))];
}

/**
 * A template with its fields filled. A line whose every field is empty is left out (a paper with
 * no DOI has no "DOI:" line), and a value of several lines keeps a quote or an indent its line
 * starts with (`> ${abstract}` quotes every line of the abstract). Unknown fields are kept as
 * written, for the writer to see.
 *
 * @example fillTemplate('# ${title}\n- DOI: ${doi}\n', { title: 'A', doi: '' }) === '# A\n'
 */
export function fillTemplate(template: string, values: Partial<NoteValues>): string {
  const known = (name: string): name is NoteField => (NOTE_FIELDS as readonly string[]).includes(name);
  const out: string[] = [];
  for (const line of template.split('\n')) {
    const fields = [...line.matchAll(FIELD)].map(m => m[1]).filter(known);
    if (fields.length && fields.every(name => !values[name])) continue;
    const lead = /^[\t >]*/.exec(line)![0];
    out.push(line.replace(FIELD, (whole, name: string) => {
      if (!known(name)) return whole;
      return (values[name] ?? '').replace(/\r?\n/g, `\n${lead}`);
    }));
  }
  return out.join('\n');
}

/** What is wrong with the note settings, said so the writer can fix them; undefined when they are right. */
export function noteSettingsProblem(folder: string, fileName: string): string | undefined {
  if (!fileName.includes('${key}')) return `papers.notes.fileName must contain \${key} (each paper has a note of its own), not "${fileName}"`;
  const others = unknownFieldsIn(fileName);
  if (others.length) return `papers.notes.fileName takes only \${key}, not ${others.map(f => `\${${f}}`).join(', ')}`;
  for (const [name, value] of [['folder', folder], ['fileName', fileName]] as const) {
    if (/^(?:\/|[A-Za-z]:|\\)/.test(value)) return `papers.notes.${name} is a path inside the workspace, not "${value}"`;
    if (value.split(/[\\/]/).includes('..')) return `papers.notes.${name} may not leave the workspace ("..")`;
  }
  return undefined;
}

const unknownFieldsIn = (pattern: string) => [...pattern.matchAll(FIELD)].map(m => m[1]).filter(name => name !== 'key');

/** The folder's path parts ("notes/" and "./notes" alike: ['notes']). */
export function folderParts(folder: string): string[] {
  return folder.split(/[\\/]/).filter(part => part && part !== '.');
}

/**
 * A paper's note, relative to the notes folder.
 *
 * @example notePath('${key}.md', 'Vaswani2017') === 'Vaswani2017.md'
 */
export function notePath(fileName: string, key: string): string {
  return fileName.replace(/\$\{key\}/g, key).replace(/\\/g, '/').replace(/^\.\//, '');
}

/**
 * A matcher from a note's path (relative to the notes folder, `/` separators) back to its key, for
 * the files already there: `${key}.md` matches `Vaswani2017.md`.
 *
 * @example keyOfNote('${key}.md')('Vaswani2017.md') === 'Vaswani2017'
 */
export function keyOfNote(fileName: string): (path: string) => string | undefined {
  const key = KEY_PATTERN.source.replace(/^\^|\$$/g, '');
  const escaped = notePath(fileName, '\u0000').split('\u0000').map(s => s.replace(/[.*+?^${}()|[\]\\]/g, '\\$&'));
  const pattern = new RegExp(`^${escaped.join(`(${key})`)}$`);
  return path => pattern.exec(path)?.[1];
}

/**
 * A note's words as search compares them (lower case, accents aside), each once and sorted: made
 * when the note is read, so that a keystroke's search neither splits every note again nor reads
 * every word of it (a word's start is found by bisection).
 */
export function noteWords(text: string): string[] {
  return [...new Set(wordsOf(text))].sort();
}

/** Whether a sorted list of words has one that starts with `prefix`. */
function hasPrefix(sorted: readonly string[], prefix: string): boolean {
  let lo = 0;
  let hi = sorted.length;
  while (lo < hi) {
    const mid = (lo + hi) >>> 1;
    if (sorted[mid] < prefix) lo = mid + 1;
    else hi = mid;
  }
  return lo < sorted.length && sorted[lo].startsWith(prefix);
}

/**
 * The keys whose notes hold every word of `words` (as the search box gives them: the start of a
 * word counts, case and accents aside). `notes` maps a key to its note's words (`noteWords`).
 *
 * @example notesMatching(new Map([['a', noteWords('On transformers')]]), 'transf') → ['a']
 */
export function notesMatching(notes: ReadonlyMap<string, readonly string[]>, words: string): string[] {
  const wanted = wordsOf(words);
  if (!wanted.length) return [];
  const found: string[] = [];
  for (const [key, have] of notes) {
    if (wanted.every(w => hasPrefix(have, w))) found.push(key);
  }
  return found;
}

function wordsOf(text: string): string[] {
  return text.normalize('NFKD').replace(/[\u0300-\u036f]/g, '').toLowerCase().split(/[^\p{L}\p{N}]+/u).filter(Boolean);
}
