// The real tools as judges of which keys a text cites, many texts per run:
//   - biblatex: each text in its own refsection of one document, read back from the .bcf
//     (biblatex writes every cited key there, in order, duplicates included, whether or not a
//     .bib defines it, and \nocite{*} as a key "*"), after one pdflatex run, no biber needed;
//   - natbib: the texts in one document, each after a marker written to the .aux, read back from
//     the \citation{…} lines natbib writes there (what BibTeX would read);
//   - pandoc: the texts in one Markdown document, each after a heading with a known identifier,
//     read back from the Cite elements of pandoc's JSON, in document order.
import * as assert from 'node:assert/strict';
import { spawn } from 'node:child_process';
import { mkdirSync, readFileSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { run, type Run } from '../tools';

/** What a tool read in one text: the keys in order, and whether it cites everything (`*`). */
export interface Judged {
  keys: string[];
  all: boolean;
}

const judged = (): Judged => ({ keys: [], all: false });
const addKey = (j: Judged, key: string) => (key === '*' ? (j.all = true) : j.keys.push(key));

/** The packages a text may use: the verbatim environments the scanner skips, and \url and \href. */
const PACKAGES = ['\\usepackage{comment}', '\\usepackage{listings}', '\\usepackage{fancyvrb}', '\\usepackage[draft]{minted}', '\\usepackage{url}'];

/** Errors in a LaTeX log, each with the input line it names. */
function latexErrors(log: string): string[] {
  const lines = log.split('\n');
  const errors: string[] = [];
  lines.forEach((line, i) => {
    if (line.startsWith('!')) errors.push(`${line} ${lines.slice(i + 1, i + 4).find(l => /^l\.\d+/.test(l)) ?? ''}`);
  });
  return errors;
}

/** Which text a line of the generated document belongs to, for error messages. */
function textOfLine(starts: number[], line: number): number {
  let t = -1;
  for (let i = 0; i < starts.length && starts[i] <= line; i++) t = i;
  return t;
}

/** pdflatex on `name`.tex in `dir`, without blocking: LaTeX runs are what the oracle waits for, so two go side by side. */
function pdflatex(dir: string, name: string): Promise<Run> {
  const started = Date.now();
  return new Promise((resolve, reject) => {
    const child = spawn('pdflatex', ['-interaction=nonstopmode', `${name}.tex`], { cwd: dir, stdio: ['ignore', 'pipe', 'pipe'] });
    let stdout = '';
    let stderr = '';
    child.stdout.on('data', (d: Buffer) => (stdout += d.toString()));
    child.stderr.on('data', (d: Buffer) => (stderr += d.toString()));
    child.on('error', (e: NodeJS.ErrnoException) => reject(e.code === 'ENOENT' ? new Error('pdflatex is not installed: apt-get install texlive-latex-base texlive-latex-extra biber texlive-bibtex-extra') : e));
    child.on('close', status => resolve({ status, stdout, stderr, ms: Date.now() - started }));
  });
}

/** Writes the texts into one document (each after `before(i)`), compiles it, and checks that LaTeX reported no error. */
async function compile(dir: string, name: string, preamble: string[], texts: readonly string[], before: (i: number) => string): Promise<{ run: Run; starts: number[] }> {
  const lines = ['\\documentclass{article}', ...preamble, '\\begin{document}'];
  const starts: number[] = [];
  texts.forEach((text, i) => {
    lines.push('', before(i));
    starts.push(lines.length + 1);
    lines.push(text, '');
  });
  lines.push('\\end{document}', '');
  writeFileSync(join(dir, `${name}.tex`), lines.join('\n'));
  const r = await pdflatex(dir, name);
  const errors = latexErrors(readFileSync(join(dir, `${name}.log`), 'latin1'));
  assert.deepEqual(errors.map(e => {
    const line = Number(/l\.(\d+)/.exec(e)?.[1] ?? 0);
    const t = textOfLine(starts, line);
    return `${e}\n  in text ${t}: ${JSON.stringify(texts[t])}`;
  }), [], `${name}.tex: the texts must be valid LaTeX for the judge to mean anything`);
  return { run: r, starts };
}

const XML_ENTITIES: Record<string, string> = { amp: '&', lt: '<', gt: '>', quot: '"', apos: "'" };
const unxml = (s: string) => s.replace(/&(amp|lt|gt|quot|apos);/g, (_, e: string) => XML_ENTITIES[e]);

/**
 * The keys biblatex records for each text (loaded with natbib=true, so that natbib's commands
 * are biblatex's too): text i of a document is its refsection i + 1. biblatex takes a few tens
 * of milliseconds a citation, so the texts go into two documents compiled side by side.
 */
export async function judgeBiblatex(dir: string, texts: readonly string[]): Promise<{ results: Judged[]; runs: Run[] }> {
  const preamble = ['\\usepackage[backend=biber,natbib=true]{biblatex}', '\\usepackage{underscore}', ...PACKAGES];
  const half = Math.ceil(texts.length / 2);
  const chunks = texts.length > 20 ? [texts.slice(0, half), texts.slice(half)] : [texts];
  const judgedChunks = await Promise.all(chunks.map(async (chunk, c) => {
    const sub = join(dir, `part${c}`);
    mkdirSync(sub, { recursive: true });
    const { run: r } = await compile(sub, 'biblatex', preamble, chunk, () => '\\newrefsection');
    const bcf = readFileSync(join(sub, 'biblatex.bcf'), 'utf8');
    const results = chunk.map(judged);
    for (const section of bcf.matchAll(/<bcf:section number="(\d+)">([\s\S]*?)<\/bcf:section>/g)) {
      const text = Number(section[1]) - 1;
      for (const key of section[2].matchAll(/<bcf:citekey[^>]*>([^<]*)<\/bcf:citekey>/g)) {
        assert.ok(text >= 0 && text < chunk.length, `a key outside the texts' refsections: ${key[1]}`);
        addKey(results[text], unxml(key[1]));
      }
    }
    return { results, run: r };
  }));
  return { results: judgedChunks.flatMap(j => j.results), runs: judgedChunks.map(j => j.run) };
}

/**
 * The keys natbib writes to the .aux for each text, as BibTeX reads them: one \citation{…} per
 * citation command, split at commas, blanks trimmed (natbib keeps a blank before a comma).
 */
export async function judgeNatbib(dir: string, texts: readonly string[]): Promise<{ results: Judged[]; run: Run }> {
  const preamble = [
    '\\usepackage{natbib}', ...PACKAGES,
    '\\makeatletter\\newcommand\\oraclemark[1]{\\immediate\\write\\@auxout{\\string\\oraclemark{#1}}}\\makeatother',
  ];
  const { run: r } = await compile(dir, 'natbib', preamble, texts, i => `\\oraclemark{${i}}`);
  const aux = readFileSync(join(dir, 'natbib.aux'), 'utf8');
  const results = texts.map(judged);
  let text = -1;
  for (const line of aux.split('\n')) {
    const mark = /^\\oraclemark\{(\d+)\}/.exec(line);
    if (mark) text = Number(mark[1]);
    const citation = /^\\citation\{(.*)\}$/.exec(line);
    if (citation) {
      assert.ok(text >= 0, `a citation before the first text: ${line}`);
      for (const key of citation[1].split(',')) if (key.trim()) addKey(results[text], key.trim());
    }
  }
  return { results, run: r };
}

type Json = null | boolean | number | string | Json[] | { [k: string]: Json };

/** The citation ids under a pandoc JSON node, in document order (a citation's prefix before its id, its suffix after). */
function citeIds(node: Json, into: Judged): void {
  if (Array.isArray(node)) {
    for (const n of node) citeIds(n, into);
    return;
  }
  if (!node || typeof node !== 'object') return;
  if (node.t === 'Cite') {
    const [citations] = node.c as [{ citationId: string; citationPrefix: Json; citationSuffix: Json }[], Json];
    for (const c of citations) {
      citeIds(c.citationPrefix, into);
      addKey(into, c.citationId);
      citeIds(c.citationSuffix, into);
    }
    return;
  }
  for (const value of Object.values(node)) citeIds(value, into);
}

const SEPARATOR = 'oracle-separator-';
/** A line that may start an example list item, `(@label)`, `@label.` or `@label)`, maybe inside a quote or another list. */
const EXAMPLE_MARKER = /^[ \t]*(?:(?:[>*+:~-]|\(?[\p{L}\p{N}#]{1,9}[.)])[ \t]*)*\(?@[\p{L}\p{N}_-]*[.)](?:[ \t]|$)/mu;

/**
 * The citation keys pandoc reads in each text. The texts go into one document, each after a
 * level-one heading with a known identifier, 200 at a time; a batch whose headings do not all
 * come back (a text that swallowed the next one's heading) is judged again in halves. Texts
 * must not share link or footnote labels (they are the whole document's); one that may define an
 * example list label is judged alone.
 */
export function judgePandoc(dir: string, texts: readonly string[]): { results: Judged[]; runs: Run[] } {
  const runs: Run[] = [];
  const pandoc = (input: string): { blocks: Json[] } => {
    const r = run('pandoc', ['-f', 'markdown', '-t', 'json'], dir, input);
    runs.push(r);
    assert.equal(r.status, 0, r.stderr);
    return JSON.parse(r.stdout) as { blocks: Json[] };
  };
  const batch = (indices: number[]): Judged[] | undefined => {
    const { blocks } = pandoc(indices.map((t, k) => `# ${SEPARATOR}${k} {#${SEPARATOR}${k}}\n\n${texts[t]}\n\n`).join(''));
    const results = indices.map(judged);
    let current = -1;
    for (const block of blocks) {
      const b = block as { t: string; c: Json[] };
      if (b.t === 'Header') {
        const id = (b.c[1] as Json[])[0] as string;
        if (id.startsWith(SEPARATOR)) {
          if (Number(id.slice(SEPARATOR.length)) !== current + 1) return undefined;
          current++;
          continue;
        }
      }
      if (current < 0) return undefined;
      citeIds(block, results[current]);
    }
    return current === indices.length - 1 ? results : undefined;
  };
  const results: Judged[] = new Array<Judged>(texts.length);
  const judge = (indices: number[]): void => {
    const judgedBatch = batch(indices);
    if (judgedBatch) indices.forEach((t, k) => (results[t] = judgedBatch[k]));
    else if (indices.length === 1) assert.fail(`pandoc lost text ${indices[0]}'s heading`);
    else {
      // Halves until the text that swallows the next one's heading is judged alone.
      judge(indices.slice(0, indices.length >> 1));
      judge(indices.slice(indices.length >> 1));
    }
  };
  // An example list's labels are the whole document's: a text that may define one is judged alone.
  const alone = texts.map((t, i) => (EXAMPLE_MARKER.test(t) ? i : -1)).filter(i => i >= 0);
  const together = texts.map((_, i) => i).filter(i => !alone.includes(i));
  for (let k = 0; k < together.length; k += 200) judge(together.slice(k, k + 200));
  for (const t of alone) judge([t]);
  return { results, runs };
}
