// `node bench/staff.ts` (docs/performance.md "Staff pages"): the staff calls at a big church's size,
// through the API in this process (createApi, a treasurer-and-admin's bearer token, as the API
// tests call it). The demo church graca gets BENCH_PEOPLE (20,000) members, BENCH_GIFTS (100,000)
// gifts of theirs over two years, each with one line, and one event with BENCH_REGISTRATIONS
// (5,000) registrations — made by the database (INSERT … SELECT generate_series), as
// scripts/seed-large.ts does. Each call runs BENCH_ROUNDS (50) times; its p50/p95 is printed beside
// the target of issue 49, and everything is written to bench/results/staff-<date>.json and
// staff-latest[-postgresql].json (the targets table of `npm run bench`);
// BENCH_CALLS (words of the labels, comma-separated) runs some of the calls only.
// PGlite in a fresh temporary folder by default, as deployed; DATABASE_URL for PostgreSQL (it
// adds the rows to that database: use a scratch one). BENCH_SHOW=1 prints the start of each answer.
import { mkdirSync, writeFileSync } from 'node:fs';
import { mkdtemp, readFile, rm } from 'node:fs/promises';
import { cpus, tmpdir } from 'node:os';
import path from 'node:path';
import { API_BASE, createApi } from '../server/app.ts';
import { createChangeFeed } from '../server/changes.ts';
import { openDatabase } from '../server/db/client.ts';
import { DEMO_PASSWORD } from '../server/db/seed/churches.ts';
import { seedDemo } from '../server/db/seed/index.ts';
import { fillBigChurch } from './big-church.ts';
import { writeLatest } from './results.ts';

const PEOPLE = Number(process.env.BENCH_PEOPLE ?? 20_000);
const GIFTS = Number(process.env.BENCH_GIFTS ?? 100_000);
const REGISTRATIONS = Number(process.env.BENCH_REGISTRATIONS ?? 5_000);
const ROUNDS = Number(process.env.BENCH_ROUNDS ?? 50);
const STAFF = 'lider@graca.demo';

const backend = process.env.DATABASE_URL ? 'PostgreSQL' : 'PGlite';
const dir = process.env.DATABASE_URL ? null : await mkdtemp(path.join(tmpdir(), 'bench-staff-'));
const database = await openDatabase(process.env.DATABASE_URL ?? path.join(dir!, 'pglite'));
const { db } = database;
await seedDemo(db);
const started = performance.now();
console.log(`Filling graca on ${backend}:`);
const { firstPerson, event } = await fillBigChurch(db, {
  people: PEOPLE,
  gifts: GIFTS,
  registrations: REGISTRATIONS,
});
console.log(`Filled in ${((performance.now() - started) / 1000).toFixed(1)} s.\n`);

const api = createApi({ db, changes: createChangeFeed() });
const login = await api.request(`${API_BASE}/security/login_check`, {
  method: 'POST',
  headers: { 'content-type': 'application/json' },
  body: JSON.stringify({ username: STAFF, password: DEMO_PASSWORD }),
});
if (login.status !== 200) throw new Error(`login of ${STAFF}: ${login.status}`);
const { token } = (await login.json()) as { token: string };

// The person's page: someone with gifts (person 1 has GIFTS / PEOPLE of them) and registrations.
const person = firstPerson + 3;
const year = new Date().getUTCFullYear() - 1; // last year: twelve full months of gifts
const base = `/admin/graca`;
const calls: { label: string; path: string; target: number }[] = [
  {
    label: 'giving summary of a year',
    path: `${base}/doacao/resumo?de=${year}-01-01&ate=${year}-12-31`,
    target: 300,
  },
  {
    // mid-month to mid-month: the two part months are read from the gifts, the eleven between kept
    label: 'giving summary, cut months',
    path: `${base}/doacao/resumo?de=${year}-01-15&ate=${year}-12-14`,
    target: 300,
  },
  {
    label: 'gifts list of a year',
    path: `${base}/doacao/doacoes?de=${year}-01-01&ate=${year}-12-31`,
    target: 300,
  },
  { label: 'registrations, first page', path: `${base}/evento/${event}/inscricao`, target: 200 },
  {
    label: 'registrations, sorted by name',
    path: `${base}/evento/${event}/inscricao?ordem=titular&page=3`,
    target: 200,
  },
  {
    label: 'registrations, search',
    path: `${base}/evento/${event}/inscricao?busca=${encodeURIComponent('maria')}`,
    target: 200,
  },
  { label: 'registrations CSV', path: `${base}/evento/${event}/inscricao/csv`, target: 2000 },
  // Beyond the list, the other big exports a desk downloads, held to the same 2 s.
  { label: 'people CSV, the whole directory', path: `${base}/pessoas.csv`, target: 2000 },
  {
    label: 'gifts CSV of a year',
    path: `${base}/doacao/doacoes.csv?de=${year}-01-01&ate=${year}-12-31`,
    target: 2000,
  },
  { label: 'person page with gifts', path: `${base}/pessoas/${person}`, target: 100 },
];

