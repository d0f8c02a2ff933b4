// Reading the user's bibliography files, whatever their format, into references with lines
// and problems. A file never fails as a whole: what can be read is read, and each problem is
// reported with its line.
import type { BibliographyFormat } from '../model/paper';
import { eachInSlices, pause } from '../util/pause';
import { MAX_VALUE_CHARS, parseBibAsync, type BibEntry } from './bibtex/parse';
import type { ReadProblem } from './problem';
import { bibtexReference, hasParent } from './bibtex/reference';
import { readCslJson } from './csl/json';
import type { Reference } from '../model/reference';
import { readYamlBibliography } from './yaml/read';

/** A bibliography file to read: its text and how to name it. */
export interface BibliographyText {
  /** The file as the host names it (a URI string in the editor, a path on the command line). */
  uri: string;
  /** The file as the user writes it, for messages ("references.bib", "refs/zotero.json"). */
  file: string;
  text: string;
  /**
   * The files read before this one for the same document, whose `@string` macros it may use
   * (BibTeX reads a document's .bib files as one, in the order the document names them).
   */
  after?: readonly string[];
}

export interface ReadBibliography {
  uri: string;
  file: string;
  format: BibliographyFormat;
  references: Reference[];
  problems: ReadProblem[];
}

/**
 * The format of a bibliography file by its name: `.bib` (and `.bibtex`) is BibTeX or
 * biblatex, `.json` CSL-JSON, `.yaml`/`.yml` CSL-YAML or Hayagriva (told apart by content).
 *
 * @example bibliographyFormat('refs/library.json') === 'csl-json'
 */
export function bibliographyFormat(path: string): 'bibtex' | 'csl-json' | 'yaml' | null {
  if (/\.(?:bib|bibtex)$/i.test(path)) return 'bibtex';
  if (/\.json$/i.test(path)) return 'csl-json';
  if (/\.ya?ml$/i.test(path)) return 'yaml';
  return null;
}

/** A file as parsed, before its BibTeX entries are converted to references (`convertBibliographies`). */
export interface ParsedFile {
  input: BibliographyText;
  format: BibliographyFormat;
  /** BibTeX: the entries, converted when asked (`ParsedBibliographies.reference`). */
  entries?: BibEntry[];
  /** CSL-JSON and YAML: read whole at once. */
  references?: Reference[];
  problems: ReadProblem[];
  strings?: Map<string, string>;
  /** BibTeX: the references the cache holds for this file's entries, by their text. */
  known?: Map<string, Reference>;
}

/**
 * Bibliography files parsed, in the order given: their keys, lines and problems are known, and
 * each BibTeX entry is converted (LaTeX and names decoded, most of the work) when first asked
 * for, so that a key can be answered before the whole library is converted.
 */
export interface ParsedBibliographies {
  files: ParsedFile[];
  /** The entry's reference: converted once, so that an early answer and the join take the same object. */
  reference(file: ParsedFile, entry: BibEntry): Reference;
}

/** A parsed file's entries (BibTeX) or references (CSL, YAML), in file order: each has its key and line. */
export function itemsOf(file: ParsedFile): readonly (BibEntry | Reference)[] {
  return file.entries ?? file.references ?? [];
}

/**
 * What reading a file last gave, to read it again after an edit: an entry whose text, macros
 * and parents are unchanged is not converted again (decoding LaTeX and names is most of the work).
 */
export class ReadCache {
  #files = new Map<string, { strings: string; references: Map<string, Reference> }>();

  /** The references of a file's entries, by their text, as read with these macros. */
  forFile(uri: string, strings: string): Map<string, Reference> {
    let file = this.#files.get(uri);
    if (!file || file.strings !== strings) this.#files.set(uri, file = { strings, references: new Map() });
    return file.references;
  }

