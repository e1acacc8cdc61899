// `npm run bench`: throughput of server-rendered pages against a plain node:http server
// sending the same bytes, measured side by side in one run (alternating rounds), with the
// ratio printed per page. Target (issue 3, DESIGN.md §6): ratio ≥ 0.8.
// PAGE_CACHE=false npm run bench measures rendering every request (no page cache).
import { execFileSync, fork, spawn, type ChildProcess } from 'node:child_process';
import { randomBytes } from 'node:crypto'; // production needs its own token key (server/auth/jwt-secret.ts)
import { existsSync, mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { request } from 'node:http';
import { tmpdir } from 'node:os';
import path from 'node:path';
import autocannon from 'autocannon';

const SERVER_PORT = 4431;
const PLAIN_PORT = 4432;
const ROUNDS = Number(process.env.BENCH_ROUNDS ?? 3);
const SECONDS = Number(process.env.BENCH_SECONDS ?? 5);
const CONNECTIONS = 50;
const PAGES = [
  { name: 'home', host: 'graca.localhost', path: '/' },
  { name: 'news list', host: 'graca.localhost', path: '/news' },
];
const headersFor = (host: string) => ({ host: `${host}:${SERVER_PORT}`, 'accept-language': 'pt-BR,pt;q=0.9' });

if (!existsSync(`${process.env.DIST_DIR ?? 'dist'}/server/entry.mjs`)) execFileSync('npm', ['run', 'build'], { stdio: 'inherit' });

const dataDir = mkdtempSync(path.join(tmpdir(), 'church-bench-'));
const server = spawn(process.execPath, ['server.ts'], {
  env: { ...process.env, PAGE_CACHE: process.env.PAGE_CACHE ?? 'true', PORT: String(SERVER_PORT), HOST: '127.0.0.1', DATA_DIR: dataDir, LOG_LEVEL: 'error', NODE_ENV: 'production', JWT_SECRET: process.env.JWT_SECRET ?? randomBytes(48).toString('base64url') },
  stdio: 'inherit',
});

function get(host: string, urlPath: string): Promise<{ status: number; headers: Record<string, string>; body: Buffer }> {
  return new Promise((resolve, reject) => {
    const req = request({ host: '127.0.0.1', port: SERVER_PORT, path: urlPath, headers: headersFor(host) }, (res) => {
      const chunks: Buffer[] = [];
      res.on('data', (c: Buffer) => chunks.push(c));
      res.on('end', () => resolve({ status: res.statusCode ?? 0, headers: res.headers as Record<string, string>, body: Buffer.concat(chunks) }));
    });
    req.on('error', reject);
    req.end();
  });
}

async function waitUp(): Promise<void> {
  for (let i = 0; i < 300; i++) {
    try {
      if ((await get('localhost', '/healthz')).status === 200) return;
    } catch {
      /* starting */
    }
    await new Promise((r) => setTimeout(r, 100));
  }
  throw new Error('server did not start');
}

async function measure(port: number, host: string, urlPath: string): Promise<number> {
  const result = await autocannon({
    url: `http://127.0.0.1:${port}${urlPath}`,
    headers: headersFor(host),
    connections: CONNECTIONS,
    duration: SECONDS,
  });
  if (result.non2xx || result.errors) throw new Error(`${result.non2xx} non-2xx, ${result.errors} errors on port ${port}`);
  return result.requests.average;
}

const median = (xs: number[]) => [...xs].sort((a, b) => a - b)[Math.floor(xs.length / 2)]!;

const results: { page: string; ssr: number; plain: number; ratio: number }[] = [];
let plain: ChildProcess | undefined;
try {
  await waitUp();
  for (const page of PAGES) {
    const sample = await get(page.host, page.path);
    if (sample.status !== 200) {
      console.log(`${page.name}: ${page.path} answers ${sample.status}; skipped`);
      continue;
    }
    const headers = { ...sample.headers };
    delete headers['transfer-encoding'];
    delete headers.date;
    delete headers.connection;
    delete headers['keep-alive'];
    headers['content-length'] = String(sample.body.length);
    plain = fork(new URL('./plain-server.ts', import.meta.url).pathname, [JSON.stringify({ body: sample.body.toString('base64'), headers, port: PLAIN_PORT })]);
    await new Promise((r) => plain!.once('message', r));
    await measure(SERVER_PORT, page.host, page.path); // warm-up
    const ssr: number[] = [];
    const base: number[] = [];
    for (let round = 0; round < ROUNDS; round++) {
      ssr.push(await measure(SERVER_PORT, page.host, page.path));
      base.push(await measure(PLAIN_PORT, page.host, page.path));
    }
    plain.kill();
    const row = { page: page.name, ssr: Math.round(median(ssr)), plain: Math.round(median(base)), ratio: 0 };
    row.ratio = Math.round((row.ssr / row.plain) * 100) / 100;
    results.push(row);
    console.log(`${page.name.padEnd(10)} ssr ${String(row.ssr).padStart(7)} req/s   plain ${String(row.plain).padStart(7)} req/s   ratio ${row.ratio.toFixed(2)}  (${sample.body.length} bytes)`);
  }
} finally {
  plain?.kill();
  server.kill('SIGTERM');
  await new Promise((r) => server.once('exit', r));
  rmSync(dataDir, { recursive: true, force: true });
}
mkdirSync('bench/results', { recursive: true });
writeFileSync('bench/results/latest.json', JSON.stringify({ at: new Date().toISOString(), connections: CONNECTIONS, seconds: SECONDS, rounds: ROUNDS, results }, null, 2));
const below = results.filter((r) => r.ratio < 0.8);
console.log(below.length ? `Below the 0.8 target: ${below.map((r) => r.page).join(', ')}` : 'All pages at or above the 0.8 target.');
