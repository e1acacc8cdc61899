// A client's packets that go out together go in one socket write. engine.io sends a client the
// packets that queued while its previous write was in flight (a busy room) as one batch, but frame
// by frame, and ws writes each frame under its own cork: a batch of n frames cost n `writev` system
// calls, and `writev` was half of a busy node's CPU (docs/live.md "Benchmark"). Corking the client's
// TCP socket around the batch makes it one write; a lone packet goes as before.

/** What is used of engine.io's WebSocket transport (engine.io/build/transports/websocket.js). */
interface WebSocketTransport {
  name: string;
  send(packets: unknown[]): void;
  socket?: { _socket?: { cork(): void; uncork(): void } };
}

/** Wraps this transport's `send`: a batch is corked, written frame by frame, uncorked. */
export function batchTransportWrites(transport: WebSocketTransport): void {
  if (transport.name !== 'websocket') return;
  const send = transport.send.bind(transport);
  transport.send = (packets) => {
    const raw = transport.socket?._socket;
    if (packets.length < 2 || !raw) return send(packets);
    raw.cork();
    try {
      send(packets);
    } finally {
      raw.uncork();
    }
  };
}

/** engine.io's side of a socket.io server: its connections and their upgrades. */
interface Engine {
  on(
    event: 'connection',
    listener: (socket: {
      transport: WebSocketTransport;
      on(event: 'upgrade', listener: (transport: WebSocketTransport) => void): void;
    }) => void,
  ): void;
}

/** Batches the writes of every WebSocket client of `engine` (a socket.io server's `io.engine`). */
export function batchWrites(engine: Engine): void {
  engine.on('connection', (socket) => {
    batchTransportWrites(socket.transport);
    socket.on('upgrade', batchTransportWrites);
  });
}
