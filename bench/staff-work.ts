// `node bench/staff-work.ts` (docs/performance.md "Pages while staff work runs"): public pages' p95
// while the staff's long work goes on in the server's job runner, against their p95 without it
// (target: within 2×). graca is filled as bench/staff.ts fills it (bench/big-church.ts: 20,000
// members, 100,000 gifts over two years) and each member gets a push device; then, for each piece
// of work and each page-cache mode, a fresh copy of that data is served (`node server.ts`, the job
// runner on, e-mails to a local SMTP server, pushes to a local push service) while two visitors ask
// for the home page, /news and the first news item one after another:
//   statements  the treasurer starts last year's giving statement batch (POST …/doacao/extratos):
//               the job `giving.statements` e-mails each of the ~20,000 givers
//   notice      a notice to everyone with its e-mail (POST …/notificacoes): 20,000 e-mails by the
//               job `notifications.email` and a push to 20,000 devices by the task queue (which
//               the one scheduler runs after the e-mail job's run, or before it)
//   push        the same notice without its e-mail: the pushes alone
// A window of BENCH_QUIET_S (15) seconds before the work, then the work until it ends or
// BENCH_WORK_S (90) seconds have passed (after BENCH_WARMUP_S, 10, of visits counted in neither);
// the work's progress is printed with the figures.
// Knobs: BENCH_PG (a PostgreSQL server's URL: the data goes in databases made and dropped there,
// `bench_staffwork_*`), BENCH_PORT (4700), DIST_DIR (the site's build), BENCH_PEOPLE, BENCH_GIFTS,
// BENCH_WORK (statements,notice,push), BENCH_CACHE (true|false; both by default), BENCH_PROFILE (a folder
// for the server's CPU profile of each run: its start, quiet window and work, in that order).
// Results: bench/results/staff-work-latest[-postgresql].json (the targets table of `npm run bench`),
// where the works not run this time keep their latest runs.
import { fork, spawn, type ChildProcess } from 'node:child_process';
import { createECDH, randomBytes } from 'node:crypto';
import { cpSync, existsSync, mkdtempSync, rmSync } from 'node:fs';
import { loadavg, tmpdir } from 'node:os';
import path from 'node:path';
import { sql } from 'drizzle-orm';
import pg from 'pg';
import { openDatabase } from '../server/db/client.ts';
import { seedDemo } from '../server/db/seed/index.ts';
import { fillBigChurch } from './big-church.ts';
import { readLatest, writeLatest } from './results.ts';
import { getStatus, p95, spread, visitors, type Answer } from './visitors.ts';

const PORT = Number(process.env.BENCH_PORT ?? 4700);
const PG = process.env.BENCH_PG ?? '';
const DIST = process.env.DIST_DIR ?? 'dist';
const PEOPLE = Number(process.env.BENCH_PEOPLE ?? 20_000);
const GIFTS = Number(process.env.BENCH_GIFTS ?? 100_000);
const QUIET_S = Number(process.env.BENCH_QUIET_S ?? 15);
const WORK_S = Number(process.env.BENCH_WORK_S ?? 90);
const WARMUP_S = Number(process.env.BENCH_WARMUP_S ?? 10);
/** A folder: the server's CPU profile of each run (`node --cpu-prof`; bench/profile-summary.ts reads it). */
const PROFILE = process.env.BENCH_PROFILE ?? '';
const WORKS = (process.env.BENCH_WORK ?? 'statements,notice,push').split(',').filter(Boolean);
const ONE_MODE = process.env.BENCH_CACHE ?? process.env.PAGE_CACHE;
const CACHE_MODES = ONE_MODE ? [ONE_MODE === 'true'] : [false, true];
const HOST = `graca.localhost:${PORT}`;
const backend = PG ? 'PostgreSQL' : 'PGlite';
const load = () => loadavg().map((l) => Number(l.toFixed(1)));

if (!existsSync(path.join(DIST, 'server/entry.mjs')))
  throw new Error(`no build in ${DIST}: DIST_DIR=${DIST} npm run build first`);
if ((await getStatus(PORT, '/healthz', '127.0.0.1').catch(() => 0)) !== 0)
  throw new Error(`port ${PORT} is taken: choose another with BENCH_PORT`);

/** A child process that tells its port first (bench/smtp-sink.ts, bench/push-sink.ts). */
async function sink(file: string): Promise<{ child: ChildProcess; port: number }> {
  const child = fork(path.join(import.meta.dirname, file));
  const port = await new Promise<number>((resolve) =>
    child.once('message', (m) => resolve((m as { port: number }).port)),
  );
  return { child, port };
}

