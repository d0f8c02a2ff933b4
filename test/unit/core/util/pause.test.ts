import * as assert from 'node:assert/strict';
import * as net from 'node:net';
import { pause } from '../../../../src/core/util/pause';

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
