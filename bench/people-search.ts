// `npm run bench:search` (docs/performance.md "People search"): the staff directory's search at a big
// church's size. BENCH_PEOPLE (20,000) members are added to graca with names, e-mails, phones and
// member numbers; each kind of search a desk types (a name without accents, an e-mail fragment, a
// phone fragment, a member number, a name with accents) runs BENCH_ROUNDS times through the service
// the API calls, and its p50/p95 is printed beside the target (p95 ≤ 50 ms). PGlite in a folder by
// default, as deployed; DATABASE_URL for PostgreSQL. Written to bench/results/people-search-latest[-postgresql].json.
import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { eq, sql } from 'drizzle-orm';
import { openDatabase } from '../server/db/client.ts';
import { rowsOf } from '../server/db/rows.ts';
import * as t from '../server/db/schema/index.ts';
import { seedDemo } from '../server/db/seed/index.ts';
import { listPeople, peoplePageQuery } from '../server/users/people-staff.service.ts';
import { writeLatest } from './results.ts';

const PEOPLE = Number(process.env.BENCH_PEOPLE ?? 20_000);
const ROUNDS = Number(process.env.BENCH_ROUNDS ?? 40);
const TARGET_MS = 50;

const FIRST = [
  'João',
  'Maria',
  'Ana',
  'José',
  'Antônio',
  'Francisca',
  'Pedro',
  'Luíza',
  'Ângela',
  'Tomás',
  'Cecília',
  'Raúl',
];
const LAST = [
  'Silva',
  'Conceição',
  'Araújo',
  'Müller',
  'Gonçalves',
  'Pereira',
  'Ribeiro',
  'Lima',
  'Simões',
  'Peña',
  'Nóbrega',
  'Souza',
];

const dir = process.env.DATABASE_URL ? null : await mkdtemp(path.join(tmpdir(), 'bench-search-'));
const database = await openDatabase(process.env.DATABASE_URL ?? path.join(dir!, 'pglite'));
await seedDemo(database.db);
const [church] = await database.db.select().from(t.churches).where(eq(t.churches.slug, 'graca'));
const churchId = church!.id;

const started = performance.now();
for (let from = 1; from <= PEOPLE; from += 1000) {
  const batch = Array.from({ length: Math.min(1000, PEOPLE - from + 1) }, (_, k) => from + k);
  const users = await database.db
    .insert(t.users)
    .values(
      batch.map((i) => ({
        email: `pessoa.${i}.${LAST[i % LAST.length]!.toLowerCase()}@exemplo.com`,
        passwordHash: 'x',
        firstName: FIRST[i % FIRST.length]!,
        lastName: `${LAST[(i * 7) % LAST.length]} ${LAST[(i * 3) % LAST.length]}`,
        phone: `(11) 9${String(i % 10000).padStart(4, '0')}-${String((i * 13) % 10000).padStart(4, '0')}`,
      })),
    )
    .returning({ id: t.users.id });
  await database.db
    .insert(t.churchUsers)
    .values(users.map((u, k) => ({ churchId, userId: u.id, memberNumber: String(batch[k]) })));
}
await database.db.execute(sql`analyze`);
console.log(`${PEOPLE} people added in ${Math.round(performance.now() - started)} ms`);

const searches: [string, string | null][] = [
  ['first page, no search', null],
  ['name without accents', 'joao silva'],
  ['name with accents', 'Ângela Simões'],
  ['e-mail fragment', 'pessoa.1234.'],
  ['phone fragment', '91234'],
  ['member number', '9001'],
];
// BENCH_EXPLAIN=1: the plan of each search's page query, to see what an index does
if (process.env.BENCH_EXPLAIN)
  for (const [label, busca] of searches) {
    const query = peoplePageQuery(database.db, churchId, {
      page: 1,
      ...(busca ? { busca } : {}),
    }).toSQL();
    const plan = await rowsOf<Record<string, string>>(
      database.db.execute(
        sql`explain analyze ${sql.raw(query.sql.replace(/\$(\d+)/g, (_, n) => `'${String(query.params[Number(n) - 1]).replace(/'/g, "''")}'`))}`,
      ),
    );
    console.log(`${label}:\n${plan.map((r) => Object.values(r)[0]).join('\n')}\n`);
  }
const rows: string[] = [];
const results: { search: string; found: number; p50: number; p95: number }[] = [];
let failed = false;
for (const [label, busca] of searches) {
  const times: number[] = [];
  let found = 0;
  for (let i = 0; i < ROUNDS; i++) {
    const at = performance.now();
    const page = await listPeople(database.db, churchId, { page: 1, ...(busca ? { busca } : {}) });
    times.push(performance.now() - at);
    found = page.total;
  }
  times.sort((a, b) => a - b);
  const p = (q: number) => times[Math.min(times.length - 1, Math.floor(q * times.length))]!;
  const ok = p(0.95) <= TARGET_MS;
  failed ||= !ok;
  results.push({
    search: label,
    found,
    p50: Number(p(0.5).toFixed(1)),
    p95: Number(p(0.95).toFixed(1)),
  });
  rows.push(
    `${label.padEnd(24)} ${String(found).padStart(6)} found  p50 ${p(0.5).toFixed(1).padStart(6)} ms  p95 ${p(0.95).toFixed(1).padStart(6)} ms  target p95 ≤ ${TARGET_MS} ms ${ok ? 'ok' : 'MISSED'}`,
  );
}
console.log(
  `people search on ${process.env.DATABASE_URL ? 'PostgreSQL' : 'PGlite'}, ${ROUNDS} rounds:`,
);
for (const row of rows) console.log(`  ${row}`);
// the targets table of `npm run bench` reads it (bench/targets.ts)
console.log(
  writeLatest(`people-search${process.env.DATABASE_URL ? '-postgresql' : ''}`, {
    backend: process.env.DATABASE_URL ? 'PostgreSQL' : 'PGlite',
    people: PEOPLE,
    rounds: ROUNDS,
    rows: results,
  }),
);
await database.close();
if (dir) await rm(dir, { recursive: true, force: true });
process.exitCode = failed ? 1 : 0;
