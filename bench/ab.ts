// `node bench/ab.ts`: two servers side by side, loaded in alternating rounds on the same pages, with
// the server process's CPU per request (all its threads, from /proc) beside req/s and the load
// average of each round (docs/performance.md "How to compare two versions"). CPU per request holds
// much better than req/s on a shared, loaded machine. Each side is a checkout with its own build:
//
//   AB_A=/tmp/old AB_B=. AB_PAGES=/,/news PAGE_CACHE=true node bench/ab.ts
//
// Knobs: AB_A / AB_B (checkout folders; B defaults to this one), AB_DIST_A / AB_DIST_B (their
// DIST_DIR, default `dist`, relative to each), AB_PAGES (paths, default /,/news), AB_ROUNDS (4),
// AB_SECONDS (5), AB_CONNECTIONS (10), AB_PORT (4475: A on it, B on the next), PAGE_CACHE (true),
// LOG_LEVEL (info, as deployed; the lines go to /dev/null), AB_HOST (graca.localhost), AB_PLAIN=1
// (a third side: bench/plain-server.ts sending the bytes and headers B sent, the ceiling),
// AB_NODE_ARGS (node's flags for both sides) or AB_NODE_ARGS_A / AB_NODE_ARGS_B (for one).
import { fork, spawn, type ChildProcess } from 'node:child_process';
import { randomBytes } from 'node:crypto';
import { closeSync, existsSync, mkdtempSync, openSync, rmSync } from 'node:fs';
import { loadavg, tmpdir } from 'node:os';
import path from 'node:path';
import autocannon from 'autocannon';
import { BROWSER_ACCEPT_ENCODING } from './browser.ts';
import { cpuSeconds, threadCpu } from './process-cpu.ts';

const A = path.resolve(process.env.AB_A ?? '.');
const B = path.resolve(process.env.AB_B ?? '.');
const PAGES = (process.env.AB_PAGES ?? '/,/news').split(',').filter(Boolean);
const ROUNDS = Number(process.env.AB_ROUNDS ?? 4);
const SECONDS = Number(process.env.AB_SECONDS ?? 5);
const CONNECTIONS = Number(process.env.AB_CONNECTIONS ?? 10);
const PORT = Number(process.env.AB_PORT ?? 4475);
const CACHE = process.env.PAGE_CACHE ?? 'true';
const HOST = process.env.AB_HOST ?? 'graca.localhost';

type Name = 'A' | 'B' | 'plain';
interface Side {
  name: Name;
  dir: string;
  port: number;
  child?: ChildProcess;
  /** Why its server could not be started. */
  failed?: Error;
  dataDir: string;
}

function start(side: Side): ChildProcess {
  const { DATABASE_URL: _pglite, ...inherited } = process.env; // PGlite in a fresh folder each
  // A checkout without its own node_modules (a worktree) wants a link to this one's.
  const node = path.join(side.dir, 'node_modules/.bin/node');
  if (!existsSync(node)) throw new Error(`${side.name}: ${node} not found (link node_modules)`);
  const log = openSync('/dev/null', 'a');
  const child = spawn(
    node,
    [
      ...(process.env[`AB_NODE_ARGS_${side.name}`] ?? process.env.AB_NODE_ARGS ?? '')
        .split(' ')
        .filter(Boolean),
      'server.ts',
    ],
    {
      cwd: side.dir,
      env: {
        ...inherited,
        DIST_DIR: process.env[`AB_DIST_${side.name}`] ?? 'dist',
        DATA_DIR: side.dataDir,
        PORT: String(side.port),
        HOST: '127.0.0.1',
        PAGE_CACHE: CACHE,
        LOG_LEVEL: process.env.LOG_LEVEL ?? 'info',
        NODE_ENV: 'production',
        JOB_RUNNER: 'false',
        METRICS_TOKEN: randomBytes(24).toString('base64url'),
        JWT_SECRET: randomBytes(48).toString('base64url'),
        PAYMENT_KEY: randomBytes(32).toString('hex'),
      },
      stdio: ['ignore', log, 'inherit'],
    },
  );
  closeSync(log);
  // a failed spawn is an 'error' event: without a listener it ends this script and leaves the other side running
  child.on('error', (error) => (side.failed = error));
  return child;
}

async function waitUp(side: Side): Promise<void> {
  for (let i = 0; i < 1800; i++) {
    if (side.failed) throw side.failed;
    if (side.child?.exitCode != null) throw new Error(`${side.name} exited`);
    try {
      if ((await fetch(`http://127.0.0.1:${side.port}/healthz`)).ok) return;
    } catch {
      /* starting */
    }
    await new Promise((r) => setTimeout(r, 100));
  }
  throw new Error(`${side.name} did not start`);
}

async function round(side: Side, page: string) {
  const pid = side.child!.pid!;
  const cpu0 = cpuSeconds(pid);
  const main0 = threadCpu(pid).get('main') ?? 0;
  const result = await autocannon({
    url: `http://127.0.0.1:${side.port}${page}`,
    headers: {
      host: `${HOST}:${side.port}`,
      'accept-language': 'pt-BR,pt;q=0.9',
      'accept-encoding': BROWSER_ACCEPT_ENCODING,
    },
    connections: CONNECTIONS,
    duration: SECONDS,
  });
  if (result.non2xx || result.errors)
    throw new Error(`${side.name} ${page}: ${result.non2xx} non-2xx, ${result.errors} errors`);
  const requests = result.requests.total;
  const cpu = cpuSeconds(pid) - cpu0;
  const main = (threadCpu(pid).get('main') ?? 0) - main0;
  return {
    rps: result.requests.average,
    cpuUs: (cpu / requests) * 1e6,
    mainUs: (main / requests) * 1e6,
    load: loadavg()[0]!,
  };
}

