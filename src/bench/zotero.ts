// A Zotero library of 20,000 items (made from the recorded ones of Zotero's Web API, each with its
// own key and title) read whole, then ten items changed in Zotero: what the extension host does for
// each (a page of items read and checked with zod, the items it posts to the engine worker, the
// versions it asks for what changed), and the engine's join until the items are searchable.
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { ZoteroItemsSchema, ZoteroVersionsSchema, type ZoteroItem } from '../core/zotero/item';
import { ZOTERO_CHUNK } from '../core/zotero/change';
import type { ZoteroInput } from '../core/zotero/join';
import { LibraryService } from '../engine/service';

const ITEMS = 20_000;
/** Zotero's page: the host reads the library 100 items at a time. */
const PAGE = 100;
const CHANGED = 10;

const ms = (n: number) => `${n.toFixed(1)} ms`;
/** The process's CPU time so far (ms): the worker's own work, which other work on the machine does not lengthen as it does the wall clock. */
const cpu = () => { const { user, system } = process.cpuUsage(); return (user + system) / 1000; };
const median = (values: number[]) => [...values].sort((a, b) => a - b)[Math.floor(values.length / 2)];

/** 20,000 items in the shape Zotero answers with, titled by the bundled papers' titles (so that search has real words). */
function madeLibrary(root: string, titles: readonly string[]): Record<string, unknown>[] {
  const recorded = JSON.parse(readFileSync(join(root, 'test', 'fixtures', 'scholarly-apis', 'zotero', 'items_doc.json'), 'utf8')) as { key: string; data: Record<string, unknown> }[];
  return Array.from({ length: ITEMS }, (_, i) => {
    const model = recorded[i % recorded.length];
    const key = `B${i.toString(36).toUpperCase().padStart(7, '0')}`;
    const title = `${titles[i % titles.length]} ${i}`;
    return { ...model, key, version: 1, data: { ...model.data, key, version: 1, title } };
  });
}

/** Measures it and prints its table (`npm run bench`). */
export async function benchZotero(root: string): Promise<void> {
  console.log(`\n## A Zotero library of ${ITEMS.toLocaleString('en')} items\n`);
  const dist = (name: string) => readFileSync(join(root, 'dist', name), 'utf8');
  const corpus = JSON.parse(dist('corpus.json')) as { papers: { title: string }[] };
  const made = madeLibrary(root, corpus.papers.map(p => p.title));

  // The host: each page as Zotero sends it, parsed and checked.
  const pageTimes: number[] = [];
  const items: ZoteroItem[] = [];
  for (let start = 0; start < made.length; start += PAGE) {
    const body = JSON.stringify(made.slice(start, start + PAGE));
    const started = performance.now();
    items.push(...ZoteroItemsSchema.parse(JSON.parse(body)));
    pageTimes.push(performance.now() - started);
  }
  // The host: the items posted to the worker (a structured clone), whole and in the chunks it sends.
  const whole = (() => { const started = performance.now(); structuredClone({ items, keys: {} }); return performance.now() - started; })();
  const chunkTimes: number[] = [];
  for (let start = 0; start < items.length; start += ZOTERO_CHUNK) {
    const started = performance.now();
    structuredClone({ items: items.slice(start, start + ZOTERO_CHUNK), keys: {}, partial: true });
    chunkTimes.push(performance.now() - started);
  }
  // The host: what changed, asked of Zotero (every item's version), read and checked.
  const versionsBody = JSON.stringify(Object.fromEntries(items.map(i => [i.key, i.version])));
  const versionsStarted = performance.now();
  ZoteroVersionsSchema.parse(JSON.parse(versionsBody));
  const versionsMs = performance.now() - versionsStarted;

  // The engine worker: the bundled papers, then Zotero's items in chunks as the host sends them, until searchable.
  const service = LibraryService.load({ corpus: dist('corpus.json'), names: dist('names.index'), text: dist('fulltext.index') });
  await service.settled();
  const firstStarted = performance.now();
  const firstCpu = cpu();
  let keys: Record<string, string> = {};
  for (let start = 0; start < items.length; start += ZOTERO_CHUNK) {
    const input: ZoteroInput = { items: items.slice(start, start + ZOTERO_CHUNK), keys, ...(start ? { partial: true as const } : {}) };
    const report = await service.setInput({ zotero: input });
    keys = { ...keys, ...report.zotero?.newKeys };
  }
  const last = items[items.length - 1];
  const searchable = (item: ZoteroItem, title: string) => service.query(title, { limit: 3 }).rows.some(r => r.key === keys[item.key]);
  if (!searchable(last, last.data.title!)) throw new Error('the last Zotero item is not searchable');
  const firstMs = performance.now() - firstStarted;
  const firstCpuMs = cpu() - firstCpu;
  await service.settled();
  const settledMs = performance.now() - firstStarted;

  // Ten items changed in Zotero: the change crosses, and they are searchable by their new titles.
  const updates: number[] = [];
  const updateCpu: number[] = [];
  for (let run = 0; run < 5; run++) {
    const changed = items.slice(run * 997, run * 997 + CHANGED).map(i => ({ ...i, version: 2 + run, data: { ...i.data, title: `${i.data.title} revised ${run}` } }));
    const started = performance.now();
    const startedCpu = cpu();
    await service.setInput({ zotero: { items: changed, keys, partial: true, removed: [] } });
    if (!searchable(changed[0], changed[0].data.title!)) throw new Error('a changed Zotero item is not searchable by its new title');
    updates.push(performance.now() - started);
    updateCpu.push(cpu() - startedCpu);
    await service.settled();
  }

  const rows = [
    [`first read, in the engine worker: ${ITEMS.toLocaleString('en')} items given in chunks of ${ZOTERO_CHUNK.toLocaleString('en')} beside the bundled papers, until searchable: CPU`, ms(firstCpuMs)],
    ['… the same, wall clock', ms(firstMs)],
    ['… and until the full text is indexed too', ms(settledMs)],
    [`an update of ${CHANGED} changed items (5 runs), until searchable by their new titles: CPU`, `median ${ms(median(updateCpu))}, longest ${ms(Math.max(...updateCpu))}`],
    ['… the same, wall clock', `median ${ms(median(updates))}, longest ${ms(Math.max(...updates))}`],
    [`on the extension host: a page of ${PAGE} items parsed and checked (zod), ${pageTimes.length} pages`, `median ${ms(median(pageTimes))}, longest ${ms(Math.max(...pageTimes))}`],
    [`on the extension host: a chunk of ${ZOTERO_CHUNK.toLocaleString('en')} items posted to the worker (structured clone)`, `median ${ms(median(chunkTimes))}, longest ${ms(Math.max(...chunkTimes))}`],
    [`… against all ${ITEMS.toLocaleString('en')} items posted at once`, ms(whole)],
    [`on the extension host: every item's version (what changed), parsed and checked`, ms(versionsMs)],
  ];
  const width = Math.max(...rows.map(r => r[0].length));
  console.log(`| what | time |\n|${'-'.repeat(width + 2)}|------|\n${rows.map(([what, time]) => `| ${what.padEnd(width)} | ${time} |`).join('\n')}`);
}
