// Command-line entry over the same core as the extension, for scripts and checks outside the editor.
import { existsSync, readdirSync, readFileSync, type Dirent } from 'node:fs';
import { dirname, join, relative, resolve, sep } from 'node:path';
import { parseArgs } from 'node:util';
import { runCommandLine, UsageError } from './commandLine';
import { add, ADD_FORMATS } from './add';
import { daily } from './daily';
import { bibtexEntry, citationText, cslEntry, defaultTemplate, type CitationTemplate } from '../core/cite';
import { NAMES_INDEX, TEXT_INDEX } from '../core/corpus/shippedFiles';
import type { PaperLibrary } from '../core/search/library';
import { formatProblem, type Paper } from '../core/model/paper';
import { bibliographyFormat } from '../core/bibliography/read';
import { encodeIndex } from '../core/search/indexCodec';
import { buildIndexParts } from '../core/search/search';
import { checkDocuments, failsCheck, type CheckFiles } from '../core/health';
import { languageOfPath } from '../core/cite/languages';
import type { BibliographyInput, CorpusInput } from '../engine/input';
import { LibraryService, type BundledText } from '../engine/service';
import { FORMAT_USAGE, formatCommand } from './format';
import { print, printJson, printJsonText, warn } from './output';
import { readRegularFile } from './readRegularFile';

const EXPORT_FORMATS = ['bibtex', 'biblatex', 'csl-json', 'json'] as const;
const CITE_FORMATS = ['bibtex', 'biblatex', 'csl-json', 'plain', 'latex', 'markdown', 'typst', 'rst'] as const;

const USAGE = `usage:
  papers search "<query>" [--limit N] [--json]   ranked papers: key, title, score
  papers export --format ${EXPORT_FORMATS.join('|')}
                                                every paper (the bundled ones and the --corpus files'):
                                                .bib entries, CSL-JSON, or the corpus JSON
  papers cite <key> --format ${CITE_FORMATS.join('|')}
                                                one paper's entry, reference or citation
  papers check FILE... [--json]                 each document's citations against its bibliographies:
                                                undefined keys, duplicate keys, malformed entries;
                                                exit 1 when there is one, 0 when all is well
  papers add ID... [--format ${ADD_FORMATS.join('|')}]
                                                the entries of papers fetched by arXiv id, DOI or link
                                                (arxiv.org, doi.org, huggingface.co/papers); exit 1
                                                when one cannot be found or fetched
  papers daily [--date YYYY-MM-DD | --week YYYY-Www | --month YYYY-MM] [--json]
                                                Hugging Face's daily papers (the latest day by
                                                default), in the site's order: upvotes, arXiv id,
                                                title, authors, organisation
${FORMAT_USAGE}
options:
  --corpus FILE   also load this file, repeatable: a saved page (.txt) or a corpus (.json
                  holding { "papers": [...] }), as papers.corpus.files does in the editor; or
                  a bibliography: BibTeX/biblatex (.bib), CSL-JSON (.json holding [...]),
                  CSL-YAML or Hayagriva (.yaml, .yml), as the editor reads the writer's own
  --no-bundled    leave out the bundled papers: only what the --corpus files hold
problems in the files go to stderr as file:line: message; a file that cannot be read exits 1
add and daily ask the services at PAPERS_HF_URL, PAPERS_ARXIV_URL, PAPERS_CROSSREF_URL and
PAPERS_DOI_URL (by default https://huggingface.co, https://export.arxiv.org,
https://api.crossref.org and https://doi.org)`;

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

/** The file system as `check` sees it: paths with "/", read as UTF-8. */
const nodeFiles: CheckFiles = {
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
async function check(files: readonly string[], json: boolean): Promise<void> {
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

async function run(argv: string[]): Promise<void> {
  // The web commands take options of their own.
  if (argv[0] === 'add') return add(argv.slice(1));
  if (argv[0] === 'daily') return daily(argv.slice(1));
  const { values, positionals } = parseArgs({
    args: argv,
    allowPositionals: true,
    options: {
      limit: { type: 'string' }, json: { type: 'boolean' }, format: { type: 'string' }, corpus: { type: 'string', multiple: true },
      'no-bundled': { type: 'boolean' }, style: { type: 'string' }, locale: { type: 'string' },
    },
  });
  const corpus = values.corpus ?? [];
  const options = { bundled: !values['no-bundled'] };
  if (!options.bundled && !corpus.length) throw new UsageError('--no-bundled needs at least one --corpus file');
  const [command, ...rest] = positionals;
  if (command === 'format') {
    print(await formatCommand({ corpus, style: values.style, locale: values.locale, format: values.format, keys: rest }));
    return;
  }
  if (values.style !== undefined || values.locale !== undefined) throw new UsageError('--style and --locale are for format');
  if (command === 'check') {
    if (corpus.length || values['no-bundled'] || values.format || values.limit) throw new UsageError('check takes documents and --json only');
    return check(rest, values.json === true);
  }
  if (command === 'search') {
    if (rest.length !== 1) throw new UsageError('search takes one quoted query');
    const limit = values.limit === undefined ? 10 : Number(values.limit);
    if (!Number.isInteger(limit) || limit < 1) throw new UsageError('--limit must be a positive whole number');
    const { hits, problems } = (await loadLibrary(corpus, options)).query(rest[0], { limit });
    for (const problem of problems) warn(`papers: ${problem.message}`);
    if (values.json) {
      printJson(hits.map(h => ({ key: h.paper.key, title: h.paper.title, score: h.score })));
    } else {
      for (const h of hits) print(`${h.paper.key}\t${h.paper.title}\t${h.score.toFixed(2)}`);
    }
    return;
  }
  if (command === 'export') {
    if (rest.length) throw new UsageError('export takes no positional arguments');
    const format = oneOf(values.format, EXPORT_FORMATS);
    const text = exportCorpus((await loadLibrary(corpus, options)).papers, format);
    // JSON keeps its escapes; .bib text is made safe like any other text.
    if (format === 'json' || format === 'csl-json') printJsonText(text);
    else print(text);
    return;
  }
  if (command === 'cite') {
    if (rest.length !== 1) throw new UsageError('cite takes one citation key');
    const format = oneOf(values.format, CITE_FORMATS);
    const paper = (await loadLibrary(corpus, options)).get(rest[0]);
    if (!paper) throw new NotFoundError(`no paper with key "${rest[0]}" (papers search "<words>" lists keys)`);
    const text = citationText([paper], CITE_TEMPLATES[format]).trimEnd();
    if (format === 'csl-json') printJsonText(text);
    else print(text);
    return;
  }
  throw new UsageError(command ? `unknown command "${command}"` : 'no command given');
}

runCommandLine('papers', USAGE, () => run(process.argv.slice(2)));
