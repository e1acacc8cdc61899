// A client's queued packets leave in one socket write (server/chat/batched-writes.ts): a real
// socket.io server and client over loopback, the server socket's writes counted.
import { createServer, type Server as HttpServer } from 'node:http';
import type { AddressInfo } from 'node:net';
import { Server } from 'socket.io';
import { io as connect, type Socket } from 'socket.io-client';
import { afterEach, describe, expect, it } from 'vitest';
import { batchWrites } from './batched-writes.ts';

const opened: { http: HttpServer; io: Server; client: Socket }[] = [];
afterEach(async () => {
  for (const { http, io, client } of opened.splice(0)) {
    client.disconnect();
    await new Promise((resolve) => io.close(resolve));
    http.closeAllConnections();
  }
});

/** How many writes reach the client's TCP socket while the server emits `count` events in one turn. */
async function writesFor(count: number, batched: boolean): Promise<number> {
  const http = createServer();
  const io = new Server(http);
  if (batched) batchWrites(io.engine as never);
  await new Promise<void>((resolve) => http.listen(0, '127.0.0.1', resolve));
  const port = (http.address() as AddressInfo).port;
  const client = connect(`http://127.0.0.1:${port}`, { transports: ['websocket'] });
  opened.push({ http, io, client });
  const [socket] = await Promise.all([
    new Promise<import('socket.io').Socket>((resolve) => io.once('connection', resolve)),
    new Promise<void>((resolve) => client.once('connect', () => resolve())),
  ]);
  type Write = (...args: unknown[]) => void;
  const raw = (socket.conn.transport as unknown as { socket: { _socket: unknown } }).socket
    ._socket as Record<'_write' | '_writev', Write>;
  let writes = 0;
  for (const method of ['_write', '_writev'] as const) {
    const original = raw[method].bind(raw);
    raw[method] = (...args) => (writes++, original(...args));
  }
  let received = 0;
  const all = new Promise<void>((resolve) =>
    client.on('message', () => ++received === count && resolve()),
  );
  for (let i = 0; i < count; i++) socket.emit('message', { i, text: 'Amém' });
  await all;
  return writes;
}

describe('batched WebSocket writes', () => {
  it('sends the packets queued behind a write in one socket write, not one each', async () => {
    // the first packet goes at once; the other nine queue behind its write and go as one batch
    expect(await writesFor(10, false)).toBe(10);
    expect(await writesFor(10, true)).toBe(2);
  });
});