const admin = async <T>(work: (c: pg.Client) => Promise<T>) => {
  const c = new pg.Client({ connectionString: PG });
  await c.connect();
  try {
    return await work(c);
  } finally {
    await c.end();
  }
};
const urlOf = (name: string) => Object.assign(new URL(PG), { pathname: `/${name}` }).toString();

// The data once, as a template each run copies (a folder for PGlite, a template database).
const pushSink = await sink('push-sink.ts');
const tag = randomBytes(3).toString('hex');
const templateDir = PG ? '' : mkdtempSync(path.join(tmpdir(), 'bench-staffwork-'));
const templateDb = PG ? `bench_staffwork_${tag}` : '';
if (PG) await admin((c) => c.query(`create database ${templateDb}`));
console.log(`filling graca on ${backend} (load ${load().join(' ')}):`);
{
  const database = await openDatabase(PG ? urlOf(templateDb) : path.join(templateDir, 'pglite'));
  await seedDemo(database.db);
  const { graca } = await fillBigChurch(database.db, {
    people: PEOPLE,
    gifts: GIFTS,
    registrations: 0,
  });
  // One device per member (one browser key pair for all: each message is still encrypted on its own).
  const ecdh = createECDH('prime256v1');
  ecdh.generateKeys();
  const p256dh = ecdh.getPublicKey().toString('base64url');
  const auth = randomBytes(16).toString('base64url');
  await database.db.execute(sql`
    insert into push_inscricao (igreja_id, usuario_id, endpoint, p256dh, auth, rotulo)
    select ${graca}, m.usuario_id, ${`http://127.0.0.1:${pushSink.port}/device/`} || m.usuario_id,
      ${p256dh}, ${auth}, 'Bench'
    from igreja_usuario m where m.igreja_id = ${graca}`);
  await database.close();
}

interface Run {
  /** When it ended (ISO). */
  at: string;
  work: string;
  cache: boolean;
  quietP95: number;
  duringP95: number;
  ratio: number;
  quietAnswers: number;
  duringAnswers: number;
  failed: number;
  workSeconds: number;
  finished: boolean;
  progress: string;
  spreadQuiet: string;
  spreadDuring: string;
  /** The answers during the work split by its phase (a notice's pushes go out before its e-mails end). */
  phases: { phase: string; p95: number; ratio: number; answers: number }[];
  load: number[];
}

async function login(): Promise<string> {
  const res = await fetch(`http://127.0.0.1:${PORT}/api/v1/security/login_check`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify({ username: 'lider@graca.demo', password: 'Demo@1234' }),
  });
  if (res.status !== 200) throw new Error(`login: ${res.status}`);
  return ((await res.json()) as { token: string }).token;
}

type Call = (pathname: string, init?: RequestInit) => Promise<Response>;
const staffApi =
  (token: string): Call =>
  (pathname, init = {}) =>
    fetch(`http://127.0.0.1:${PORT}/api/v1/admin/graca${pathname}`, {
      ...init,
      headers: {
        authorization: `Bearer ${token}`,
        'accept-language': 'en',
        ...(init.body ? { 'content-type': 'application/json' } : {}),
      },
    });

/** Starts the work; `check()` answers its progress and whether it is over. */
/** A work's progress: whether it is over, what to print, and its phase (answers are split by it). */
type Progress = { done: boolean; say: string; phase: string };
const WORK: Record<string, (call: Call) => Promise<() => Promise<Progress>>> = {
  async statements(call) {
    const ano = new Date().getUTCFullYear() - 1;
    const res = await call('/doacao/extratos', { method: 'POST', body: JSON.stringify({ ano }) });
    if (res.status !== 201) throw new Error(`statement batch: ${res.status} ${await res.text()}`);
    return async () => {
      const {
        lotes: [b],
      } = (await (await call('/doacao/extratos')).json()) as {
        lotes: { status: string; total: number; enviados: number }[];
      };
      return {
        done: b!.status === 'concluido',
        say: `${b!.enviados} of ${b!.total} statements`,
        phase: 'statements',
      };
    };
  },
  notice: (call) => notice(call, true),
  push: (call) => notice(call, false),
};

