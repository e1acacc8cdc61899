// `npm run bench`: one table (docs/performance.md "Throughput") — each main page (bench/pages.ts) × cached/uncached ×
// PGlite/PostgreSQL × demo/large data, with req/s, p50 and p99 latency, and the bytes on the wire
// for br, gzip and no compression; beside each, a plain node:http server sending the same bytes
// (the ceiling: what serving those bytes costs with no work at all) and the ratio to it.
//
// Setups measured:
//   PGlite demo        always (a fresh DATA_DIR seeded with the demo data)
//   PostgreSQL demo    when BENCH_DATABASE_URL (or TEST_DATABASE_URL) answers: a fresh database made there
//   PGlite large       when BENCH_LARGE_DATA_DIR names a DATA_DIR filled by `npm run seed:large`
//   PostgreSQL large   when BENCH_LARGE_DATABASE_URL names a database filled by `npm run seed:large`
// The server runs as deployed: LOG_LEVEL=info (a line per request, written to /dev/null or to
// BENCH_SERVER_LOG, a file) and its metrics on (METRICS_TOKEN set, process metrics collected);
// BENCH_LOG_LEVEL=error measures without the request lines.
// Knobs: BENCH_QUICK=1 (home and news only, 1 round of 2 s: checks it runs), BENCH_PAGES=home,news,
// BENCH_CACHE=true|false or PAGE_CACHE=true|false (one mode only), BENCH_ROUNDS (3), BENCH_SECONDS (5), BENCH_WARMUP (3 s per page, first), BENCH_CONNECTIONS (10), BENCH_PORT (4431) and BENCH_PLAIN_PORT (the next one).
// BENCH_BASE_DIST=<a build of the previous release> (BENCH_BASE_DIR=<its checkout>, default this one)
// adds alternating rounds of that server and this one, uncached, on home, /news and a news item.
// Each number is the median of the rounds; the app and the plain server alternate rounds, in turned
// order (app, plain, plain, app, …). The table is printed as Markdown and kept in
// bench/results/latest.json and latest.md, followed by the speed targets table (bench/targets.ts):
// each target, its figure from this run or from the other benches' latest results in
// bench/results/, met or not.
import { execFileSync, fork, spawn, type ChildProcess } from 'node:child_process';
import { randomBytes } from 'node:crypto'; // production needs its own token key (server/auth/jwt-secret.ts)
import {
  closeSync,
  existsSync,
  mkdirSync,
  mkdtempSync,
  openSync,
  rmSync,
  writeFileSync,
} from 'node:fs';
import { request } from 'node:http';
import { availableParallelism, loadavg, tmpdir } from 'node:os';
import path from 'node:path';
import autocannon from 'autocannon';
import pg from 'pg';
import { BROWSER_ACCEPT_ENCODING, decodedBody } from './browser.ts';
import { cpuSeconds, threadCpu } from './process-cpu.ts';
import { resolvePages, type BenchPage } from './pages.ts';
import { readOtherResults, targetRows, targetsMarkdown, type AbResult } from './targets.ts';

const QUICK = process.env.BENCH_QUICK === '1';
const SERVER_PORT = Number(process.env.BENCH_PORT ?? 4431);
const PLAIN_PORT = Number(process.env.BENCH_PLAIN_PORT ?? SERVER_PORT + 1);
const ROUNDS = Number(process.env.BENCH_ROUNDS ?? (QUICK ? 1 : 3));
const SECONDS = Number(process.env.BENCH_SECONDS ?? (QUICK ? 2 : 5));
const CONNECTIONS = Number(process.env.BENCH_CONNECTIONS ?? 10);
/** Seconds of load on each page before any page is measured (uncached and cached alike). */
const WARMUP = Number(process.env.BENCH_WARMUP ?? (QUICK ? 0 : 3));
const PAGE_NAMES = (process.env.BENCH_PAGES ?? (QUICK ? 'home,news' : ''))
  .split(',')
  .filter(Boolean);
