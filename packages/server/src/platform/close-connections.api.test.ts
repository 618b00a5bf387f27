/** Closing the server does not wait for connections that never carried a request (close-connections.ts). */
import net from 'node:net';
import { describe, expect, it } from 'vitest';
import { startTestServer } from '../../test/harness';

function connect(url: string): Promise<net.Socket> {
  const { hostname, port } = new URL(url);
  return new Promise((resolve, reject) => {
    const socket = net.connect(Number(port), hostname, () => resolve(socket));
    socket.once('error', reject);
  });
}

/** Milliseconds `promise` took, or Infinity when it took longer than `limitMs`. */
async function timed(promise: Promise<unknown>, limitMs: number): Promise<number> {
  const started = performance.now();
  let timer: NodeJS.Timeout | undefined;
  const late = new Promise<number>((resolve) => (timer = setTimeout(() => resolve(Infinity), limitMs)));
  const took = await Promise.race([promise.then(() => performance.now() - started), late]);
  clearTimeout(timer);
  return took;
}

describe('closing the server', () => {
  it('ends a connection that never sent a request, and one that is idle after its answer', async () => {
    const server = await startTestServer();
    const unused = await connect(server.url);
    const used = await connect(server.url);
    const answered = new Promise<string>((resolve) => {
      let text = '';
      used.on('data', (chunk: Buffer) => {
        text += chunk.toString();
        if (text.includes('\r\n\r\n')) resolve(text);
      });
    });
    used.write('GET /api/ HTTP/1.1\r\nHost: localhost\r\nConnection: keep-alive\r\n\r\n');
    expect(await answered).toMatch(/^HTTP\/1\.1 200/);
    const ended = (socket: net.Socket) => new Promise((resolve) => socket.once('close', resolve));
    const bothEnded = Promise.all([ended(unused), ended(used)]);

    // Before the fix the unused connection held server.close() until Node's headersTimeout (60 s).
    expect(await timed(server.close(), 10_000)).toBeLessThan(10_000);
    expect(await timed(bothEnded, 5_000)).toBeLessThan(5_000);
  });
});