/** A notice to everyone, with its e-mail or without (then its pushes alone). */
async function notice(call: Call, email: boolean): Promise<() => Promise<Progress>> {
  const res = await call('/notificacoes', {
    method: 'POST',
    body: JSON.stringify({ titulo: 'Culto especial', corpo: 'Domingo às 10h.', email }),
  });
  if (res.status !== 201) throw new Error(`notice: ${res.status} ${await res.text()}`);
  return async () => {
    const page = (await (await call('/notificacoes')).json()) as {
      notificacoes: {
        dispositivos: number | null;
        email: { status: string; total: number; enviados: number; pulados: number } | null;
      }[];
    };
    const n = page.notificacoes[0]!;
    const pushed = await new Promise<number>((resolve) => {
      pushSink.child.once('message', (m) => resolve((m as { received: number }).received));
      pushSink.child.send('count');
    });
    const mailed = (n.email?.enviados ?? 0) + (n.email?.pulados ?? 0);
    const pushing = pushed - pushedBefore < PEOPLE;
    const mailing = email && n.email?.status !== 'concluido';
    return {
      phase: pushing ? (mailing ? 'pushes and e-mails' : 'pushes') : 'e-mails only',
      done: !pushing && !mailing,
      say: `${email ? `${mailed} of ${n.email?.total ?? '?'} e-mails, ` : ''}${pushed - pushedBefore} pushes received (devices reached: ${n.dispositivos ?? '—'})`,
    };
  };
}
let pushedBefore = 0;

async function run(work: string, cache: boolean): Promise<Run> {
  const dataDir = mkdtempSync(path.join(tmpdir(), 'bench-staffwork-run-'));
  const runDb = PG ? `bench_staffwork_${tag}_run` : '';
  if (PG) await admin((c) => c.query(`create database ${runDb} template ${templateDb}`));
  else cpSync(templateDir, dataDir, { recursive: true });
  const smtp = await sink('smtp-sink.ts');
  pushedBefore = await new Promise<number>((resolve) => {
    pushSink.child.once('message', (m) => resolve((m as { received: number }).received));
    pushSink.child.send('count');
  });
  const profile = PROFILE ? [`--cpu-prof`, `--cpu-prof-dir=${PROFILE}`] : [];
  const spawnedAt = performance.now();
  const server = spawn(process.execPath, [...profile, 'server.ts'], {
    env: {
      ...process.env,
      DATABASE_URL: PG ? urlOf(runDb) : '',
      DATA_DIR: dataDir,
      DIST_DIR: DIST,
      PORT: String(PORT),
      HOST: '127.0.0.1',
      PAGE_CACHE: String(cache),
      LOG_LEVEL: 'error',
      // the pushes go to this machine's push service, which production refuses: NODE_ENV stays
      // unset, as the browser tests' server runs (the windows before and during alike)
      NODE_ENV: '',
      PUSH_TEST_LOCAL_SERVICE: 'true',
      SMTP_URL: `smtp://127.0.0.1:${smtp.port}?pool=true&maxConnections=4`,
      JOB_RUNNER: 'true',
      JWT_SECRET: randomBytes(48).toString('base64url'),
      PAYMENT_KEY: randomBytes(32).toString('hex'),
    },
    stdio: ['ignore', 'ignore', 'inherit'],
  });
  try {
    for (let i = 0; ; i++) {
      if (server.exitCode !== null) throw new Error(`server exited with ${server.exitCode}`);
      if (i > 3000) throw new Error('server did not start in 300 s');
      if ((await getStatus(PORT, '/healthz', '127.0.0.1').catch(() => 0)) === 200) break;
      await new Promise((r) => setTimeout(r, 100));
    }
    const newsHtml = await (
      await fetch(`http://127.0.0.1:${PORT}/news`, { headers: { host: HOST } })
    ).text();
    const item = /href="(\/news\/\d+)"/.exec(newsHtml)?.[1] ?? '/news/1';
    const pages = [
      { path: '/', label: 'home' },
      { path: '/news', label: 'news' },
      { path: item, label: 'news item' },
    ];
    const call = staffApi(await login());
    const visiting = visitors(PORT, HOST, (n) => pages[n % pages.length]!);
    // the server's first seconds (its jobs' first runs, the JIT) belong to no window
    await new Promise((r) => setTimeout(r, WARMUP_S * 1000));
    visiting.take();
    await new Promise((r) => setTimeout(r, QUIET_S * 1000));
    const quiet = visiting.take();
    const started = performance.now();
    if (PROFILE)
      console.log(
        `  the work begins ${((started - spawnedAt) / 1000).toFixed(0)} s into the profile (--skip=)`,
      );
    const check = await WORK[work]!(call);
    let state: Progress = { done: false, say: '', phase: '' };
    // each second's answers go to the phase the work was in at its end
    const phases = new Map<string, Answer[]>();
    while (performance.now() - started < WORK_S * 1000) {
      await new Promise((r) => setTimeout(r, 1000));
      state = await check();
      phases.set(state.phase, [...(phases.get(state.phase) ?? []), ...visiting.take()]);
      if (state.done) break;
    }
    phases.set(state.phase, [...(phases.get(state.phase) ?? []), ...visiting.take()]);
    const during = [...phases.values()].flat();
    const workSeconds = (performance.now() - started) / 1000;
    await visiting.stop();
    const q = p95(quiet);
    const d = p95(during);
    return {
      at: new Date().toISOString(),
      work,
      cache,
      quietP95: Number(q.toFixed(1)),
      duringP95: Number(d.toFixed(1)),
      ratio: Number((d / q).toFixed(2)),
      quietAnswers: quiet.length,
      duringAnswers: during.length,
      failed: visiting.failed(),
      workSeconds: Number(workSeconds.toFixed(1)),
      finished: state.done,
      progress: state.say,
      spreadQuiet: spread(quiet, ['home', 'news', 'news item']),
      spreadDuring: spread(during, ['home', 'news', 'news item']),
      phases: [...phases].map(([phase, answers]) => ({
        phase,
        p95: Number(p95(answers).toFixed(1)),
        ratio: Number((p95(answers) / q).toFixed(2)),
        answers: answers.length,
      })),
      load: load(),
    };
  } finally {
    if (server.exitCode === null) {
      const exited = new Promise((r) => server.once('exit', r));
      server.kill('SIGTERM');
      await exited;
    }
    await new Promise<void>((resolve) => {
      smtp.child.once('exit', () => resolve());
      smtp.child.send('counts');
    });
    rmSync(dataDir, { recursive: true, force: true });
    if (PG) await admin((c) => c.query(`drop database if exists ${runDb} with (force)`));
  }
}