// PAGE_CACHE=false npm run bench (README) still measures only rendering every request.
const ONE_MODE = process.env.BENCH_CACHE ?? process.env.PAGE_CACHE;
const CACHE_MODES = ONE_MODE ? [ONE_MODE === 'true'] : [false, true];
const HOST = 'graca.localhost';
const BROWSER = { 'accept-language': 'pt-BR,pt;q=0.9', 'accept-encoding': BROWSER_ACCEPT_ENCODING };
const DIST = process.env.DIST_DIR ?? 'dist';
const LOG_LEVEL = process.env.BENCH_LOG_LEVEL ?? 'info';
/** Where the server's log lines go: a file to read afterwards, else /dev/null (a log shipper's pipe costs the server the same write). */
const SERVER_LOG = process.env.BENCH_SERVER_LOG ?? '/dev/null';
/** A build of the previous release (and its checkout): the "never slower" row's A/B rounds. */
const BASE_DIST = process.env.BENCH_BASE_DIST;
const BASE_DIR = process.env.BENCH_BASE_DIR ?? '.';

interface Setup {
  db: 'PGlite' | 'PostgreSQL';
  data: 'demo' | 'large';
  env: Record<string, string>;
  cleanup?: () => Promise<void>;
}

interface Row {
  page: string;
  path: string;
  db: Setup['db'];
  data: Setup['data'];
  cache: 'cached' | 'uncached';
  reqPerSec: number;
  p50: number;
  p99: number;
  /** The server's CPU per answer in ms, all its threads (PGlite's too) and the main thread's; medians. */
  cpuMs: number;
  mainMs: number;
  plainReqPerSec: number;
  ratio: number;
  /** The plain server's CPU per answer against ours (1.00: the same; below, ours costs more). */
  cpuRatio: number;
  bytes: { br: number; gzip: number; zstd: number; identity: number };
  /** The encoding a browser (BROWSER_ACCEPT_ENCODING, bench/browser.ts) was sent. */
  sent: string;
  /** The machine's 1-minute load average when the page's rounds ended (the machine is shared). */
  load: number;
  /** JavaScript the page loads besides the page script (none expected on public pages). */
  frameworkScripts: string[];
}

type Answer = { status: number; headers: Record<string, string>; body: Buffer };

function get(
  urlPath: string,
  headers: Record<string, string>,
  port = SERVER_PORT,
): Promise<Answer> {
  return new Promise((resolve, reject) => {
    const req = request(
      {
        host: '127.0.0.1',
        port,
        path: urlPath,
        headers: { host: `${HOST}:${SERVER_PORT}`, ...headers },
      },
      (res) => {
        const chunks: Buffer[] = [];
        res.on('data', (c: Buffer) => chunks.push(c));
        res.on('end', () =>
          resolve({
            status: res.statusCode ?? 0,
            headers: res.headers as Record<string, string>,
            body: Buffer.concat(chunks),
          }),
        );
      },
    );
    req.on('error', reject);
    req.end();
  });
}

const decoded = (a: Answer) => decodedBody(a.headers['content-encoding'], a.body);

async function waitUp(server: ChildProcess, port = SERVER_PORT): Promise<void> {
  for (let i = 0; i < 1800; i++) {
    if (server.exitCode !== null)
      throw new Error(
        `server exited with ${server.exitCode} (set BENCH_SERVER_LOG=<file> to keep its log lines)`,
      );
    try {
      if ((await get('/healthz', {}, port)).status === 200) return;
    } catch {
      /* starting */
    }
    await new Promise((r) => setTimeout(r, 100));
  }
  throw new Error('server did not start in 180 s');
}

