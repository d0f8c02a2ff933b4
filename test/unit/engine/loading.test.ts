// Loading the engine in the extension host (host/engine.ts): a step per task when the caller can
// wait (each step holds the host tens of milliseconds while a window loads), the rest at once
// when it cannot, and a failure reported to every caller.
import * as assert from 'node:assert/strict';
import type * as Engine from '../../../src/engine';
import { engine, engineLoaded, useEngine, type EngineLoader } from '../../../src/host/engine/load';

const fakeEngine = { marker: true } as unknown as typeof Engine;

/** A loader whose three steps record that they ran. */
function recorded(fail?: string) {
  const ran: string[] = [];
  const loader: EngineLoader = {
    source: () => { ran.push('source'); return 'the source'; },
    compile: () => {
      ran.push('compile');
      return () => {
        if (fail) throw new Error(fail);
        ran.push('run');
        return fakeEngine;
      };
    },
  };
  return { ran, loader };
}

suite('loading the engine in the host', () => {
  test('engineLoaded takes one step per task: other work runs between them', async () => {
    const { ran, loader } = recorded();
    useEngine(loader);
    const loaded = engineLoaded();
    // Something else the host has to do, queued as each step is: it gets a turn between them.
    const between = () => new Promise<void>(resolve => setImmediate(() => { ran.push('other'); resolve(); }));
    await between();
    await between();
    assert.equal(await loaded, fakeEngine);
    assert.deepEqual(ran.filter(r => r !== 'other'), ['source', 'compile', 'run']);
    assert.ok(ran.indexOf('other') < ran.indexOf('run'), `other work ran before the last step: ${ran.join(', ')}`);
    assert.equal(engine(), fakeEngine, 'the same engine, not loaded again');
    assert.equal(await engineLoaded(), fakeEngine);
  });

  test('engine() finishes a load under way at once, and the load in steps then ends with it', async () => {
    const { ran, loader } = recorded();
    useEngine(loader);
    const loaded = engineLoaded();
    await new Promise(resolve => setImmediate(resolve));
    assert.equal(engine(), fakeEngine);
    assert.deepEqual(ran, ['source', 'compile', 'run'], 'each step ran once');
    assert.equal(await loaded, fakeEngine);
    assert.deepEqual(ran, ['source', 'compile', 'run']);
  });

  test('a step that fails is reported to every caller, and not tried again', async () => {
    const { ran, loader } = recorded('cannot read the engine');
    useEngine(loader);
    await assert.rejects(engineLoaded(), /cannot read the engine/);
    assert.throws(() => engine(), /cannot read the engine/);
    assert.deepEqual(ran, ['source', 'compile']);
  });

  test('without a loader, it says what is missing', () => {
    useEngine(undefined as unknown as EngineLoader);
    assert.throws(() => engine(), /loader was not set/);
  });
});
