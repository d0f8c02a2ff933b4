// `search`, `export` and `cite`: the commands over the library, the bundled papers with those of
// the `--corpus` files merged by the extension's own engine.
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { UsageError } from './commandLine';
import { bibtexEntry, citationText, cslEntry, defaultTemplate, type CitationTemplate } from '../core/cite';
import { NAMES_INDEX, TEXT_INDEX } from '../core/corpus/shippedFiles';
import type { PaperLibrary } from '../core/search/library';
import { formatProblem, type Paper } from '../core/model/paper';
import { bibliographyFormat } from '../core/bibliography/read';
import { encodeIndex } from '../core/search/indexCodec';
import { buildIndexParts } from '../core/search/search';
import type { BibliographyInput, CorpusInput } from '../engine/input';
import { LibraryService, type BundledText } from '../engine/service';
import { print, printJson, printJsonText, warn } from './output';
import { readRegularFile } from './readRegularFile';
import { CITE_FORMATS, EXPORT_FORMATS, PAPERS } from './usage';

/** A request that is well formed but cannot be met, such as an unknown key: exit 1, no usage. */
class NotFoundError extends Error {}

/** The template behind each `cite --format`: whole entries, or a citation as the editor would insert it. */
const CITE_TEMPLATES: Record<(typeof CITE_FORMATS)[number], CitationTemplate> = {
  bibtex: { entry: 'bibtex' },
  biblatex: { entry: 'biblatex' },
  'csl-json': { entry: 'csl-json' },
  plain: { entry: 'plain' },
  latex: defaultTemplate('latex'),
  markdown: defaultTemplate('markdown'),
  typst: defaultTemplate('typst'),
  rst: defaultTemplate('restructuredtext'),
};

function oneOf<T extends string>(value: string | undefined, allowed: readonly T[]): T {
  if (value === undefined || !(allowed as readonly string[]).includes(value)) {
    throw new UsageError(`--format must be one of ${allowed.join(', ')}${value === undefined ? '' : ` (got "${value}")`}`);
  }
  return value as T;
}

function exportCorpus(papers: readonly Paper[], format: (typeof EXPORT_FORMATS)[number]): string {
  switch (format) {
    case 'json': return JSON.stringify({ papers }, null, 2);
    case 'csl-json': return JSON.stringify(papers.map(cslEntry), null, 2);
    case 'bibtex':
    case 'biblatex': return papers.map(p => bibtexEntry(p, format)).join('\n').trimEnd();
  }
}

/** A file the command line cannot read: exit 1 after every other file was read and reported. */
class UnreadableError extends Error {}

/** A `.json` file is CSL-JSON when it is an array of items, a corpus when it is `{ "papers": [...] }`. */
const isCslJson = (text: string) => text.trimStart().replace(/^\uFEFF/, '').startsWith('[');

/** No bundled papers (`--no-bundled`): an empty corpus and an empty index, which the files' papers join. */
function noPapers(): BundledText {
  const { names, text } = buildIndexParts([]);
  return { corpus: JSON.stringify({ papers: [] }), names: encodeIndex(names.toJSON(), []), text: encodeIndex(text.toJSON(), []) };
}

/**
 * The bundled papers (unless `bundled` is false), plus those of `--corpus` files merged by the
 * extension's own engine (LibraryService), so exactly as the extension merges them: saved
 * pages and corpus JSON as corpus files, `.bib`, CSL-JSON and YAML files as bibliographies.
 * Problems go to stderr with file and line.
 */
async function loadLibrary(corpusFiles: readonly string[], { bundled = true } = {}): Promise<PaperLibrary> {
  const read = (name: string) => readFileSync(join(__dirname, name), 'utf8');
  const service = LibraryService.load(bundled ? { corpus: read('corpus.json'), names: read(NAMES_INDEX), text: read(TEXT_INDEX) } : noPapers());
  const corpus: CorpusInput[] = [];
  const bibliographies: BibliographyInput[] = [];
  const unreadable: string[] = [];
  for (const file of corpusFiles) {
    const read = readRegularFile(file);
    if ('error' in read) {
      unreadable.push(file);
      warn(`error: ${file}: cannot be read (${read.error})`);
      continue;
    }
    const text = read.text;
    const format = bibliographyFormat(file);
    if (format && !(format === 'csl-json' && !isCslJson(text))) bibliographies.push({ uri: file, file, text });
    else corpus.push({ file, text });
  }
  if (unreadable.length) throw new UnreadableError(`${unreadable.length} file(s) could not be read: ${unreadable.join(', ')}`);
  if (corpusFiles.length) {
    const report = await service.setInput({ corpus, bibliographies });
    for (const problem of report.corpus.problems) warn(`warning: ${formatProblem(problem)}`);
    for (const file of report.bibliographies.files) {
      for (const problem of file.problems) warn(`${problem.severity}: ${formatProblem({ file: file.file, line: problem.line, message: problem.message })}`);
    }
  }
  await service.settled();
  return service.library;
}

/** What the library commands take: the `--corpus` files, and whether the bundled papers join them. */
export interface LibraryOptions {
  corpus: readonly string[];
  bundled: boolean;
}

/** `search "<query>"`: ranked papers, a line each (key, title, score) or JSON. */
export async function search(query: string, limitText: string | undefined, json: boolean, options: LibraryOptions): Promise<void> {
  const limit = limitText === undefined ? 10 : Number(limitText);
  if (!Number.isInteger(limit) || limit < 1) throw new UsageError('--limit must be a positive whole number');
  const { hits, problems } = (await loadLibrary(options.corpus, options)).query(query, { limit });
  for (const problem of problems) warn(`papers: ${problem.message}`);
  if (json) {
    printJson(hits.map(h => ({ key: h.paper.key, title: h.paper.title, score: h.score })));
  } else {
    for (const h of hits) print(`${h.paper.key}\t${h.paper.title}\t${h.score.toFixed(2)}`);
  }
}

/** `export --format …`: every paper of the library. */
export async function exportPapers(formatText: string | undefined, options: LibraryOptions): Promise<void> {
  const format = oneOf(formatText, EXPORT_FORMATS);
  const text = exportCorpus((await loadLibrary(options.corpus, options)).papers, format);
  // JSON keeps its escapes; .bib text is made safe like any other text.
  if (format === 'json' || format === 'csl-json') printJsonText(text);
  else print(text);
}

/** `cite <key> --format …`: one paper's entry, reference or citation. */
export async function cite(key: string, formatText: string | undefined, options: LibraryOptions): Promise<void> {
  const format = oneOf(formatText, CITE_FORMATS);
  const paper = (await loadLibrary(options.corpus, options)).get(key);
  if (!paper) throw new NotFoundError(`no paper with key "${key}" (${PAPERS} search "<words>" lists keys)`);
  const text = citationText([paper], CITE_TEMPLATES[format]).trimEnd();
  if (format === 'csl-json') printJsonText(text);
  else print(text);
}