async function measure(
  port: number,
  urlPath: string,
  seconds = SECONDS,
  pid?: number,
): Promise<{ rps: number; p50: number; p99: number; cpuMs: number; mainMs: number }> {
  const cpu0 = pid ? cpuSeconds(pid) : 0;
  const main0 = pid ? (threadCpu(pid).get('main') ?? 0) : 0;
  const result = await autocannon({
    url: `http://127.0.0.1:${port}${urlPath}`,
    headers: { host: `${HOST}:${SERVER_PORT}`, ...BROWSER },
    connections: CONNECTIONS,
    duration: seconds,
  });
  if (result.non2xx || result.errors)
    throw new Error(`${result.non2xx} non-2xx, ${result.errors} errors on port ${port} ${urlPath}`);
  // the server's CPU per answer, all its threads and the main one: what the load does not blur
  const per = (seconds: number) => (seconds / Math.max(1, result.requests.total)) * 1000;
  return {
    rps: result.requests.average,
    p50: result.latency.p50,
    p99: result.latency.p99,
    cpuMs: pid ? per(cpuSeconds(pid) - cpu0) : NaN,
    mainMs: pid ? per((threadCpu(pid).get('main') ?? 0) - main0) : NaN,
  };
}

const median = (xs: number[]) => [...xs].sort((a, b) => a - b)[Math.floor(xs.length / 2)]!;
const round2 = (x: number) => Math.round(x * 100) / 100;
const round3 = (x: number) => Math.round(x * 1000) / 1000;

/** A fresh PostgreSQL database next to `base`, or null when no server answers there. */
async function freshPostgres(base: string): Promise<Setup | null> {
  const admin = new pg.Client({ connectionString: base, connectionTimeoutMillis: 2000 });
  try {
    await admin.connect();
  } catch {
    console.log(
      `PostgreSQL at ${base.replace(/\/\/[^@]*@/, '//')} does not answer: PostgreSQL skipped.`,
    );
    return null;
  }
  const name = `church_bench_${process.pid}`;
  await admin.query(`drop database if exists ${name}`);
  await admin.query(`create database ${name}`);
  await admin.end();
  const url = new URL(base);
  url.pathname = `/${name}`;
  return {
    db: 'PostgreSQL',
    data: 'demo',
    env: { DATABASE_URL: url.toString() },
    async cleanup() {
      const c = new pg.Client({ connectionString: base });
      await c.connect();
      await c.query(`drop database if exists ${name} with (force)`);
      await c.end();
    },
  };
}

async function setups(): Promise<Setup[]> {
  const list: Setup[] = [];
  const dataDir = mkdtempSync(path.join(tmpdir(), 'church-bench-'));
  list.push({
    db: 'PGlite',
    data: 'demo',
    env: { DATA_DIR: dataDir },
    cleanup: async () => rmSync(dataDir, { recursive: true, force: true }),
  });
  const pgBase = process.env.BENCH_DATABASE_URL ?? process.env.TEST_DATABASE_URL;
  if (pgBase) {
    const setup = await freshPostgres(pgBase);
    if (setup) list.push(setup);
  }
  if (process.env.BENCH_LARGE_DATA_DIR)
    list.push({ db: 'PGlite', data: 'large', env: { DATA_DIR: process.env.BENCH_LARGE_DATA_DIR } });
  if (process.env.BENCH_LARGE_DATABASE_URL)
    list.push({
      db: 'PostgreSQL',
      data: 'large',
      env: { DATABASE_URL: process.env.BENCH_LARGE_DATABASE_URL },
    });
  return list;
}

/** The server of this checkout, or with `other` a build (and checkout) of another release. */
function startServer(
  setup: Setup,
  cache: boolean,
  other?: { port: number; dist: string; cwd: string },
): ChildProcess {
  const { DATABASE_URL: _inherited, ...inherited } = process.env; // the setup says which database
  const logFd = openSync(SERVER_LOG, 'a');
  const child = spawn(process.execPath, ['server.ts'], {
    ...(other ? { cwd: other.cwd } : {}),
    env: {
      ...inherited,
      ...setup.env,
      ...(other ? { DIST_DIR: other.dist } : {}),
      PAGE_CACHE: String(cache),
      PORT: String(other?.port ?? SERVER_PORT),
      HOST: '127.0.0.1',
      LOG_LEVEL,
      // /metrics on, as deployed: the request metrics are always kept; the token adds process metrics
      METRICS_TOKEN: process.env.METRICS_TOKEN ?? randomBytes(24).toString('base64url'),
      NODE_ENV: 'production',
      JOB_RUNNER: 'false',
      JWT_SECRET: process.env.JWT_SECRET ?? randomBytes(48).toString('base64url'),
      // production refuses to start without the key of the gateways' credentials (docs/payments.md)
      PAYMENT_KEY: process.env.PAYMENT_KEY ?? randomBytes(32).toString('hex'),
    },
    stdio: ['ignore', logFd, 'inherit'],
  });
  closeSync(logFd); // the child has its own copy
  return child;
}

