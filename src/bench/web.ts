// A fetched day joining the library: 50 papers of a Hugging Face day, given to the engine beside
// the bundled papers and a real bibliography, until they are searchable and in the tree; and what
// the extension host does for it (the copy of the papers it posts to the worker and the check of
// the answer), which is all of the join it feels: the rest runs in the engine worker.
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { outsideEntries, parseBib } from '../core/bibliography/bibtex/parse';
import type { FetchedPaper } from '../core/web/record';
import { webPaperId } from '../core/web/toPaper';
import { InputReportSchema } from '../engine/protocol';
import { LibraryService } from '../engine/service';
import type { WebInput } from '../engine/web';

const DAY = 50;
const RUNS = 7;
const LIBRARY = join('bibtex-tidy', 'better-bibtex', 'Unabbreviate_on_import_1436-1.bib');

const ms = (n: number) => `${n.toFixed(1)} ms`;
const median = (values: number[]) => [...values].sort((a, b) => a - b)[Math.floor(values.length / 2)];

/** A day of papers as Hugging Face lists them, made from the entries of a real bibliography (authors, titles, abstracts). */
function madeDay(bib: string, run: number): FetchedPaper[] {
  const entries = parseBib(bib).entries.filter(e => e.fields.title).slice(run * DAY, (run + 1) * DAY);
  return entries.map((entry, i): FetchedPaper => {
    const arxivId = `25${String(run).padStart(2, '0')}.${String(10_000 + i)}`;
    return {
      source: 'huggingface', type: 'article', arxivId, title: `${entry.fields.title} (${run}-${i})`,
      abstract: entry.fields.abstract ?? `${entry.fields.title}: what it does, and how well.`,
      authors: [{ given: 'Ada', family: `Author${i}` }, { given: 'Alan', family: 'Second' }],
      issued: { year: 2025, month: 1, day: 15 }, upvotes: DAY - i, organization: { handle: 'org', name: 'Org' },
      links: { abstract: `https://arxiv.org/abs/${arxivId}`, pdf: `https://arxiv.org/pdf/${arxivId}`, discussion: `https://huggingface.co/papers/${arxivId}` },
      listed: '2025-01-15',
    };
  });
}

/** Measures the join and prints its table (`npm run bench`). */
export async function benchWebJoin(root: string, shared: string): Promise<void> {
  console.log('\n## A fetched day joining the library\n');
  const dist = (name: string) => readFileSync(join(root, 'dist', name), 'utf8');
  const bib = readFileSync(join(shared, LIBRARY), 'utf8');
  const service = LibraryService.load({ corpus: dist('corpus.json'), names: dist('names.index'), text: dist('fulltext.index') });
  const refs = { uri: 'file:///work/refs.bib', file: 'refs.bib', text: bib };
  await service.setInput({ corpus: [], bibliographies: [refs] });
  await service.settled();
  const joins: number[] = [];
  const hostParts: number[] = [];
  const web: WebInput = { batches: [], keys: {} };
  for (let run = 0; run < RUNS; run++) {
    const papers = madeDay(bib, run);
    web.batches.push({ fetched: new Date().toISOString(), papers });
    const started = performance.now();
    // The host's part: the papers copied to the worker (structured clone), the answer checked.
    const sent = structuredClone(web);
    const hostCopy = performance.now() - started;
    const report = await service.setInput({ web: sent });
    // The host keeps the keys given, and gives them back with the next fetch (WebPapers.join).
    Object.assign(web.keys, report.web?.newKeys);
    const key = report.web?.keys[webPaperId(papers[0])];
    if (!key || service.query(papers[0].title, { limit: 1 }).rows[0]?.key !== key) throw new Error('the fetched day is not searchable');
    joins.push(performance.now() - started);
    const checked = performance.now();
    InputReportSchema.parse(structuredClone(report));
    hostParts.push(hostCopy + performance.now() - checked);
  }
  const rows = [
    [`${DAY} fetched papers join (${RUNS} days, one after another, beside the bundled papers and a ${parseBib(bib).entries.length}-entry bibliography), until searchable`,
      `median ${ms(median(joins))}, longest ${ms(Math.max(...joins))}`],
    ['of which on the extension host (the papers posted, the answer checked)', `median ${ms(median(hostParts))}, longest ${ms(Math.max(...hostParts))}`],
  ];
  const width = Math.max(...rows.map(r => r[0].length));
  console.log(`| what | time |\n|${'-'.repeat(width + 2)}|------|\n${rows.map(([what, time]) => `| ${what.padEnd(width)} | ${time} |`).join('\n')}`);
}

/** A real library near 1 MB, and a made one of 20,000 entries: where a pasted link goes is asked of each. */
const PASTE_LIBRARY = join('bibtex-tidy', 'better-bibtex', 'Maintain_the_JabRef_group_and_subgroup_structure_when_importing_a_BibTeX_db_97.bib');
const PASTES = 50;

/**
 * A link pasted into a large .bib: whether it goes between entries is asked on the extension
 * host (the paste provider runs there). Reading the whole file, as it did, beside reading the
 * entries around the cursor, as it does; both must answer alike.
 */
export function benchPaste(shared: string): void {
  console.log('\n## A link pasted into a large .bib (on the extension host)\n');
  const made = Array.from({ length: 20_000 }, (_, i) => `@article{key${i},\n  author = {Doe, Jane and Roe, Richard},\n  title = {Paper number ${i}},\n  journal = {Journal},\n  year = {2020}\n}\n\n`).join('');
  const rows: string[][] = [];
  for (const [name, text] of [[PASTE_LIBRARY.split('/').pop()!, readFileSync(join(shared, PASTE_LIBRARY), 'utf8')], ['20,000 made entries', made]]) {
    const { entries } = parseBib(text);
    const offsets = Array.from({ length: PASTES }, (_, i) => entries[Math.floor((i * entries.length) / PASTES)].end + 1);
    const whole = (offset: number) => !parseBib(text).entries.some(e => e.start < offset && offset < e.end);
    for (const offset of offsets) if (whole(offset) !== outsideEntries(text, offset)) throw new Error(`the answers differ at ${offset} of ${name}`);
    const time = (ask: (offset: number) => boolean) => offsets.map(offset => { const started = performance.now(); ask(offset); return performance.now() - started; });
    const [before, after] = [time(whole), time(offset => outsideEntries(text, offset))];
    const what = `${name} (${(text.length / 1e6).toFixed(2)} M characters, ${entries.length.toLocaleString('en')} entries), ${PASTES} pastes`;
    rows.push([`${what}: the whole file read`, `median ${ms(median(before))}, longest ${ms(Math.max(...before))}`]);
    rows.push([`${what}: the entries around the cursor`, `median ${median(after).toFixed(2)} ms, longest ${Math.max(...after).toFixed(2)} ms`]);
  }
  const width = Math.max(...rows.map(r => r[0].length));
  console.log(`| what | time |\n|${'-'.repeat(width + 2)}|------|\n${rows.map(([what, time]) => `| ${what.padEnd(width)} | ${time} |`).join('\n')}`);
}
