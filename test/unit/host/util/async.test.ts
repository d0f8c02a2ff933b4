// The host's two timing helpers: a burst of triggers runs the latest task once, after the quiet;
// queued tasks run one after another, a failure stops none of the rest, and `settled` waits for
// tasks queued while it waited.
import * as assert from 'node:assert/strict';
import { Delayer, Sequencer } from '../../../../src/host/util/async';

const sleep = (ms: number) => new Promise(resolve => setTimeout(resolve, ms));

suite('Delayer: a burst of triggers runs the latest task once', () => {
  test('three triggers in a burst: one run, of the last task given', async () => {
    const runs: string[] = [];
    const delayer = new Delayer(20);
    delayer.trigger(() => runs.push('a'));
    delayer.trigger(() => runs.push('b'));
    delayer.trigger(() => runs.push('c'));
    assert.ok(delayer.isTriggered);
    await sleep(60);
    assert.deepEqual(runs, ['c']);
    assert.ok(!delayer.isTriggered);
  });

  test('flush runs the waiting task now; cancel and dispose drop it', async () => {
    const runs: string[] = [];
    const delayer = new Delayer(1000);
    delayer.trigger(() => runs.push('flushed'));
    delayer.flush();
    assert.deepEqual(runs, ['flushed']);
    delayer.trigger(() => runs.push('cancelled'));
    delayer.cancel();
    delayer.trigger(() => runs.push('disposed'), 5);
    delayer.dispose();
    await sleep(30);
    assert.deepEqual(runs, ['flushed']);
  });
});

suite('Sequencer: tasks one after another', () => {
  test('a task starts only once the one before has settled, failed or not', async () => {
    const order: string[] = [];
    const errors: unknown[] = [];
    const queue = new Sequencer(error => errors.push(error));
    const first = queue.queue(async () => { await sleep(20); order.push('first'); return 1; });
    const second = queue.queue(() => { order.push('second'); throw new Error('second failed'); });
    const third = queue.queue(() => { order.push('third'); return 3; });
    assert.equal(await first, 1);
    await assert.rejects(second, /second failed/);
    assert.equal(await third, 3);
    assert.deepEqual(order, ['first', 'second', 'third']);
    assert.equal(errors.length, 1);
  });

  test('settled waits for tasks queued while it waited', async () => {
    const queue = new Sequencer();
    const done: string[] = [];
    queue.queue(async () => {
      await sleep(10);
      done.push('one');
      void queue.queue(async () => { await sleep(10); done.push('two'); });
    });
    await queue.settled();
    assert.deepEqual(done, ['one', 'two']);
  });
});