async function stop(child: ChildProcess | undefined): Promise<void> {
  if (!child || child.exitCode !== null) return;
  const exited = new Promise((r) => child.once('exit', r));
  child.kill('SIGTERM');
  await exited;
}

async function benchPage(
  page: BenchPage,
  setup: Setup,
  cache: boolean,
  serverPid: number,
): Promise<Row | null> {
  const browser = await get(page.path, BROWSER);
  if (browser.status !== 200) {
    console.log(`${page.name}: ${page.path} answers ${browser.status}; skipped`);
    return null;
  }
  // Each encoding asked for on its own: a one-off (uncached) answer prefers zstd, then gzip, even to a browser.
  const br = await get(page.path, { ...BROWSER, 'accept-encoding': 'br' });
  const gzip = await get(page.path, { ...BROWSER, 'accept-encoding': 'gzip' });
  const zstd = await get(page.path, { ...BROWSER, 'accept-encoding': 'zstd' });
  const identity = await get(page.path, { 'accept-language': BROWSER['accept-language'] });
  if (!decoded(browser).equals(identity.body) && cache)
    console.log(`  note: ${page.name} decompressed differs from the identity answer`);
  // The plain server sends exactly what a browser got: same headers, same compressed bytes.
  const headers = { ...browser.headers };
  for (const h of ['transfer-encoding', 'date', 'connection', 'keep-alive', 'age'])
    delete headers[h];
  headers['content-length'] = String(browser.body.length);
  const plain = fork(new URL('./plain-server.ts', import.meta.url).pathname, [
    JSON.stringify({ body: browser.body.toString('base64'), headers, port: PLAIN_PORT }),
  ]);
  try {
    await new Promise((resolve, reject) => {
      plain.once('message', resolve);
      plain.once('exit', (code) =>
        reject(
          new Error(
            `the plain server exited (${code}); is port ${PLAIN_PORT} free? (BENCH_PLAIN_PORT)`,
          ),
        ),
      );
    });
    await measure(SERVER_PORT, page.path); // warm-up (fills the cache when it is on)
    const app: Awaited<ReturnType<typeof measure>>[] = [];
    const base: Awaited<ReturnType<typeof measure>>[] = [];
    // The order turns each round (app, plain, plain, app, …): a host that speeds up or slows down
    // during a row then weighs on both servers alike, not always on the one measured second.
    for (let round = 0; round < ROUNDS; round++) {
      const appFirst = round % 2 === 0;
      if (appFirst) app.push(await measure(SERVER_PORT, page.path, SECONDS, serverPid));
      base.push(await measure(PLAIN_PORT, page.path, SECONDS, plain.pid));
      if (!appFirst) app.push(await measure(SERVER_PORT, page.path, SECONDS, serverPid));
    }
    const reqPerSec = Math.round(median(app.map((a) => a.rps)));
    const plainReqPerSec = Math.round(median(base.map((b) => b.rps)));
    const cpuMs = median(app.map((a) => a.cpuMs));
    return {
      page: page.name,
      path: page.path,
      db: setup.db,
      data: setup.data,
      cache: cache ? 'cached' : 'uncached',
      reqPerSec,
      p50: median(app.map((a) => a.p50)),
      p99: median(app.map((a) => a.p99)),
      cpuMs: round3(cpuMs),
      mainMs: round3(median(app.map((a) => a.mainMs))),
      plainReqPerSec,
      ratio: Math.round((reqPerSec / plainReqPerSec) * 100) / 100,
      cpuRatio: round2(median(base.map((b) => b.cpuMs)) / cpuMs),
      bytes: {
        br: br.headers['content-encoding'] === 'br' ? br.body.length : NaN,
        gzip: gzip.body.length,
        zstd: zstd.headers['content-encoding'] === 'zstd' ? zstd.body.length : NaN,
        identity: identity.body.length,
      },
      sent: browser.headers['content-encoding'] ?? 'identity',
      load: Math.round(loadavg()[0]! * 10) / 10,
      frameworkScripts: frameworkScripts(identity.body.toString()),
    };
  } finally {
    plain.kill();
  }
}

