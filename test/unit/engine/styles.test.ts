import * as assert from 'node:assert/strict';
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { Worker } from 'node:worker_threads';
import { RESULT_SCHEMAS, ResponseSchema, type Request } from '../../../src/engine/protocol';
import { ENGINE_WORKER } from '../../../src/platform/worker';
import { ROOT } from '../support/seeds';

const BUNDLE = { path: join(ROOT, 'dist', 'styles.js.lz') };
const BIB = '@book{russell2020aima,\n  author = {Russell, Stuart and Norvig, Peter},\n  title = {Artificial Intelligence: A Modern Approach},\n  publisher = {Pearson},\n  year = 2020\n}\n'
  + '@article{vaswani2017,\n  author = {Vaswani, Ashish and Shazeer, Noam},\n  title = {Attention Is All You Need},\n  journal = {NeurIPS},\n  year = 2017\n}\n';
const bytes = (text: string) => new TextEncoder().encode(text).buffer as ArrayBuffer;

suite('the engine worker formats references (format, styleEngine)', () => {
  let worker: Worker;
  let next = 0;
  const progress = new Map<number, number[]>();
  const waiting = new Map<number, (message: unknown) => void>();
  /** A request's checked answer, and the progress reported on the way. */
  const ask = async <T extends 'format' | 'styleEngine' | 'load' | 'setInput'>(request: Request & { type: T }) => {
    const id = ++next;
    progress.set(id, []);
    const response = await new Promise<unknown>(resolve => {
      waiting.set(id, resolve);
      worker.postMessage({ ...request, id });
    });
    const parsed = ResponseSchema.parse(response);
    assert.ok('ok' in parsed && parsed.ok, JSON.stringify(parsed));
    return { result: RESULT_SCHEMAS[request.type].parse(parsed.result) as never, progress: progress.get(id)! };
  };

  suiteSetup(async () => {
    worker = new Worker(join(ROOT, 'dist', 'engine.js'), { workerData: ENGINE_WORKER });
    worker.on('message', (message: { id: number; progress?: number }) => {
      if (message.progress !== undefined) progress.get(message.id)?.push(message.progress);
      else { waiting.get(message.id)?.(message); waiting.delete(message.id); }
    });
  });
  suiteTeardown(() => worker.terminate());

  test('asks for the style bundle until it is sent, then builds the engine', async () => {
    assert.deepEqual((await ask({ type: 'styleEngine', style: { bundled: 'apa' } })).result, { needsBundle: true });
    const info = (await ask({ type: 'styleEngine', style: { bundled: 'ieee' }, bundle: BUNDLE })).result as { title: string; numeric: boolean };
    assert.equal(info.title, 'IEEE');
    assert.equal(info.numeric, true);
    // Loaded once: later requests need no bundle.
    assert.equal(((await ask({ type: 'styleEngine', style: { bundled: 'apa' } })).result as { locale: string }).locale, 'en-US');
  });

  test('formats papers sent with the request, naming those that are missing', async () => {
    const paper = { id: 'x', key: 'x', title: 'A Paper', abstract: '', authorsCount: null, organization: null, date: '2020-01-02', year: 2020, upvotes: null, links: [], topics: [], sources: [] };
    const { result } = await ask({ type: 'format', keys: ['x', 'gone'], papers: [paper, null], style: { bundled: 'apa' }, output: 'text', kind: 'reference' });
    assert.deepEqual(result, { entries: [{ key: 'x', text: 'A Paper. (2020).' }], missing: ['gone'] });
  });

  test('formats the library\'s papers by key: a bibliography in the style\'s order, with progress, and the citations', async () => {
    await ask({ type: 'load', library: readFileSync(join(ROOT, 'dist', 'library.deflate')).buffer.slice(0) as ArrayBuffer });
    await ask({ type: 'setInput', bibliographies: [{ uri: 'file:///w/refs.bib', file: 'refs.bib', bytes: bytes(BIB) }] });
    const keys = ['vaswani2017', 'russell2020aima'];
    const apa = await ask({ type: 'format', keys, style: { bundled: 'apa' }, output: 'text', kind: 'bibliography' });
    const entries = (apa.result as { entries: { key: string; text: string }[] }).entries;
    assert.deepEqual(entries.map(e => e.key), ['russell2020aima', 'vaswani2017'], 'APA: by author');
    assert.equal(entries[0].text, 'Russell, S., & Norvig, P. (2020). Artificial intelligence: A modern approach. Pearson.');
    assert.ok(apa.progress.length > 0 && apa.progress.every(f => f >= 0 && f <= 1), `progress: ${apa.progress.join(', ')}`);
    const ieee = await ask({ type: 'format', keys, style: { bundled: 'ieee' }, output: 'text', kind: 'citations' });
    assert.deepEqual((ieee.result as { entries: { text: string }[] }).entries.map(e => e.text), ['[1]', '[2]'], 'IEEE: in the order cited');
  });

  test('a document\'s keys formatted ahead (a key no paper has passed over): its hovers then answer as before', async () => {
    const ahead = await ask({ type: 'styleEngine', style: { bundled: 'nature' }, ahead: { keys: ['vaswani2017', 'nobody', 'russell2020aima'], output: 'markdown', wait: true } });
    assert.equal((ahead.result as { title: string }).title, 'Nature');
    const hover = await ask({ type: 'format', keys: ['russell2020aima'], style: { bundled: 'nature' }, output: 'markdown', kind: 'reference' });
    assert.deepEqual((hover.result as { entries: { text: string }[] }).entries.map(e => e.text), ['1. Russell, S. \\& Norvig, P. *Artificial intelligence: A modern approach*. (Pearson, 2020).']);
  });

  test('a .csl that is not a style gives its file and line, and APA stands in', async () => {
    const xml = '<?xml version="1.0"?>\n<style xmlns="http://purl.org/net/xbiblio/csl" class="in-text">\n  <info><title>Broken</title>\n</style>\n';
    const { result } = await ask({ type: 'format', keys: ['russell2020aima'], style: { xml, file: 'broken.csl' }, output: 'text', kind: 'reference' });
    const { entries, problem } = result as { entries: { text: string }[]; problem?: { file: string; line: number } };
    assert.equal(problem?.file, 'broken.csl');
    assert.equal(problem?.line, 4);
    assert.equal(entries[0].text, 'Russell, S., & Norvig, P. (2020). Artificial intelligence: A modern approach. Pearson.');
  });
});
