// A small round-robin HTTP + WebSocket balancer for the two-node suite (docs/deploy.md "A load
// balancer"), behaving like the ones the deploy page describes: it checks each node's /readyz
// every 100 ms and sends new requests only to ready nodes, and it retries a request on another
// node when the connection fails before any answer (nginx's proxy_next_upstream error).
import { Agent, createServer, request, type IncomingMessage, type Server } from 'node:http';
import { connect, type Socket } from 'node:net';

export interface Backend {
  port: number;
  ready: boolean;
}

export interface Proxy {
  url: string;
  port: number;
  backends: Backend[];
  /** Requests answered, and those that failed at the proxy (no node could answer). */
  stats: { requests: number; failed: number; retried: number };
  close(): Promise<void>;
}

const CHECK_MS = 100;

export async function startProxy(ports: number[], listenPort = 0): Promise<Proxy> {
  const backends: Backend[] = ports.map((port) => ({ port, ready: false }));
  const stats = { requests: 0, failed: 0, retried: 0 };
  const agent = new Agent({ keepAlive: true, maxSockets: 64 });
  const sockets = new Set<Socket>();
  let next = 0;

  const check = async (b: Backend) => {
    try {
      const res = await fetch(`http://127.0.0.1:${b.port}/readyz`, {
        signal: AbortSignal.timeout(1_000),
      });
      await res.body?.cancel();
      b.ready = res.status === 200;
    } catch {
      b.ready = false;
    }
  };
  const timer = setInterval(() => void Promise.all(backends.map(check)), CHECK_MS);
  await Promise.all(backends.map(check));

  /** The next ready node after the last one used, skipping `avoid`; waits up to 10 s for one. */
  async function pick(avoid?: Backend): Promise<Backend | undefined> {
    for (let waited = 0; waited < 10_000; waited += 50) {
      for (let i = 0; i < backends.length; i++) {
        const b = backends[(next + i) % backends.length]!;
        if (b.ready && b !== avoid) {
          next = (backends.indexOf(b) + 1) % backends.length;
          return b;
        }
      }
      if (avoid?.ready) return avoid;
      await new Promise((resolve) => setTimeout(resolve, 50));
    }
    return undefined;
  }

  const forwardedHeaders = (req: IncomingMessage) => ({
    ...req.headers,
    'x-forwarded-for': req.socket.remoteAddress ?? '127.0.0.1',
  });

  const server: Server = createServer(async (req, res) => {
    const chunks: Buffer[] = [];
    for await (const chunk of req) chunks.push(chunk as Buffer);
    const body = Buffer.concat(chunks);
    let avoid: Backend | undefined;
    for (let attempt = 0; attempt < 4; attempt++) {
      const backend = await pick(avoid);
      if (!backend) break;
      const answered = await new Promise<boolean>((resolve) => {
        const upstream = request(
          {
            host: '127.0.0.1',
            port: backend.port,
            method: req.method,
            path: req.url,
            headers: forwardedHeaders(req),
            agent,
          },
          (answer) => {
            res.writeHead(answer.statusCode ?? 502, answer.headers);
            answer.pipe(res);
            answer.on('end', () => resolve(true));
            answer.on('error', () => {
              res.destroy();
              resolve(true);
            });
          },
        );
        upstream.on('error', () => resolve(false)); // refused or reset before an answer: try another node
        upstream.end(body);
      });
      if (answered) {
        stats.requests++;
        return;
      }
      stats.retried++;
      avoid = backend;
    }
    stats.failed++;
    if (!res.headersSent) res.writeHead(502, { 'content-type': 'text/plain' });
    res.end('no node answered');
  });

  server.on('upgrade', (req: IncomingMessage, client: Socket, head: Buffer) => {
    sockets.add(client);
    client.once('close', () => sockets.delete(client));
    void pick().then((backend) => {
      if (!backend) {
        client.destroy();
        return;
      }
      const upstream = connect(backend.port, '127.0.0.1', () => {
        const lines = [`${req.method} ${req.url} HTTP/1.1`];
        for (const [name, value] of Object.entries(forwardedHeaders(req)))
          for (const v of Array.isArray(value) ? value : [value]) lines.push(`${name}: ${v}`);
        upstream.write(`${lines.join('\r\n')}\r\n\r\n`);
        if (head.length) upstream.write(head);
        upstream.pipe(client);
        client.pipe(upstream);
      });
      sockets.add(upstream);
      upstream.once('close', () => {
        sockets.delete(upstream);
        client.destroy();
      });
      client.once('close', () => upstream.destroy());
      upstream.on('error', () => client.destroy());
      client.on('error', () => upstream.destroy());
    });
  });

  await new Promise<void>((resolve) => server.listen(listenPort, '127.0.0.1', resolve));
  const port = (server.address() as { port: number }).port;
  return {
    url: `http://127.0.0.1:${port}`,
    port,
    backends,
    stats,
    async close() {
      clearInterval(timer);
      for (const s of sockets) s.destroy();
      agent.destroy();
      await new Promise<void>((resolve) => server.close(() => resolve()));
    },
  };
}