/**
 * What a page's HTML loads of JavaScript besides the page script (`/page-script/…`, the one file
 * public pages may load: docs/performance.md "The page script"): framework code, islands.
 */
function frameworkScripts(html: string): string[] {
  const found = new Set<string>();
  for (const m of html.matchAll(
    /<script\b[^>]*\bsrc="([^"]+)"|<link\b[^>]*\brel="modulepreload"[^>]*\bhref="([^"]+)"|\b(?:component|renderer)-url="([^"]+)"/g,
  )) {
    const url = m[1] ?? m[2] ?? m[3] ?? '';
    if (!url.startsWith('/page-script/')) found.add(url);
  }
  if (/<astro-island\b/.test(html)) found.add('<astro-island>');
  return [...found];
}

const fmt = (n: number) => (Number.isFinite(n) ? n.toLocaleString('en-US') : '—');

function table(rows: Row[]): string {
  const lines = [
    '| page | db | data | cache | req/s | p50 ms | p99 ms | CPU ms (main) | plain req/s | ratio | CPU ratio | browser got | br B | gzip B | zstd B | identity B | load |',
    '|---|---|---|---|---:|---:|---:|---:|---:|---:|---:|---|---:|---:|---:|---:|---:|',
  ];
  for (const r of rows) {
    lines.push(
      `| ${r.page} | ${r.db} | ${r.data} | ${r.cache} | ${fmt(r.reqPerSec)} | ${r.p50} | ${r.p99} | ${r.cpuMs.toFixed(3)} (${r.mainMs.toFixed(3)}) | ${fmt(r.plainReqPerSec)} | ${r.ratio.toFixed(2)} | ${r.cpuRatio.toFixed(2)} | ${r.sent} | ${fmt(r.bytes.br)} | ${fmt(r.bytes.gzip)} | ${fmt(r.bytes.zstd)} | ${fmt(r.bytes.identity)} | ${r.load} |`,
    );
  }
  return lines.join('\n');
}

/**
 * BENCH_BASE_DIST (a build of the previous release; BENCH_BASE_DIR its checkout, default this
 * one): that server (A) and this one (B) side by side on fresh PGlite demo data, uncached, loaded
 * in alternating rounds on the home page, /news and a news item (bench/ab.ts's way); B/A req/s.
 */
async function previousRelease(): Promise<AbResult | null> {
  if (!BASE_DIST) return null;
  const sides = [
    { port: PLAIN_PORT + 1, dist: path.resolve(BASE_DIST), cwd: path.resolve(BASE_DIR) },
    { port: PLAIN_PORT + 2, dist: path.resolve(DIST), cwd: process.cwd() },
  ];
  const dirs = sides.map(() => mkdtempSync(path.join(tmpdir(), 'church-bench-ab-')));
  const servers = sides.map((side, i) =>
    startServer({ db: 'PGlite', data: 'demo', env: { DATA_DIR: dirs[i]! } }, false, side),
  );
  console.log(`# the previous release (A: ${BASE_DIST}) against this one (B), uncached`);
  try {
    for (const [i, side] of sides.entries()) await waitUp(servers[i]!, side.port);
    const pages = await resolvePages(
      async (p) => decoded(await get(p, BROWSER, sides[1]!.port)).toString(),
      ['home', 'news', 'news item'],
    );
    const out: AbResult['pages'] = [];
    for (const page of pages) {
      for (const side of sides) await measure(side.port, page.path, Math.max(WARMUP, 2));
      const rps: [number[], number[]] = [[], []];
      for (let round = 0; round < ROUNDS; round++)
        for (const i of round % 2 ? [1, 0] : [0, 1])
          rps[i]!.push((await measure(sides[i]!.port, page.path)).rps);
      const row = { page: page.name, a: Math.round(median(rps[0])), b: Math.round(median(rps[1])) };
      out.push(row);
      console.log(
        `  ${page.name.padEnd(12)} A ${row.a} req/s  B ${row.b} req/s  B/A ${(row.b / row.a).toFixed(2)}  load ${loadavg()[0]!.toFixed(1)}`,
      );
    }
    return { base: BASE_DIST, pages: out };
  } finally {
    for (const child of servers) await stop(child);
    for (const dir of dirs) rmSync(dir, { recursive: true, force: true });
  }
}

