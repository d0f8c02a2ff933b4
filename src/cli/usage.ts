// What the command line prints for `--help` and after bad arguments: each command's own usage, and
// the general one that lists them all. Text and constants only, so that printing a usage loads
// none of the code a command runs.
import { BUNDLED_STYLES } from '../core/styles/resolve';

/** The command line as its package installs it (README, "Command line"; in a clone, `node dist/cli.js`). */
export const PAPERS = 'papers';

export const EXPORT_FORMATS = ['bibtex', 'biblatex', 'csl-json', 'json'] as const;
export const CITE_FORMATS = ['bibtex', 'biblatex', 'csl-json', 'plain', 'latex', 'markdown', 'typst', 'rst'] as const;
export const ADD_FORMATS = ['bibtex', 'biblatex', 'csl-json'] as const;
export const ZOTERO_FORMATS = ['bibtex', 'biblatex', 'csl-json'] as const;
/** What `check --format` takes: compiler-style lines, JSON, GitHub's annotations or SARIF. */
export const CHECK_FORMATS = ['text', 'json', 'github', 'sarif'] as const;
/** What `format --format` takes. */
export const REFERENCE_FORMS = ['text', 'html', 'markdown'] as const;

const LIBRARY_OPTIONS = `options:
  --corpus FILE   also load this file, repeatable: a saved page (.txt) or a corpus (.json
                  holding { "papers": [...] }), as papers.corpus.files does in the editor; or
                  a bibliography: BibTeX/biblatex (.bib), CSL-JSON (.json holding [...]),
                  CSL-YAML or Hayagriva (.yaml, .yml), as the editor reads the writer's own
  --no-bundled    leave out the bundled papers: only what the --corpus files hold
problems in the files go to stderr as file:line: message; a file that cannot be read exits 1`;

const SERVICES = `the services asked are those at PAPERS_HF_URL, PAPERS_ARXIV_URL, PAPERS_CROSSREF_URL and
PAPERS_DOI_URL (by default https://huggingface.co, https://export.arxiv.org,
https://api.crossref.org and https://doi.org)`;

const SCHOLAR = `ID is an arXiv id, a DOI or a link; Semantic Scholar is asked at PAPERS_S2_URL (by default
https://api.semanticscholar.org), with the API key in PAPERS_S2_KEY if set (it answers 429,
too many requests, more often without one)`;

const ZOTERO = `Zotero (7 or later, with "Allow other applications on this computer to communicate with
Zotero" on) is asked at PAPERS_ZOTERO_URL (by default http://localhost:23119); keys and entries are
Better BibTeX's when it is installed, else the item's own key (or one made by Papers' rules) and
Papers' conversion of the item; exit 1 when Zotero cannot be reached or a key is not found`;

