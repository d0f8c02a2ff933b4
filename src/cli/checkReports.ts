// What `papers check` prints for machines other than a terminal: GitHub's workflow commands, which
// show each problem on the pull request's line (`--format github`), and SARIF 2.1.0, what
// code-scanning tools read (`--format sarif`). Text only: no file is read or written here.
import type { ReportedProblem } from '../core/health';

/** Where the command line's source and documentation are (SARIF's informationUri). */
export const PAPERS_HOME = 'https://github.com/paperslab/papers-vscode';

/**
 * A workflow command's message, as GitHub's runner unescapes it: `%` first, then CR and LF,
 * so that a key holding a line break cannot start a command of its own.
 *
 * @example escapeData('50% of\nkeys') → '50%25 of%0Akeys'
 */
export function escapeData(text: string): string {
  return text.replace(/%/g, '%25').replace(/\r/g, '%0D').replace(/\n/g, '%0A');
}

/**
 * A workflow command's property value (file, title): as a message, and `:` and `,`, which end a
 * property.
 *
 * @example escapeProperty('a,b:c.tex') → 'a%2Cb%3Ac.tex'
 */
export function escapeProperty(text: string): string {
  return escapeData(text).replace(/:/g, '%3A').replace(/,/g, '%2C');
}

/**
 * One `::error` or `::warning` line a problem: its file, line and column, the problem's code as
 * title, and its message. A problem that fails the check is an error (the check's red cross
 * names it), any other a warning, whatever the compiler-style line calls it.
 *
 * @example githubAnnotations([{ file: 'paper.tex', line: 12, column: 8, severity: 'warning', code: 'undefined-key', message: 'ReAct2022 is not in references.bib' }], () => true)
 *   → ['::error file=paper.tex,line=12,col=8,title=undefined-key::ReAct2022 is not in references.bib']
 */
export function githubAnnotations(problems: readonly ReportedProblem[], fails: (problem: ReportedProblem) => boolean): string[] {
  return problems.map(p => {
    const properties = [`file=${escapeProperty(p.file)}`, `line=${p.line}`, `col=${p.column}`, `title=${escapeProperty(p.code)}`];
    return `::${fails(p) ? 'error' : 'warning'} ${properties.join(',')}::${escapeData(p.message)}`;
  });
}

/** What each problem code means, for SARIF's rules (a code not listed is described by its name). */
const RULES: Record<string, string> = {
  'undefined-key': 'A citation key that no bibliography of the document defines',
  'no-bibliography': 'A document that cites but names no bibliography',
  'missing-bibliography': 'A bibliography the document names that does not exist',
  'duplicate-key': 'A key defined twice in a bibliography',
  'malformed-entry': 'A bibliography entry that cannot be read whole',
  'unclosed-entry': 'A bibliography entry whose braces are not closed',
  'unclosed-value': 'A field value that is not closed',
  'missing-key': 'A bibliography entry without a key',
  'key-character': 'A key with a character BibTeX does not allow',
  'duplicate-field': 'A field given twice in one entry',
  'undefined-string': 'A @string abbreviation that is not defined',
  'stray-brace': 'A brace outside any entry',
  'stray-at': 'An "@" that starts no entry',
  syntax: 'Bibliography syntax BibTeX cannot read',
  yaml: 'A YAML bibliography that cannot be read',
  'missing-include': 'A file the project brings in that does not exist',
  'unresolved-include': 'A file the project brings in by a path that cannot be resolved',
  'include-cycle': 'A file that brings itself in, through others',
};

/** A path as a relative URI reference: each segment percent-encoded, `/` kept. */
function uriOf(path: string): string {
  return path.split(/[\\/]/).map(encodeURIComponent).join('/');
}

/**
 * The problems as a SARIF 2.1.0 log of one run: a rule per code, a result per problem with its
 * level (error when it fails the check) and its place, paths relative to the folder checked from
 * (`%SRCROOT%`, the repository's top when run there).
 */
export function sarifLog(problems: readonly ReportedProblem[], fails: (problem: ReportedProblem) => boolean, version: string): object {
  const codes = [...new Set(problems.map(p => p.code))].sort();
  return {
    $schema: 'https://json.schemastore.org/sarif-2.1.0.json',
    version: '2.1.0',
    runs: [{
      tool: {
        driver: {
          name: 'papers',
          version,
          informationUri: PAPERS_HOME,
          rules: codes.map(id => ({ id, shortDescription: { text: RULES[id] ?? id } })),
        },
      },
      results: problems.map(p => ({
        ruleId: p.code,
        ruleIndex: codes.indexOf(p.code),
        level: fails(p) ? 'error' : 'warning',
        message: { text: p.message },
        locations: [{
          physicalLocation: {
            artifactLocation: { uri: uriOf(p.file), uriBaseId: '%SRCROOT%' },
            region: { startLine: p.line, startColumn: p.column },
          },
        }],
      })),
    }],
  };
}