/** The plain node:http server with the bytes and headers a browser got from `from` for `page`. */
async function startPlain(from: Side, page: string, port: number): Promise<ChildProcess> {
  const { request } = await import('node:http');
  const answer = await new Promise<{ headers: Record<string, string>; body: Buffer }>(
    (resolve, reject) => {
      const req = request(
        {
          host: '127.0.0.1',
          port: from.port,
          path: page,
          headers: {
            host: `${HOST}:${from.port}`,
            'accept-language': 'pt-BR,pt;q=0.9',
            'accept-encoding': BROWSER_ACCEPT_ENCODING,
          },
        },
        (res) => {
          const chunks: Buffer[] = [];
          res.on('data', (c: Buffer) => chunks.push(c));
          res.on('end', () =>
            resolve({
              headers: res.headers as Record<string, string>,
              body: Buffer.concat(chunks),
            }),
          );
        },
      );
      req.on('error', reject);
      req.end();
    },
  );
  const headers = { ...answer.headers };
  for (const h of ['transfer-encoding', 'date', 'connection', 'keep-alive', 'age'])
    delete headers[h];
  headers['content-length'] = String(answer.body.length);
  const child = fork(new URL('./plain-server.ts', import.meta.url).pathname, [
    JSON.stringify({ body: answer.body.toString('base64'), headers, port }),
  ]);
  await new Promise((resolve) => child.once('message', resolve));
  return child;
}

const median = (xs: number[]) => [...xs].sort((a, b) => a - b)[Math.floor(xs.length / 2)]!;
const sides: Side[] = [
  { name: 'A', dir: A, port: PORT, dataDir: mkdtempSync(path.join(tmpdir(), 'ab-a-')) },
  { name: 'B', dir: B, port: PORT + 1, dataDir: mkdtempSync(path.join(tmpdir(), 'ab-b-')) },
];
try {
  for (const side of sides) side.child = start(side);
  for (const side of sides) await waitUp(side);
  console.log(
    `A ${A} (${process.env.AB_DIST_A ?? 'dist'})\nB ${B} (${process.env.AB_DIST_B ?? 'dist'})\nPAGE_CACHE=${CACHE}, ${CONNECTIONS} connections, ${ROUNDS} rounds of ${SECONDS} s`,
  );
  for (const page of PAGES) {
    const plain: Side | null =
      process.env.AB_PLAIN === '1' ? { name: 'plain', dir: '', port: PORT + 2, dataDir: '' } : null;
    if (plain) plain.child = await startPlain(sides[1]!, page, plain.port);
    const all = plain ? [...sides, plain] : sides;
    // Warm both: V8 tiers up, the cache fills.
    for (const side of all) await round(side, page).catch(() => undefined);
    const runs: Record<Name, Awaited<ReturnType<typeof round>>[]> = { A: [], B: [], plain: [] };
    for (let r = 0; r < ROUNDS; r++) {
      const order = r % 2 ? [...all].reverse() : all;
      for (const side of order) {
        const got = await round(side, page);
        runs[side.name].push(got);
        console.log(
          `  ${page} ${side.name} round ${r + 1}: ${Math.round(got.rps)} req/s, ${got.cpuUs.toFixed(1)} µs CPU/request (main thread ${got.mainUs.toFixed(1)}), load ${got.load.toFixed(1)}`,
        );
      }
    }
    plain?.child?.kill();
    const m = (s: Name, k: 'rps' | 'cpuUs' | 'mainUs' | 'load') => median(runs[s].map((x) => x[k]));
    console.log(
      `${page}: A ${Math.round(m('A', 'rps'))} req/s ${m('A', 'cpuUs').toFixed(1)} µs (main ${m('A', 'mainUs').toFixed(1)}) | B ${Math.round(m('B', 'rps'))} req/s ${m('B', 'cpuUs').toFixed(1)} µs (main ${m('B', 'mainUs').toFixed(1)}) | B/A req/s ${(m('B', 'rps') / m('A', 'rps')).toFixed(2)}, CPU ${(m('B', 'cpuUs') / m('A', 'cpuUs')).toFixed(2)} | load ${m('A', 'load').toFixed(1)}`,
    );
    if (plain)
      console.log(
        `${page}: plain ${Math.round(m('plain', 'rps'))} req/s ${m('plain', 'cpuUs').toFixed(1)} µs | A/plain req/s ${(m('A', 'rps') / m('plain', 'rps')).toFixed(2)}, B/plain ${(m('B', 'rps') / m('plain', 'rps')).toFixed(2)}`,
      );
  }
} finally {
  for (const side of sides) {
    if (side.child?.pid !== undefined && side.child.exitCode === null) {
      const exited = new Promise((r) => side.child!.once('exit', r));
      side.child.kill('SIGINT');
      await exited;
    }
    rmSync(side.dataDir, { recursive: true, force: true });
  }
}