/** Each command: its synopsis (as the general usage lists it) and what only its own usage adds. */
const COMMANDS = {
  search: {
    synopsis: `  ${PAPERS} search "<query>" [--limit N] [--json] [--corpus FILE]... [--no-bundled]
      ranked papers: key, title, score`,
    more: LIBRARY_OPTIONS,
  },
  export: {
    synopsis: `  ${PAPERS} export --format ${EXPORT_FORMATS.join('|')} [--corpus FILE]... [--no-bundled]
      every paper (the bundled ones and the --corpus files'): .bib entries, CSL-JSON, or the
      corpus JSON`,
    more: LIBRARY_OPTIONS,
  },
  cite: {
    synopsis: `  ${PAPERS} cite <key> --format ${CITE_FORMATS.join('|')}
      [--corpus FILE]... [--no-bundled]
      one paper's entry, reference or citation; exit 1 when no paper has the key`,
    more: LIBRARY_OPTIONS,
  },
  check: {
    synopsis: `  ${PAPERS} check FILE... [--format ${CHECK_FORMATS.join('|')}] [--json] [--strict]
      each document's citations against its bibliographies: undefined keys, duplicate keys,
      malformed entries; exit 1 when there is one, 0 when all is well`,
    more: `documents: .tex, .md, .qmd, .Rmd, .typ, .rst; a LaTeX or Typst file is checked with its whole
project; a bibliography (.bib, .json, .yaml) stands for the documents around it that cite from it
--format text: file:line:col: severity: message [code] (the default)
--format json (or --json): every document's citations, bibliographies and problems
--format github: GitHub Actions annotations (::error file=…,line=…,col=…::…), shown on the lines
  of a pull request; a problem that fails the check is an error, any other a warning
--format sarif: a SARIF 2.1.0 log, for code-scanning tools
--strict: every problem fails the check (exit 1), warnings too
exit 0: all is well; 1: an undefined key, an error, or a file that cannot be read; 2: bad arguments`,
  },
  format: {
    synopsis: `  ${PAPERS} format --corpus FILE... [--style ID|TITLE|FILE.csl] [--locale xx-XX]
      [--format ${REFERENCE_FORMS.join('|')}] [KEY...]
      the bibliography of the keys (every entry of the files when none is given) in the style's
      order, one reference a paragraph; exit 1 when a key is not found`,
    more: `styles: ${BUNDLED_STYLES.map(s => s.id).join(', ')} (APA unless given), a .csl file, or any style of
  the CSL repository by id or title (ieee-access, "Nature Communications"), fetched once and kept
  (PAPERS_CSL_STYLES_URL: a mirror of the repository; PAPERS_CACHE_DIR: where styles are kept)
--corpus FILE: a bibliography (.bib, CSL-JSON .json, .yaml, .yml), repeatable`,
  },
  add: {
    synopsis: `  ${PAPERS} add ID... [--format ${ADD_FORMATS.join('|')}]
      the entries of papers fetched by arXiv id, DOI or link (arxiv.org, doi.org,
      huggingface.co/papers); exit 1 when one cannot be found or fetched`,
    more: SERVICES,
  },
  daily: {
    synopsis: `  ${PAPERS} daily [--date YYYY-MM-DD | --week YYYY-Www | --month YYYY-MM] [--json]
      Hugging Face's daily papers (the latest day by default), in the site's order: upvotes,
      arXiv id, title, authors, organisation`,
    more: SERVICES,
  },
  refs: {
    synopsis: `  ${PAPERS} refs ID [--json] [--limit N]
      the papers it cites, from Semantic Scholar: citations, year, title, authors, id;
      exit 1 when the paper is not found`,
    more: SCHOLAR,
  },
  'cited-by': {
    synopsis: `  ${PAPERS} cited-by ID [--json] [--limit N]
      the papers that cite it (the first 100 unless --limit, up to 1000)`,
    more: SCHOLAR,
  },
  recommend: {
    synopsis: `  ${PAPERS} recommend ID... [--json] [--limit N]
      papers like it (like all of them, given several), from Semantic Scholar's recommendations`,
    more: SCHOLAR,
  },
  suggest: {
    synopsis: `  ${PAPERS} suggest FILE... [--json] [--limit N]
      what the documents do not cite that the papers they cite point to (cited by, or citing,
      several of them), best first, with the reason`,
    more: `documents: .tex, .md, .qmd, .Rmd, .typ, .rst, with their projects and bibliographies;
the cited papers are known by their arXiv ids and DOIs. ${SCHOLAR}`,
  },
  'zotero search': {
    synopsis: `  ${PAPERS} zotero search WORDS... [--json]
      the items of your Zotero library that Zotero's quick search finds: key, year, title, authors`,
    more: ZOTERO,
  },
  'zotero export': {
    synopsis: `  ${PAPERS} zotero export KEY... [--format ${ZOTERO_FORMATS.join('|')}]
      the entries of the Zotero items with these keys, as citing them in the editor appends them`,
    more: ZOTERO,
  },
} satisfies Record<string, { synopsis: string; more: string }>;

export type Command = keyof typeof COMMANDS;

const isCommand = (word: string): word is Command => Object.hasOwn(COMMANDS, word);

/** The command the arguments name (the first word that is one, before any `--`), if any. */
export function commandOf(argv: readonly string[]): Command | undefined {
  const end = argv.indexOf('--');
  const words = end < 0 ? argv : argv.slice(0, end);
  // `zotero search` is not `search`: the zotero commands are two words.
  if (words[0] === 'zotero') return [`zotero ${words[1]}`].find(isCommand);
  return words.find(isCommand);
}

/**
 * The usage for these arguments: the command's own when they name one (`format --help`,
 * `help format`, bad arguments to `format`), else the general usage of every command.
 *
 * @example usageFor(['format', '--help']).startsWith('usage:\n  papers format')
 */
export function usageFor(argv: readonly string[]): string {
  const command = commandOf(argv);
  if (command) return `usage:\n${COMMANDS[command].synopsis}\n${COMMANDS[command].more}`;
  if (argv[0] === 'zotero') return `usage:\n${COMMANDS['zotero search'].synopsis}\n${COMMANDS['zotero export'].synopsis}\n${ZOTERO}`;
  return `usage:
${Object.values(COMMANDS).map(c => c.synopsis).join('\n')}
${LIBRARY_OPTIONS}
add and daily: ${SERVICES}
zotero search and zotero export: ${ZOTERO}
refs, cited-by, recommend and suggest: ${SCHOLAR}
${PAPERS} COMMAND --help (or ${PAPERS} help COMMAND) prints that command's usage alone; ${PAPERS} --version, the version`;
}
