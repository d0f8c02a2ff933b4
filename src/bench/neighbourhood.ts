// A paper's neighbourhood: a page of 100 neighbours read and joining the library (beside the
// bundled papers), until the details view can show them; and the suggestions ranked for a project
// of 40 cited papers with 2,000 references and citations between them, in the engine worker, with
// the host's part apart (the links posted, the answer read). From Semantic Scholar's real records:
// Turing's paper and its 1,000 citations (the recordings in test/fixtures).
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { readNeighbourPage, type Neighbour } from '../core/web/scholar';
import { namesOf, suggestionsAt, suggestPlaces, type CitedLinks } from '../core/web/suggest';
import { webPaperId } from '../core/web/toPaper';
import { InputReportSchema, RESULT_SCHEMAS, type RequestOf } from '../engine/protocol';
import { LibraryService } from '../engine/service';
import type { WebInput } from '../engine/web';

const PAGE = 100;
const RUNS = 7;
/** Between two pages: a writer asks for the next page a second or more after the last (Show More, another paper). */
const BETWEEN_PAGES_MS = 400;
const CITED = 40;
const LINKS = 2000;

const ms = (n: number) => `${n.toFixed(1)} ms`;
const median = (values: number[]) => [...values].sort((a, b) => a - b)[Math.floor(values.length / 2)];

/** Measures both and prints their table (`npm run bench`, `--web`). */
export async function benchNeighbourhood(root: string): Promise<void> {
  console.log('\n## A paper\'s neighbourhood\n');
  const record = JSON.parse(readFileSync(join(root, 'test', 'fixtures', 'scholarly-apis', 'semanticscholar', 'Paper.json'), 'utf8')) as { citations: unknown[]; references: unknown[] };
  const dist = (name: string) => readFileSync(join(root, 'dist', name), 'utf8');
  const service = LibraryService.load({ corpus: dist('corpus.json'), names: dist('names.index'), text: dist('fulltext.index') });
  await service.setInput({ corpus: [], bibliographies: [] });
  const joins: number[] = [];
  const work: number[] = [];
  const hostParts: number[] = [];
  const keys: Record<string, string> = {};
  for (let run = 0; run < RUNS; run++) {
    // The answer as it comes (text), read; then joined as the details view joins it (one batch, replacing the last).
    const text = JSON.stringify({ offset: run * PAGE, next: (run + 1) * PAGE, data: record.citations.slice(run * PAGE, (run + 1) * PAGE).map(citingPaper => ({ isInfluential: false, citingPaper })) });
    const started = performance.now();
    const cpu = process.cpuUsage();
    const page = readNeighbourPage(JSON.parse(text), 'citations');
    const read = performance.now() - started;
    const web: WebInput = { batches: [{ fetched: new Date().toISOString(), papers: page.neighbours.map(n => n.paper), topics: false }], keys };
    const posted = performance.now();
    const sent = structuredClone(web);
    const hostCopy = performance.now() - posted;
    const report = await service.setInput({ web: sent });
    Object.assign(keys, report.web?.newKeys);
    const checked = performance.now();
    InputReportSchema.parse(structuredClone(report));
    const wanted = page.neighbours.map(n => report.web?.keys[webPaperId(n.paper)]).filter((k): k is string => !!k);
    const rows = service.rows(wanted, 0);
    hostParts.push(read + hostCopy + performance.now() - checked);
    joins.push(performance.now() - started);
    if (rows.length < page.neighbours.length * 0.9) throw new Error(`only ${rows.length} of ${page.neighbours.length} neighbours joined`);
    // The engine goes on behind the rows (the abstracts indexed, the index tidied of the last page's
    // papers): all of it is counted as CPU time, over a pause that is idle once that work is done.
    await new Promise(resolve => setTimeout(resolve, BETWEEN_PAGES_MS));
    const used = process.cpuUsage(cpu);
    work.push((used.user + used.system) / 1000);
  }
  // 40 cited papers, each pointing to 50 of the 1,014 real records (references and citations), overlapping as a field's papers do.
  const all = [...record.references, ...record.citations].map(item => readNeighbourPage({ data: [{ citingPaper: item }] }, 'citations').neighbours[0]).filter((n): n is Neighbour => !!n);
  const per = LINKS / CITED;
  const links: CitedLinks[] = Array.from({ length: CITED }, (_, i) => {
    const pick = (j: number) => all[(i * 17 + j * j * 7) % 400];
    return { scholarId: `cited-${i}`, references: Array.from({ length: per / 2 }, (_, j) => pick(j)), citations: Array.from({ length: per / 2 }, (_, j) => pick(j + per)) };
  });
  const cited = new Set(links.map(l => `s2:${l.scholarId}`));
  const ranks: number[] = [];
  const hostRanks: number[] = [];
  let count = 0;
  for (let run = 0; run < RUNS * 3; run++) {
    // The host posts the links (copied as postMessage copies them), the worker ranks them, the host reads the answer back.
    const posted = performance.now();
    const request: RequestOf<'suggest'> = structuredClone({ type: 'suggest', links, cited: [...cited, ...namesOf({ title: 'none' })], dismissed: [] });
    const post = performance.now() - posted;
    const started = performance.now();
    const answer = suggestPlaces(request.links, { cited: new Set(request.cited), dismissed: new Set(request.dismissed) });
    ranks.push(performance.now() - started);
    const read = performance.now();
    count = suggestionsAt(links, RESULT_SCHEMAS.suggest.parse(structuredClone(answer))).length;
    hostRanks.push(post + performance.now() - read);
  }
  const rows = [
    [`a page of ${PAGE} neighbours (real records) read and joined beside the bundled papers, until its rows are ready (${RUNS} pages, ${BETWEEN_PAGES_MS} ms apart)`, `median ${ms(median(joins))}, longest ${ms(Math.max(...joins))}`],
    ['all the work of a page, the abstracts indexed and the index tidied behind the rows included (CPU time)', `median ${ms(median(work))}, longest ${ms(Math.max(...work))}`],
    ['of which on the extension host (the answer read, the papers posted, the answer checked)', `median ${ms(median(hostParts))}, longest ${ms(Math.max(...hostParts))}`],
    [`suggestions ranked in the engine worker: ${CITED} cited papers, ${LINKS.toLocaleString('en')} references and citations between them (${count} suggested)`, `median ${ms(median(ranks))}, longest ${ms(Math.max(...ranks))}`],
    ['of the ranking, on the extension host (the links posted, the answer checked and read back)', `median ${ms(median(hostRanks))}, longest ${ms(Math.max(...hostRanks))}`],
  ];
  const width = Math.max(...rows.map(r => r[0].length));
  console.log(`| what | time |\n|${'-'.repeat(width + 2)}|------|\n${rows.map(([what, time]) => `| ${what.padEnd(width)} | ${time} |`).join('\n')}`);
}