if (!existsSync(`${DIST}/server/entry.mjs`))
  execFileSync('npm', ['run', 'build'], { stdio: 'inherit' });

const startedAt = new Date().toISOString();
const rows: Row[] = [];
const all = await setups();
let server: ChildProcess | undefined;
try {
  for (const setup of all) {
    for (const cache of CACHE_MODES) {
      console.log(`# ${setup.db} ${setup.data}, ${cache ? 'cached' : 'uncached'}`);
      server = startServer(setup, cache);
      await waitUp(server);
      const pages = await resolvePages(
        async (p) => decoded(await get(p, BROWSER)).toString(),
        PAGE_NAMES,
      );
      // A server in service has run every page many times: its JIT (JavaScript and PGlite's WASM)
      // has tiered up and PostgreSQL keeps generic plans. Warm all pages before any is measured.
      if (WARMUP > 0) {
        const started = Date.now();
        for (const page of pages)
          await measure(SERVER_PORT, page.path, WARMUP).catch(() => undefined);
        console.log(
          `  warmed every page ${WARMUP} s (${Math.round((Date.now() - started) / 1000)} s)`,
        );
      }
      for (const page of pages) {
        const row = await benchPage(page, setup, cache, server.pid!);
        if (!row) continue;
        rows.push(row);
        console.log(
          `  ${row.page.padEnd(12)} ${String(row.reqPerSec).padStart(6)} req/s  p50 ${row.p50} ms  p99 ${row.p99} ms  plain ${row.plainReqPerSec}  CPU ${row.cpuMs.toFixed(3)} ms (main ${row.mainMs.toFixed(3)})  ratio ${row.ratio.toFixed(2)} (CPU ${row.cpuRatio.toFixed(2)})  ${row.sent} ${row.bytes[row.sent as keyof Row['bytes']] ?? row.bytes.identity} B  load ${row.load}`,
        );
      }
      await stop(server);
    }
  }
} finally {
  await stop(server);
  for (const setup of all)
    await setup.cleanup?.().catch((e: unknown) => console.warn('cleanup:', e));
}

const ab = await previousRelease();
const markdown = table(rows);
console.log(`\n${markdown}\n`);
mkdirSync('bench/results', { recursive: true });
const meta = {
  at: new Date().toISOString(),
  connections: CONNECTIONS,
  seconds: SECONDS,
  warmup: WARMUP,
  rounds: ROUNDS,
  quick: QUICK,
  logLevel: LOG_LEVEL,
  loadAverage: loadavg().map((l) => Math.round(l * 10) / 10),
};
// The speed targets, each beside its figure: this run's for items 1–3, the other benches' latest
// results for the staff side and the chat (bench/targets.ts).
const targets = targetRows(
  { at: startedAt, loadAverage: meta.loadAverage, cores: availableParallelism(), rows, ab },
  readOtherResults(),
);
const targetsTable = targetsMarkdown(targets);
console.log(`Speed targets (docs/performance.md "Throughput"):\n\n${targetsTable}\n`);
writeFileSync(
  'bench/results/latest.json',
  JSON.stringify({ ...meta, startedAt, rows, ab, targets }, null, 2),
);
writeFileSync(
  'bench/results/latest.md',
  `${JSON.stringify(meta)}\n\n${markdown}\n\nSpeed targets:\n\n${targetsTable}\n`,
);
