// `node bench/render.ts [page…]`: what one uncached render costs, in-process and without HTTP
// load (docs/performance.md): ms per render (median of RENDER_RUNS) and SQL statements per render, for
// each main page of the built site (DIST_DIR) on a seeded database. Relative numbers only on a
// shared machine: compare before/after in one run. Profile with
//   node --cpu-prof --cpu-prof-dir=.data/prof bench/render.ts home news
// DATABASE_URL=postgres://… renders on PostgreSQL (migrated and seeded if empty); DATA_DIR=… on
// that PGlite folder (e.g. one filled by `npm run seed:large`); default a fresh in-memory PGlite.
import { createServer, request, type IncomingMessage, type ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';
import path from 'node:path';
import { writeFileSync } from 'node:fs';
import { Session } from 'node:inspector/promises';
import { pathToFileURL } from 'node:url';
import { setInProcessApi } from '../contract/in-process.ts';
import { createApi } from '../server/app.ts';
import { openDatabase } from '../server/db/client.ts';
import { countQueries, type QueryStats } from '../server/db/query-stats.ts';
import { seedDemo } from '../server/db/seed/index.ts';
import { createPageCache } from '../server/http/page-cache.ts';
import { BROWSER_ACCEPT_ENCODING, decodedBody } from './browser.ts';
import { resolvePages } from './pages.ts';

const RUNS = Number(process.env.RENDER_RUNS ?? 30);
// A browser's: the one-off answer is compressed as a visitor's is (RENDER_ENCODING=identity: not at all).
const ENCODING = { 'accept-encoding': process.env.RENDER_ENCODING ?? BROWSER_ACCEPT_ENCODING };
const HOST = process.env.BENCH_HOST ?? 'graca.localhost';
const location =
  process.env.DATABASE_URL ??
  (process.env.DATA_DIR ? path.join(process.env.DATA_DIR, 'pglite') : 'memory://');

const database = await openDatabase(location);
await seedDemo(database.db);
const api = createApi({ db: database.db });
setInProcessApi((req) => api.fetch(req));
type Handler = (req: IncomingMessage, res: ServerResponse) => Promise<void>;
const handlerOf = async (dist: string) =>
  (
    (await import(pathToFileURL(path.resolve(dist, 'server/entry.mjs')).href)) as {
      handler: Handler;
    }
  ).handler;
// As server.ts serves pages with PAGE_CACHE=false: every request renders.
const pageServer = createPageCache(await handlerOf(process.env.DIST_DIR ?? 'dist'), {
  enabled: false,
});
// RENDER_B_DIST: a second build rendered in turn with the first, in this process, on the same API
// and database: a comparison of two builds' page code that the machine's load does not blur. The build
// loaded second ran 10-20 % slower on the home page: run both ways round, take the geometric mean.
const B_DIST = process.env.RENDER_B_DIST;
const pageServerB = B_DIST
  ? createPageCache(await handlerOf(B_DIST), { enabled: false })
  : pageServer;
const stats = new Map<string, Promise<QueryStats>>();
const server = createServer((req, res) => {
  stats.set(
    String(req.headers['x-probe']),
    countQueries(
      () =>
        new Promise<void>((resolve, reject) => {
          res.once('finish', resolve);
          (req.headers['x-build'] === 'b' ? pageServerB : pageServer)
            .handle(req, res)
            .catch(reject);
        }),
    ).then((r) => r.stats),
  );
});
await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
const port = (server.address() as AddressInfo).port;
let probe = 0;

async function render(
  urlPath: string,
  build: 'a' | 'b' = 'a',
): Promise<{
  ms: number;
  status: number;
  bytes: number;
  queries: number;
  statements: string[];
  html: string;
}> {
  const id = String(++probe);
  const started = performance.now();
  const { status, body, encoding } = await new Promise<{
    status: number;
    body: Buffer;
    encoding: string | undefined;
  }>((resolve, reject) => {
    const req = request(
      {
        host: '127.0.0.1',
        port,
        path: urlPath,
        headers: {
          host: HOST,
          'accept-language': 'pt-BR',
          'x-probe': id,
          'x-build': build,
          ...ENCODING,
        },
      },
      (res) => {
        const chunks: Buffer[] = [];
        res.on('data', (c: Buffer) => chunks.push(c));
        res.on('end', () =>
          resolve({
            status: res.statusCode ?? 0,
            body: Buffer.concat(chunks),
            encoding: res.headers['content-encoding'],
          }),
        );
      },
    );
    req.on('error', reject);
    req.end();
  });
  const ms = performance.now() - started;
  return {
    ms,
    status,
    bytes: body.length,
    // the page's text, to find a list's first item in (the body is compressed as a browser asks)
    html: decodedBody(encoding, body).toString(),
    queries: (await stats.get(id)!).statements.length,
    statements: (await stats.get(id)!).statements,
  };
}

const wanted = process.argv.slice(2);
const pages = await resolvePages(async (urlPath) => (await render(urlPath)).html, wanted);
console.log(
  `${location.startsWith('postgres') ? 'PostgreSQL' : 'PGlite'} ${location.replace(/\/\/[^@]*@/, '//')}, ${RUNS} renders per page, host ${HOST}`,
);
// RENDER_HEAP_PROFILE=<file>: every sampled allocation of the renders, the collected ones too (what the
// garbage collector's share comes from), for `node bench/profile-summary.ts <file>`.
const heapProfiler = process.env.RENDER_HEAP_PROFILE ? new Session() : null;
if (heapProfiler) {
  heapProfiler.connect();
  await heapProfiler.post('HeapProfiler.enable');
  await heapProfiler.post('HeapProfiler.startSampling', {
    samplingInterval: 4096,
    includeObjectsCollectedByMajorGC: true,
    includeObjectsCollectedByMinorGC: true,
  });
}
const profiler = process.env.RENDER_PROFILE ? new Session() : null;
if (profiler) {
  profiler.connect();
  await profiler.post('Profiler.enable');
  await profiler.post('Profiler.start');
}
// CPU per render (this process: the page, the API, the database when it runs here, and the
// request's client, alike on both sides of a comparison): it holds on a loaded machine where ms do not.
console.log('page          status   bytes  queries   ms p50   ms p90  CPU µs  main µs');
for (const page of pages) {
  await render(page.path);
  await render(page.path);
  const runs = [];
  const cpu = process.cpuUsage();
  const main = process.threadCpuUsage();
  for (let i = 0; i < RUNS; i++) runs.push(await render(page.path));
  const perRender = (u: NodeJS.CpuUsage) => ((u.user + u.system) / RUNS).toFixed(0).padStart(7);
  const ms = runs.map((r) => r.ms).sort((a, b) => a - b);
  const last = runs.at(-1)!;
  // RENDER_SQL=1: the statements of the page's last render
  if (process.env.RENDER_SQL === '1') for (const q of last.statements) console.log(`  ${q}`);
  console.log(
    `${page.name.padEnd(12)} ${String(last.status).padStart(6)} ${String(last.bytes).padStart(7)} ${String(last.queries).padStart(8)} ${ms[Math.floor(ms.length / 2)]!.toFixed(1).padStart(8)} ${ms[Math.floor(ms.length * 0.9)]!.toFixed(1).padStart(8)} ${perRender(process.cpuUsage(cpu))} ${perRender(process.threadCpuUsage(main))}`,
  );
}
if (B_DIST) {
  console.log(
    `\nA ${process.env.DIST_DIR ?? 'dist'} against B ${B_DIST}, in turn, main-thread CPU per render:`,
  );
  console.log('page          A µs     B µs    B/A');
  for (const page of pages) {
    const spent = { a: 0, b: 0 };
    for (let i = 0; i < RUNS; i++)
      for (const build of i % 2 ? (['b', 'a'] as const) : (['a', 'b'] as const)) {
        const before = process.threadCpuUsage();
        await render(page.path, build);
        const used = process.threadCpuUsage(before);
        spent[build] += used.user + used.system;
      }
    console.log(
      `${page.name.padEnd(12)} ${(spent.a / RUNS).toFixed(0).padStart(6)} ${(spent.b / RUNS).toFixed(0).padStart(8)} ${(spent.b / spent.a).toFixed(2).padStart(6)}`,
    );
  }
}
if (heapProfiler) {
  const { profile } = await heapProfiler.post('HeapProfiler.stopSampling');
  writeFileSync(process.env.RENDER_HEAP_PROFILE!, JSON.stringify(profile));
  console.log(`heap profile: ${process.env.RENDER_HEAP_PROFILE}`);
}
if (profiler) {
  const { profile } = await profiler.post('Profiler.stop');
  writeFileSync(process.env.RENDER_PROFILE!, JSON.stringify(profile));
  console.log(`profile: ${process.env.RENDER_PROFILE}`);
}
server.close();
setInProcessApi(undefined);
await database.close();