  /** Forgets the files not in `uris`. */
  keep(uris: Iterable<string>): void {
    const kept = new Set(uris);
    for (const uri of this.#files.keys()) if (!kept.has(uri)) this.#files.delete(uri);
  }
}

/**
 * Reads bibliography files into references. BibTeX files see the `@string` macros of the
 * files read before them for the same document (`after`), and `crossref`/`xdata` parents
 * are found in any of the files. Large files are read in slices, with pauses between them.
 *
 * @example (await readBibliographies([{ uri: 'refs.bib', file: 'refs.bib', text }]))[0].references[0].key
 */
export async function readBibliographies(inputs: readonly BibliographyText[], cache?: ReadCache): Promise<ReadBibliography[]> {
  return convertBibliographies(await parseBibliographies(inputs, cache), cache);
}

/** The first step of `readBibliographies`: every file parsed, no BibTeX entry converted yet. */
export async function parseBibliographies(inputs: readonly BibliographyText[], cache?: ReadCache): Promise<ParsedBibliographies> {
  const parsed = new Map<string, ParsedFile>();
  const read = async (input: BibliographyText, stack: Set<string>): Promise<ParsedFile> => {
    const done = parsed.get(input.uri);
    if (done) return done;
    const format = bibliographyFormat(input.file) ?? bibliographyFormat(input.uri);
    let result: ParsedFile;
    if (format === 'bibtex') {
      // The macros of the files before it, in order; those files are read first.
      let strings: Map<string, string> | undefined;
      for (const uri of input.after ?? []) {
        const before = inputs.find(i => i.uri === uri);
        if (!before || stack.has(uri) || before === input) continue;
        const earlier = await read(before, new Set([...stack, input.uri]));
        if (earlier.strings) strings = new Map([...(strings ?? []), ...earlier.strings]);
      }
      const bib = await parseBibAsync(input.text, { strings });
      const macros = cache ? macrosKey(bib.strings) : undefined;
      const known = macros === undefined ? undefined : cache?.forFile(input.uri, macros);
      result = { input, format, entries: bib.entries, problems: bib.problems, strings: bib.strings, known };
    } else if (format === 'csl-json') {
      const csl = readCslJson(input.text);
      result = { input, format, references: csl.references, problems: [...csl.problems, ...duplicateKeys(csl.references)] };
    } else if (format === 'yaml') {
      const yaml = readYamlBibliography(input.text);
      result = { input, format: yaml.format, references: yaml.references, problems: [...yaml.problems, ...duplicateKeys(yaml.references)] };
    } else {
      result = { input, format: 'bibtex', references: [], problems: [{ line: 1, message: 'not a bibliography file Papers can read (.bib, .json, .yaml or .yml)', severity: 'error' }] };
    }
    parsed.set(input.uri, result);
    await pause();
    return result;
  };
  for (const input of inputs) await read(input, new Set());

  // crossref and xdata parents, by key, in whichever file: the first definition wins, as in BibTeX.
  const byKey = new Map<string, BibEntry>();
  for (const { entries } of parsed.values()) {
    for (const entry of entries ?? []) if (!byKey.has(entry.key.toLowerCase())) byKey.set(entry.key.toLowerCase(), entry);
  }
  const lookup = (key: string) => byKey.get(key.toLowerCase());
  const converted = new Map<BibEntry, Reference>();
  return {
    files: inputs.map(input => parsed.get(input.uri)!),
    reference(file, entry) {
      let ref = converted.get(entry);
      if (ref) return ref;
      const raw = file.input.text.slice(entry.start, entry.end);
      // An entry with a parent reads what the parent says, which may have changed: always converted.
      const known = hasParent(entry) ? undefined : file.known?.get(raw);
      if (known) ref = known.line === entry.line ? known : { ...known, line: entry.line, raw };
      else {
        // A new reference is this entry's own: it takes its text as it is, with no copy.
        ref = bibtexReference(entry, lookup);
        ref.raw = raw;
      }
      converted.set(entry, ref);
      return ref;
    },
  };
}

/** The second step of `readBibliographies`: every BibTeX entry converted, in slices, and the cache kept up to date. */
export async function convertBibliographies(parsed: ParsedBibliographies, cache?: ReadCache): Promise<ReadBibliography[]> {
  const files: ReadBibliography[] = [];
  for (const p of parsed.files) {
    let references = p.references;
    if (!references) {
      // Decoding LaTeX and names costs more than parsing: a large library is converted in slices too,
      // and entries unchanged since the last read are taken from the cache.
      const converted: Reference[] = [];
      const fresh = new Map<string, Reference>();
      await eachInSlices(p.entries ?? [], entry => {
        const ref = parsed.reference(p, entry);
        if (!hasParent(entry)) fresh.set(ref.raw!, ref);
        converted.push(ref);
      }, { every: 32 });
      references = converted;
      if (p.known) {
        p.known.clear();
        for (const [raw, ref] of fresh) p.known.set(raw, ref);
      }
    }
    files.push({ uri: p.input.uri, file: p.input.file, format: p.format, references, problems: p.problems });
  }
  cache?.keep(parsed.files.map(p => p.input.uri));
  return files;
}

/**
 * The macros of a file as one text, which tells whether they changed since the last read; none
 * when they hold more than a field may (`MAX_VALUE_CHARS`): a chain of `@string`s, each made of
 * the one before, holds a million values of up to a million characters each, cheap to keep
 * (joined strings share their parts) but not to spell out, and such a file is read afresh.
 */
function macrosKey(strings: ReadonlyMap<string, string>): string | undefined {
  let length = 0;
  for (const [name, value] of strings) {
    length += name.length + value.length;
    if (length > MAX_VALUE_CHARS) return undefined;
  }
  return JSON.stringify([...strings]);
}

/**
 * A key given to two entries of a CSL-JSON or YAML file (the .bib reader finds its own, as
 * BibTeX does). pandoc and citeproc match keys exactly, so `Doe2020` and `doe2020` are two keys.
 */
function duplicateKeys(references: readonly Reference[]): ReadProblem[] {
  const first = new Map<string, number>();
  const problems: ReadProblem[] = [];
  for (const ref of references) {
    const earlier = first.get(ref.key);
    if (earlier === undefined) first.set(ref.key, ref.line);
    else problems.push({ line: ref.line, message: `key "${ref.key}" is already used by the entry at line ${earlier}`, severity: 'warning', code: 'duplicate-key', firstLine: earlier });
  }
  return problems;
}
