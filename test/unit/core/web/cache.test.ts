import * as assert from 'node:assert/strict';
import { dailyCacheKey, paperCacheKey, REFRESH_MS, WebCache, type KeyValueStorage } from '../../../../src/core/web/cache';
import { WebError } from '../../../../src/core/web/http';
import type { Period } from '../../../../src/core/web/period';
import type { FetchedPaper } from '../../../../src/core/web/record';

/** Storage in memory, as the host's files would hold it; set-aside entries are kept apart. */
class MemoryStorage implements KeyValueStorage {
  readonly entries = new Map<string, string>();
  readonly setAsideKeys: string[] = [];
  async get(key: string) { return this.entries.get(key); }
  async set(key: string, value: string) { this.entries.set(key, value); }
  async setAside(key: string) { this.setAsideKeys.push(key); this.entries.delete(key); }
}

const paper = (title: string): FetchedPaper => ({ source: 'huggingface', title, authors: [{ given: 'Ada', family: 'Lovelace' }], type: 'article', arxivId: '2501.00002', links: { abstract: 'https://arxiv.org/abs/2501.00002' } });
const DAY: Period = { kind: 'date', value: '2025-01-15' };
const offline = () => new WebError('network', 'Hugging Face could not be reached (…); are you offline?', 'https://huggingface.co');

function setup() {
  const storage = new MemoryStorage();
  let now = Date.parse('2025-01-15T10:00:00Z');
  const reports: string[] = [];
  const cache = new WebCache(storage, { now: () => now, report: m => reports.push(m) });
  let fetches = 0;
  const fetchDay = (title = 'One') => async () => { fetches++; return [paper(title)]; };
  return { storage, cache, reports, fetchDay, fetches: () => fetches, later: (ms: number) => { now += ms; } };
}

suite('web: the cache of fetched papers', () => {
  test('a past day is fetched once, then always served from the cache', async () => {
    const { cache, fetchDay, fetches, later } = setup();
    const first = await cache.daily(DAY, '2025-01-20', fetchDay());
    assert.equal(first.fromCache, false);
    assert.equal(first.fetched, '2025-01-15T10:00:00.000Z');
    later(365 * 86_400_000);
    const again = await cache.daily(DAY, '2026-01-20', fetchDay('Changed'));
    assert.deepEqual([again.fromCache, again.value[0].title, again.fetched, fetches()], [true, 'One', '2025-01-15T10:00:00.000Z', 1]);
  });

  test('today is served for a few minutes, then fetched again', async () => {
    const { cache, fetchDay, fetches, later } = setup();
    await cache.daily(DAY, '2025-01-15', fetchDay());
    later(REFRESH_MS - 1000);
    assert.equal((await cache.daily(DAY, '2025-01-15', fetchDay('Two'))).value[0].title, 'One');
    later(2000);
    const fresh = await cache.daily(DAY, '2025-01-15', fetchDay('Two'));
    assert.deepEqual([fresh.fromCache, fresh.value[0].title, fetches()], [false, 'Two', 2]);
  });

  test('a day fetched while it was today is fetched once more when it is over, then never again', async () => {
    const { cache, fetchDay, fetches, later } = setup();
    await cache.daily(DAY, '2025-01-15', fetchDay('Morning'));
    later(86_400_000);
    assert.equal((await cache.daily(DAY, '2025-01-16', fetchDay('Whole day'))).value[0].title, 'Whole day');
    later(86_400_000);
    const kept = await cache.daily(DAY, '2025-01-17', fetchDay('Never'));
    assert.deepEqual([kept.fromCache, kept.value[0].title, fetches()], [true, 'Whole day', 2]);
  });

  test('offline: what was fetched is served with its date and the reason; nothing fetched is an error', async () => {
    const { cache, fetchDay, later } = setup();
    await cache.daily(DAY, '2025-01-15', fetchDay());
    later(REFRESH_MS * 3);
    const served = await cache.daily(DAY, '2025-01-15', async () => { throw offline(); });
    assert.deepEqual([served.fromCache, served.value[0].title, served.fetched, served.error?.kind], [true, 'One', '2025-01-15T10:00:00.000Z', 'network']);
    await assert.rejects(cache.daily({ kind: 'week', value: '2025-W03' }, '2025-01-15', async () => { throw offline(); }), /offline/);
    // A cancelled request is the user's choice: no old papers in its place.
    await assert.rejects(cache.daily(DAY, '2025-01-15', async () => { throw new WebError('cancelled', 'cancelled', 'x'); }), /cancelled/);
  });

  test('a corrupt entry is set aside with a message and fetched again, never fatal', async () => {
    for (const text of ['{"version":1,"fetched":"2025-01-15T10:00:00Z","final":true,"papers":[{"title":3}]}', 'not json {', '{"version":0}']) {
      const { storage, cache, reports, fetchDay } = setup();
      storage.entries.set(dailyCacheKey(DAY), text);
      const day = await cache.daily(DAY, '2025-01-20', fetchDay());
      assert.deepEqual([day.fromCache, day.value[0].title], [false, 'One']);
      assert.deepEqual(storage.setAsideKeys, ['daily-date-2025-01-15']);
      assert.equal(reports.length, 1);
      assert.match(reports[0], /^The cached "daily-date-2025-01-15" could not be read \(.+\); it was set aside and will be fetched again\.$/);
    }
  });

  test('a paper by id is fetched once; keys given to fetched papers are kept', async () => {
    const { cache, storage } = setup();
    let fetched = 0;
    const get = () => cache.paper({ kind: 'doi', doi: '10.1126/Science.169' }, async () => { fetched++; return paper('By DOI'); });
    await get();
    assert.equal((await get()).fromCache, true);
    assert.equal(fetched, 1);
    assert.ok(storage.entries.has('paper-doi-10.1126%2Fscience.169'));
    assert.equal(paperCacheKey({ kind: 'arxiv', id: 'hep-th/9901001', version: 2 }), 'paper-arxiv-hep-th_9901001v2');
    assert.deepEqual(await cache.keys(), new Map());
    await cache.saveKeys(new Map([['arxiv-2501-00002', 'lovelace2025sparse']]));
    assert.deepEqual(await cache.keys(), new Map([['arxiv-2501-00002', 'lovelace2025sparse']]));
  });

  test('two views asking for one day at once share one request', async () => {
    const { cache, fetchDay, fetches } = setup();
    const [a, b] = await Promise.all([cache.daily(DAY, '2025-01-15', fetchDay()), cache.daily(DAY, '2025-01-15', fetchDay())]);
    assert.equal(a, b);
    assert.equal(fetches(), 1);
  });
});
