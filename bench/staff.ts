// `node bench/staff.ts` (docs/performance.md "Staff pages"): the staff calls at a big church's size,
// through the API in this process (createApi, a treasurer-and-admin's bearer token, as the API
// tests call it). The demo church graca gets BENCH_PEOPLE (20,000) members, BENCH_GIFTS (100,000)
// gifts of theirs over two years, each with one line, and one event with BENCH_REGISTRATIONS
// (5,000) registrations — made by the database (INSERT … SELECT generate_series), as
// scripts/seed-large.ts does. Each call runs BENCH_ROUNDS (50) times; its p50/p95 is printed beside
// the target of issue 49, and everything is written to bench/results/staff-<date>.json;
// BENCH_CALLS (words of the labels, comma-separated) runs some of the calls only.
// PGlite in a fresh temporary folder by default, as deployed; DATABASE_URL for PostgreSQL (it
// adds the rows to that database: use a scratch one). BENCH_SHOW=1 prints the start of each answer.
import { mkdirSync, writeFileSync } from 'node:fs';
import { mkdtemp, readFile, rm } from 'node:fs/promises';
import { cpus, tmpdir } from 'node:os';
import path from 'node:path';
import { sql } from 'drizzle-orm';
import { API_BASE, createApi } from '../server/app.ts';
import { createChangeFeed } from '../server/changes.ts';
import { openDatabase } from '../server/db/client.ts';
import { rowsOf } from '../server/db/rows.ts';
import { DEMO_PASSWORD } from '../server/db/seed/churches.ts';
import { seedDemo } from '../server/db/seed/index.ts';

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
const one = async <T>(statement: ReturnType<typeof sql>) =>
  (await rowsOf<T>(db.execute(statement)))[0]!;

const { graca } = await one<{ graca: number }>(
  sql`select id as graca from igreja where codigo = 'graca'`,
);
const { reason, reasonName } = await one<{ reason: number; reasonName: string }>(
  sql`select id as reason, nome as "reasonName" from pagamento_motivo where igreja_id = ${graca} order by id limit 1`,
);

const started = performance.now();
const step = async (label: string, statement: ReturnType<typeof sql>) => {
  const at = performance.now();
  await db.execute(statement);
  console.log(`  ${label.padEnd(32)} ${((performance.now() - at) / 1000).toFixed(1)} s`);
};
console.log(`Filling graca on ${backend}:`);
const first = ['João', 'Maria', 'Ana', 'José', 'Antônio', 'Francisca', 'Pedro', 'Luíza', 'Ângela'];
const last = ['Silva', 'Conceição', 'Araújo', 'Gonçalves', 'Pereira', 'Ribeiro', 'Lima', 'Souza'];
const pick = (list: string[], by: string) =>
  `(array[${list.map((w) => `'${w}'`).join(',')}])[1 + (${by}) % ${list.length}]`;
await step(
  `${PEOPLE} people`,
  sql.raw(`
  insert into usuario (email, senha_hash, nome, sobrenome, telefone, flag_email_verificado)
  select 'equipe.' || g || '@exemplo.com', 'x', ${pick(first, 'g')}, ${pick(last, 'g * 7')} || ' ' || ${pick(last, 'g * 3')},
         '(11) 9' || lpad((g % 10000)::text, 4, '0') || '-' || lpad(((g * 13) % 10000)::text, 4, '0'), true
  from generate_series(1, ${PEOPLE}) g`),
);
await step(
  `${PEOPLE} memberships`,
  sql`insert into igreja_usuario (igreja_id, usuario_id, numero_membro)
  select ${graca}, u.id, substr(u.email, 8, position('@' in u.email) - 8) from usuario u where u.email like 'equipe.%@exemplo.com'`,
);
const { firstPerson } = await one<{ firstPerson: number }>(
  sql`select min(id)::int as "firstPerson" from usuario where email like 'equipe.%@exemplo.com'`,
);
// Gift g belongs to person g % PEOPLE, over the last two years (one every ~10 minutes).
await step(
  `${GIFTS} gifts`,
  sql`insert into pagamento (igreja_id, usuario_id, codigo, tipo, metodo, status, valor_centavos, valor_total_centavos, moeda, valor_parcela_centavos, created_at, updated_at, pago_em)
  select ${graca}, ${firstPerson} + g % ${PEOPLE}, 'BENCHDOA' || g, 'doacao',
         (array['pix','cartao','boleto'])[1 + g % 3], case when g % 20 = 0 then 'pendente' else 'aprovado' end,
         1000 + (g * 37) % 50000, 1000 + (g * 37) % 50000, 'BRL', 1000 + (g * 37) % 50000,
         now() - make_interval(mins => g * 10), now() - make_interval(mins => g * 10),
         case when g % 20 = 0 then null else now() - make_interval(mins => g * 10) end
  from generate_series(1, ${GIFTS}) g`,
);
await step(
  `${GIFTS} gift lines`,
  sql`insert into pagamento_item (igreja_id, pagamento_id, motivo_id, motivo_nome, valor_centavos)
  select ${graca}, p.id, ${reason}, ${reasonName}, p.valor_centavos from pagamento p where p.codigo like 'BENCHDOA%'`,
);
const { event } = await one<{ event: number }>(
  sql`insert into evento (igreja_id, titulo, descricao, local, endereco, data_inicio, data_fim)
  values (${graca}, 'Conferência de bancada', 'O evento grande do bench.', 'Templo', 'Rua Central, 1',
          date_trunc('hour', now()) + interval '30 days', date_trunc('hour', now()) + interval '30 days 3 hours')
  returning id as event`,
);
await db.execute(sql`insert into evento_ingresso (igreja_id, evento_id, nome, valor_centavos, estoque)
  values (${graca}, ${event}, 'Inteira', 0, ${REGISTRATIONS * 2}), (${graca}, ${event}, 'Meia', 0, ${REGISTRATIONS * 2})`);
await step(
  `${REGISTRATIONS} registrations`,
  sql`insert into inscricao (igreja_id, evento_id, ingresso_id, usuario_id, status, nome_titular, email_titular, codigo, created_at)
  select ${graca}, ${event}, (select id from evento_ingresso where evento_id = ${event} order by id offset g % 2 limit 1),
         u.id, case when g % 25 = 0 then 'cancelada' when g % 10 = 0 then 'pendente' else 'confirmada' end,
         u.nome || ' ' || u.sobrenome, u.email, 'BENCHINS' || g, now() - make_interval(mins => g)
  from generate_series(1, ${REGISTRATIONS}) g join usuario u on u.id = ${firstPerson} + (g * 3) % ${PEOPLE}`,
);
await step('analyze', sql`analyze`);
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
console.log(`\n${file}`);
await database.close();
if (dir) await rm(dir, { recursive: true, force: true });
process.exitCode = rows.every((r) => r.ok) ? 0 : 1;
