import * as assert from 'node:assert/strict';
import * as net from 'node:net';
import { eachInSlices, pause, SLICE_BUDGET_MS } from '../../../../src/core/util/pause';

/** Two ends of a local TCP connection, as the extension host's connection to VS Code is. */
async function connection(): Promise<{ client: net.Socket; server: net.Socket; close(): void }> {
  const listener = net.createServer();
  await new Promise<void>(resolve => listener.listen(0, '127.0.0.1', resolve));
  const port = (listener.address() as net.AddressInfo).port;
  const accepted = new Promise<net.Socket>(resolve => listener.once('connection', resolve));
  const client = net.connect(port, '127.0.0.1');
  const server = await accepted;
  return { client, server, close: () => { client.destroy(); server.destroy(); listener.close(); } };
}

suite('pause', () => {
  test('a pause taken while handling a message lets a message already waiting in first', async () => {
    const first = await connection();
    const second = await connection();
    try {
      const order: string[] = [];
      await new Promise<void>((done, fail) => {
        second.server.on('data', () => order.push('the waiting message'));
        first.server.on('data', () => {
          second.client.write('x');
          // Long enough for the kernel to have the second message ready before the pause.
          const until = Date.now() + 20;
          while (Date.now() < until) { /* busy, as a long task is */ }
          pause().then(() => { order.push('after the pause'); setTimeout(done, 50); }, fail);
        });
        first.client.write('go');
      });
      assert.deepEqual(order, ['the waiting message', 'after the pause']);
    } finally {
      first.close();
      second.close();
    }
  });

  test('pauses taken one after another resume in order', async () => {
    const order: number[] = [];
    await Promise.all([1, 2, 3].map(async n => { await pause(); order.push(n); }));
    assert.deepEqual(order, [1, 2, 3]);
  });
});

/** A clock that moves only when told, and a pause that only records that it was taken. */
function fakeTime() {
  const events: string[] = [];
  let time = 0;
  let reads = 0;
  return {
    events,
    reads: () => reads,
    advance: (ms: number) => { time += ms; },
    options: { now: () => { reads++; return time; }, pause: async () => { events.push('pause'); } },
  };
}

suite('eachInSlices', () => {
  test('each item in order, with its index; a pause once a slice has run past its budget, then a new slice', async () => {
    const clock = fakeTime();
    await eachInSlices(['a', 'b', 'c', 'd', 'e', 'f', 'g'], (item, i) => { clock.events.push(`${item}${i}`); clock.advance(4); }, { ...clock.options, budgetMs: 10 });
    assert.deepEqual(clock.events, ['a0', 'b1', 'c2', 'pause', 'd3', 'e4', 'f5', 'pause', 'g6']);
  });

  test('the one default budget, SLICE_BUDGET_MS: a slice that has run exactly that long goes on, one a moment longer pauses', async () => {
    const exact = fakeTime();
    await eachInSlices([1, 2, 3], n => { exact.events.push(String(n)); exact.advance(n === 1 ? SLICE_BUDGET_MS : 0); }, exact.options);
    assert.deepEqual(exact.events, ['1', '2', '3']);
    const over = fakeTime();
    await eachInSlices([1, 2, 3], n => { over.events.push(String(n)); over.advance(SLICE_BUDGET_MS + 1); }, over.options);
    assert.deepEqual(over.events, ['1', 'pause', '2', 'pause', '3', 'pause']);
  });

  test('with `every`, the clock is read only every so many items (and once more for each new slice)', async () => {
    const clock = fakeTime();
    await eachInSlices(Array.from({ length: 12 }, (_, i) => i), () => clock.advance(4), { ...clock.options, budgetMs: 10, every: 4 });
    assert.deepEqual(clock.events, ['pause', 'pause', 'pause'], 'after items 4, 8 and 12: 16 ms a slice');
    assert.equal(clock.reads(), 1 + 3 + 3);
  });

  test('an item that returns a promise is waited for before the next starts; the pauses come between them too', async () => {
    const clock = fakeTime();
    await eachInSlices([1, 2, 3], async n => {
      clock.events.push(`start ${n}`);
      await new Promise(resolve => setTimeout(resolve, 1));
      clock.advance(6);
      clock.events.push(`end ${n}`);
    }, { ...clock.options, budgetMs: 10 });
    assert.deepEqual(clock.events, ['start 1', 'end 1', 'start 2', 'end 2', 'pause', 'start 3', 'end 3']);
  });

  test('an empty list: no item, no pause', async () => {
    const clock = fakeTime();
    await eachInSlices([], () => { throw new Error('no item'); }, clock.options);
    assert.deepEqual(clock.events, []);
  });
});