const runs: Run[] = [];
try {
  for (const work of WORKS)
    for (const cache of CACHE_MODES) {
      console.log(`# ${work}, PAGE_CACHE=${cache} (load ${load().join(' ')})`);
      const r = await run(work, cache);
      runs.push(r);
      console.log(
        `  p95 quiet ${r.quietP95} ms, during ${r.duringP95} ms (${r.ratio}×; ${r.quietAnswers}, ${r.duringAnswers} answers, ${r.failed} not 200); work ${r.workSeconds} s${r.finished ? ', finished' : ', still going'}: ${r.progress}; load ${r.load.join(' ')}`,
      );
      console.log(`  p50/p90/p95/p99/max ms quiet:  ${r.spreadQuiet}`);
      console.log(`  p50/p90/p95/p99/max ms during: ${r.spreadDuring}`);
      for (const ph of r.phases)
        console.log(`  during ${ph.phase}: p95 ${ph.p95} ms (${ph.ratio}×, ${ph.answers} answers)`);
    }
} finally {
  pushSink.child.send('stop');
  if (templateDir) rmSync(templateDir, { recursive: true, force: true });
  if (PG) await admin((c) => c.query(`drop database if exists ${templateDb} with (force)`));
}

console.log(`\n${backend}, ${PEOPLE} people, ${GIFTS} gifts\n`);
console.log(
  '| work | page cache | pages p95 quiet / during | ratio (≤ 2×) | work done in the window | load |',
);
console.log('|---|---|---|---:|---|---|');
for (const r of runs)
  console.log(
    `| ${r.work} | ${r.cache ? 'on' : 'off'} | ${r.quietP95} / ${r.duringP95} ms | ${r.ratio}× ${r.ratio <= 2 ? '' : '**not met**'} | ${r.progress} in ${r.workSeconds} s${r.finished ? '' : ' (not finished)'} | ${r.load.join(' ')} |`,
  );
// The works not run this time keep their latest runs (each dated), so the file holds every work.
const name = `staff-work${PG ? '-postgresql' : ''}`;
const kept = (readLatest<{ runs: Run[] }>(name)?.runs ?? []).filter(
  (r) => !runs.some((now) => now.work === r.work && now.cache === r.cache),
);
const file = writeLatest(name, {
  backend,
  people: PEOPLE,
  gifts: GIFTS,
  quietSeconds: QUIET_S,
  workSeconds: WORK_S,
  runs: [...kept, ...runs],
});
console.log(`\n${file}`);
process.exitCode = runs.every((r) => r.ratio <= 2) ? 0 : 1;