// BENCH_CALLS=giving,person runs only the calls whose label holds one of the words.
const only = process.env.BENCH_CALLS?.split(',').filter(Boolean);
const chosen = only ? calls.filter((c) => only.some((w) => c.label.includes(w))) : calls;

const quantile = (sorted: number[], q: number) =>
  sorted[Math.min(sorted.length - 1, Math.floor(q * sorted.length))]!;
const rows: {
  call: string;
  path: string;
  status: number;
  bytes: number;
  p50: number;
  p95: number;
  targetP95: number;
  ok: boolean;
}[] = [];
for (const call of chosen) {
  const times: number[] = [];
  let status = 0;
  let bytes = 0;
  for (let i = 0; i < ROUNDS + 3; i++) {
    const at = performance.now();
    const res = await api.request(`${API_BASE}${call.path}`, {
      headers: { authorization: `Bearer ${token}`, 'accept-language': 'pt' },
    });
    const body = await res.arrayBuffer();
    const ms = performance.now() - at;
    status = res.status;
    bytes = body.byteLength;
    if (status !== 200)
      throw new Error(`${call.path}: ${status} ${Buffer.from(body).toString().slice(0, 300)}`);
    if (i >= 3) times.push(ms); // the first three warm the statement caches up
    if (i === 0 && process.env.BENCH_SHOW)
      console.log(call.label, Buffer.from(body).toString().slice(0, 600));
  }
  times.sort((a, b) => a - b);
  const p95 = quantile(times, 0.95);
  rows.push({
    call: call.label,
    path: call.path,
    status,
    bytes,
    p50: Number(quantile(times, 0.5).toFixed(1)),
    p95: Number(p95.toFixed(1)),
    targetP95: call.target,
    ok: p95 <= call.target,
  });
}

const loadavg = (await readFile('/proc/loadavg', 'utf8').catch(() => '')).trim();
console.log(
  `staff calls on ${backend}, ${PEOPLE} people, ${GIFTS} gifts, ${REGISTRATIONS} registrations, ${ROUNDS} rounds (load ${loadavg}):`,
);
console.log(
  `  ${'call'.padEnd(30)} ${'KB'.padStart(7)} ${'p50 ms'.padStart(8)} ${'p95 ms'.padStart(8)}  target p95`,
);
for (const r of rows)
  console.log(
    `  ${r.call.padEnd(30)} ${(r.bytes / 1024).toFixed(1).padStart(7)} ${r.p50.toFixed(1).padStart(8)} ${r.p95.toFixed(1).padStart(8)}  ≤ ${r.targetP95} ${r.ok ? 'ok' : 'MISSED'}`,
  );

const when = new Date().toISOString();
mkdirSync('bench/results', { recursive: true });
const file = `bench/results/staff-${when.slice(0, 10)}${process.env.DATABASE_URL ? '-postgresql' : ''}.json`;
writeFileSync(
  file,
  `${JSON.stringify(
    {
      when,
      backend,
      node: process.version,
      cpus: cpus().length,
      loadavg,
      people: PEOPLE,
      gifts: GIFTS,
      registrations: REGISTRATIONS,
      rounds: ROUNDS,
      rows,
    },
    null,
    2,
  )}\n`,
);
// the targets table of `npm run bench` reads the latest (bench/targets.ts): a run of some calls
// (BENCH_CALLS) would hide the others' figures there, so only a whole run is the latest
const latest = only
  ? '(BENCH_CALLS: not written as the latest)'
  : writeLatest(`staff${process.env.DATABASE_URL ? '-postgresql' : ''}`, {
      backend,
      people: PEOPLE,
      gifts: GIFTS,
      registrations: REGISTRATIONS,
      rounds: ROUNDS,
      rows,
    });
console.log(`\n${file}\n${latest}`);
await database.close();
if (dir) await rm(dir, { recursive: true, force: true });
process.exitCode = rows.every((r) => r.ok) ? 0 : 1;
