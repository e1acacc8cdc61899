// `node bench/import-scale.ts` (docs/performance.md "Moving in at scale"): starts the server on a fresh
// PGlite DATA_DIR (or a fresh PostgreSQL database made on BENCH_PG, e.g.
// postgres://postgres@127.0.0.1:5432/postgres), then imports a secretary's 20,000-row people file
// made here — groups, addresses, the same person twice, people of another church (invitations) —
// through the API and the task queue while public pages are asked for, and prints beside the
// targets: the dry run's and the import's time (< 30 s each), the undo's time, the server's RSS
// before, at its peak and 20 s after (back within 100 MB), and the p95 of the public pages during
// the import against their p95 before it (≤ 2×). Knobs: BENCH_ROWS (20000), BENCH_PORT (4481),
// DIST_DIR (dist-…: the site's build, for the public pages), BENCH_DRY_RUNS (3: the file is analysed
// this many times, the pages of all counted, the import runs the last), BENCH_PROFILE (a folder for the
// dry run's and the import's CPU profiles, one per server thread; bench/profile-summary.ts reads
// them). It also prints the searched list's and the home page's p50/p90/p95/p99/max apart, and
// writes bench/results/import-scale-latest[-postgresql].json (the targets table of `npm run bench`).
import { spawn, type ChildProcess } from 'node:child_process';
import { randomBytes } from 'node:crypto';
import { existsSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { loadavg, tmpdir } from 'node:os';
import path from 'node:path';
import pg from 'pg';
import { Inspector, inspectorUrl, memoryParts, type MemoryParts } from './memory-probe.ts';
import { writeLatest } from './results.ts';
import { getStatus, p95, spread, visitors } from './visitors.ts';

const ROWS = Number(process.env.BENCH_ROWS ?? 20_000);
// A dry run takes 2–6 s, so the pages answered during one are a few hundred and their p95 is a
// handful of answers: the same file is analysed this many times in a row and the pages of all count.
const DRY_RUNS = Math.max(1, Number(process.env.BENCH_DRY_RUNS ?? 3));
const PORT = Number(process.env.BENCH_PORT ?? 4481);
const DIST = process.env.DIST_DIR ?? 'dist';
const PG = process.env.BENCH_PG ?? '';
/** A folder: CPU profiles of each server thread during the import are written there. */
const PROFILE = process.env.BENCH_PROFILE ?? '';
const ELSEWHERE = 300;
const TARGET_S = 30;
const TARGET_RSS_MB = 100;

const get = (pathname: string, host: string) => getStatus(PORT, pathname, host);

const rssOf = (pid: number) => {
  const status = existsSync(`/proc/${pid}/status`)
    ? readFileSync(`/proc/${pid}/status`, 'utf8')
    : '';
  const m = /VmRSS:\s+(\d+) kB/.exec(status);
  return m ? Number(m[1]) / 1024 : 0;
};

/**
 * Public pages asked for one after another by two visitors (a list searched for a new word each
 * time, so the page cache does not answer it, and the home page), timing each answer.
 */
const siteVisitors = (host: string, site: boolean) =>
  visitors(PORT, host, (n) =>
    site
      ? n % 2
        ? { path: '/', label: 'home' }
        : { path: `/news?busca=${encodeURIComponent(`culto ${n}`)}`, label: 'list' }
      : { path: `/api/v1/igreja/graca/noticia?busca=${n}`, label: 'list' },
  );

/** The secretary's file: names with accents, phones, birth dates, groups, addresses, repeats. */
function peopleCsv(elsewhere: string[]): string {
  const groups = ['Célula Moema', 'Casais', 'Jovens', 'Louvor', 'Intercessão', 'Diaconia'];
  const lines = ['Nome completo;E-mail;Celular;Nascimento;CPF;Endereço;Bairro;Cidade;CEP;Célula'];
  for (let i = 1; i <= ROWS; i++) {
    // one in fifty is a person of another church (an invitation), one in forty the previous row again
    const email =
      i % 50 === 0 && elsewhere.length
        ? elsewhere[(i / 50) % elsewhere.length]!
        : i % 40 === 0
          ? `escala.${i - 1}@exemplo.com`
          : `escala.${i}@exemplo.com`;
    lines.push(
      [
        `Pessoa ${i} da Conceição Araújo`,
        email,
        `(11) 9${String(i % 10000).padStart(4, '0')}-${String(i % 9999).padStart(4, '0')}`,
        `${1 + (i % 28)}/${1 + (i % 12)}/${1950 + (i % 60)}`,
        '',
        `Rua das Flores, ${i}`,
        'Centro',
        'São Paulo',
        '01000-000',
        `${groups[i % groups.length]}, ${groups[(i + 3) % groups.length]}`,
      ].join(';'),
    );
  }
  return lines.join('\r\n');
}

async function main() {
  if ((await get('/healthz', '127.0.0.1').catch(() => 0)) !== 0)
    throw new Error(`port ${PORT} is taken: choose another with BENCH_PORT`);
  const dataDir = mkdtempSync(path.join(tmpdir(), 'church-import-scale-'));
  let databaseUrl = '';
  let dbName = '';
  if (PG) {
    dbName = `bench_import_${randomBytes(4).toString('hex')}`;
    const admin = new pg.Client({ connectionString: PG });
    await admin.connect();
    await admin.query(`CREATE DATABASE ${dbName}`);
    await admin.end();
    const url = new URL(PG);
    url.pathname = `/${dbName}`;
    databaseUrl = url.toString();
  }
  const site = existsSync(path.join(DIST, 'server'));
  // the inspector reads the main thread's heap after a full collection (memory-probe.ts)
  const server: ChildProcess = spawn(process.execPath, ['--inspect=127.0.0.1:0', 'server.ts'], {
    env: {
      ...process.env,
      DATABASE_URL: databaseUrl,
      DATA_DIR: dataDir,
      DIST_DIR: DIST,
      PORT: String(PORT),
      HOST: '127.0.0.1',
      LOG_LEVEL: 'error',
      NODE_ENV: 'production',
      JWT_SECRET: randomBytes(48).toString('base64url'),
      PAYMENT_KEY: randomBytes(32).toString('hex'),
    },
    stdio: ['ignore', 'ignore', 'pipe'],
  });
  let stderr = '';
  server.stderr!.on('data', (chunk: Buffer) => {
    stderr += chunk.toString();
    if (!/Debugger (listening|attached)|For help, see/.test(chunk.toString()))
      process.stderr.write(chunk);
  });
  const stop = async () => {
    if (server.exitCode === null) {
      const exited = new Promise((r) => server.once('exit', r));
      server.kill('SIGTERM');
      await exited;
    }
    rmSync(dataDir, { recursive: true, force: true });
    if (dbName) {
      const admin = new pg.Client({ connectionString: PG });
      await admin.connect();
      await admin.query(`DROP DATABASE IF EXISTS ${dbName} WITH (FORCE)`);
      await admin.end();
    }
  };
  try {
    console.log(`starting the server on ${PG ? 'PostgreSQL' : 'PGlite'} (migrating and seeding)…`);
    for (let i = 0; ; i++) {
      if (server.exitCode !== null) throw new Error(`server exited with ${server.exitCode}`);
      if (i > 3000) throw new Error('server did not start in 300 s');
      if ((await get('/healthz', '127.0.0.1').catch(() => 0)) === 200) break;
      await new Promise((r) => setTimeout(r, 100));
    }
    const host = site ? `graca.localhost:${PORT}` : '127.0.0.1';
    const login = async (username: string) => {
      const res = await fetch(`http://127.0.0.1:${PORT}/api/v1/security/login_check`, {
        method: 'POST',
        headers: { 'content-type': 'application/json' },
        body: JSON.stringify({ username, password: 'Demo@1234' }),
      });
      return ((await res.json()) as { token: string }).token;
    };
    type View = {
      id: number;
      estado: string;
      erro: string | null;
      previa: Record<string, number> | null;
      resultado: Record<string, number> | null;
    };
    const api =
      (token: string, church: string) =>
      (pathname: string, init: RequestInit = {}) =>
        fetch(`http://127.0.0.1:${PORT}/api/v1/admin/${church}${pathname}`, {
          ...init,
          headers: { authorization: `Bearer ${token}`, 'accept-language': 'en' },
        });
    const until = async (call: ReturnType<typeof api>, id: number, states: string[]) => {
      for (;;) {
        const view = (await (await call(`/importacao/${id}`)).json()) as View;
        if (states.includes(view.estado)) return view;
        await new Promise((r) => setTimeout(r, 250));
      }
    };
    const upload = async (call: ReturnType<typeof api>, name: string, text: string) => {
      const form = new FormData();
      form.append('arquivo', new Blob([text]), name);
      const res = await call('/importacao?tipo=pessoas', { method: 'POST', body: form });
      if (res.status !== 201) throw new Error(`upload: ${res.status} ${await res.text()}`);
      return ((await res.json()) as View).id;
    };

    // people of another church first: their e-mails in graca's file become invitations
    const grace = api(await login('admin@grace.demo'), 'grace');
    const elsewhere = Array.from({ length: ELSEWHERE }, (_, i) => `outra.${i}@exemplo.com`);
    const graceId = await upload(
      grace,
      'grace.csv',
      ['Nome;E-mail', ...elsewhere.map((e, i) => `Outra Pessoa ${i};${e}`)].join('\n'),
    );
    await until(grace, graceId, ['analisado']);
    await grace(`/importacao/${graceId}/executar`, { method: 'POST' });
    await until(grace, graceId, ['concluido', 'falhou']);

    const visiting = siteVisitors(host, site);
    await new Promise((r) => setTimeout(r, 3000));
    visiting.take(); // warm-up
    await new Promise((r) => setTimeout(r, 15_000));
    const quiet = visiting.take();
    const idleRss = rssOf(server.pid!);
    const url = inspectorUrl(stderr);
    const inspector = url ? new Inspector(url) : null;
    type Snapshot = MemoryParts & {
      heap: Awaited<ReturnType<Inspector['heapAfterGc']>> | null;
      threads: Awaited<ReturnType<Inspector['workerHeaps']>>;
    };
    // the mappings first (as the server holds them), then the heap after a full collection
    const snapshot = async (): Promise<Snapshot> => ({
      ...memoryParts(server.pid!),
      threads: inspector ? await inspector.workerHeaps() : [],
      heap: inspector ? await inspector.heapAfterGc() : null,
    });
    const memory: [string, Snapshot][] = [['idle', await snapshot()]];
    let peakRss = idleRss;
    const sampler = setInterval(() => (peakRss = Math.max(peakRss, rssOf(server.pid!))), 200);
    // building the file holds this process's visitors (up to 0.3 s), and the snapshot's full
    // collection the server: their answers belong to no window
    const csv = peopleCsv(elsewhere);
    await new Promise((r) => setTimeout(r, 1000));
    visiting.take();

    const graca = api(await login('lider@graca.demo'), 'graca');
    console.log(
      `file: ${ROWS} rows, ${(csv.length / 1024 / 1024).toFixed(1)} MB; load average ${loadavg()
        .map((l) => l.toFixed(1))
        .join(' ')}`,
    );
    if (PROFILE) await inspector?.startProfiles();
    let started = performance.now();
    let id = 0;
    let dry: View | undefined;
    const dryTimes: number[] = [];
    for (let run = 0; run < DRY_RUNS; run++) {
      started = performance.now();
      id = await upload(graca, 'escala.csv', csv);
      dry = await until(graca, id, ['analisado', 'falhou']);
      dryTimes.push((performance.now() - started) / 1000);
    }
    const dryS = Math.max(...dryTimes); // the slowest, against the target; the import runs the last
    if (!dry) throw new Error('no dry run');
    for (const { title, profile } of PROFILE ? ((await inspector?.stopProfiles()) ?? []) : []) {
      const file = path.join(PROFILE, `dry-run-${title.replace(/\W+/g, '-')}.cpuprofile`);
      writeFileSync(file, JSON.stringify(profile));
      console.log(`profile of the dry run's ${title} thread: ${file}`);
    }
    const duringDry = visiting.take();
    if (PROFILE) await inspector?.startProfiles();
    started = performance.now();
    await graca(`/importacao/${id}/executar`, { method: 'POST' });
    const done = await until(graca, id, ['concluido', 'falhou']);
    const importS = (performance.now() - started) / 1000;
    for (const { title, profile } of PROFILE ? ((await inspector?.stopProfiles()) ?? []) : []) {
      const file = path.join(PROFILE, `import-${title.replace(/\W+/g, '-')}.cpuprofile`);
      writeFileSync(file, JSON.stringify(profile));
      console.log(`profile of the import's ${title} thread: ${file}`);
    }
    const during = visiting.take();
    await new Promise((r) => setTimeout(r, 20_000));
    const afterRss = rssOf(server.pid!);
    memory.push(['20 s after the import', await snapshot()]);
    started = performance.now();
    const undo = await graca(`/importacao/${id}/desfazer`, { method: 'POST' });
    const undoS = (performance.now() - started) / 1000;
    clearInterval(sampler);
    await visiting.stop();
    memory.push(['after the undo', await snapshot()]);
    inspector?.close();

    const counts = (v: Record<string, number> | null) =>
      v
        ? `${v.criar} new, ${v.atualizar} completed, ${v.iguais} already here, ${v.convidar} to invite, ${v.totalRecusadas} refused`
        : '—';
    console.log(`dry run: ${dry.estado} ${dry.erro ?? ''} ${counts(dry.previa)}`);
    console.log(`import: ${done.estado} ${done.erro ?? ''} ${counts(done.resultado)}`);
    console.log(`undo: ${undo.status}`);
    const q = p95(quiet);
    const rows = [
      [
        DRY_RUNS > 1 ? `dry run (the slowest of ${DRY_RUNS})` : 'dry run',
        `${dryS.toFixed(1)} s`,
        `< ${TARGET_S} s`,
        dryS < TARGET_S,
      ],
      ['import', `${importS.toFixed(1)} s`, `< ${TARGET_S} s`, importS < TARGET_S],
      ['undo', `${undoS.toFixed(1)} s`, '—', true],
      [
        'server RSS idle / peak / 20 s after',
        `${idleRss.toFixed(0)} / ${peakRss.toFixed(0)} / ${afterRss.toFixed(0)} MB`,
        `after − idle < ${TARGET_RSS_MB} MB`,
        afterRss - idleRss < TARGET_RSS_MB,
      ],
      [
        'public pages p95 quiet / during the import',
        `${q.toFixed(0)} / ${p95(during).toFixed(0)} ms (${(p95(during) / q).toFixed(1)}×; ${quiet.length}, ${during.length} answers)`,
        '≤ 2× quiet',
        p95(during) <= 2 * q,
      ],
      [
        DRY_RUNS > 1
          ? `public pages p95 during the ${DRY_RUNS} dry runs`
          : 'public pages p95 during the dry run',
        `${p95(duringDry).toFixed(0)} ms (${(p95(duringDry) / q).toFixed(1)}×; ${duringDry.length} answers)`,
        '≤ 2× quiet',
        p95(duringDry) <= 2 * q,
      ],
    ] as const;
    console.log(`\n${PG ? 'PostgreSQL' : 'PGlite'}, ${ROWS} rows\n`);
    console.log('| measure | result | target | met |');
    console.log('|---|---|---|---|');
    for (const [what, result, target, met] of rows)
      console.log(`| ${what} | ${result} | ${target} | ${met ? 'yes' : '**no**'} |`);
    console.log('\npages p50/p90/p95/p99/max ms:');
    for (const [when, answers] of [
      ['quiet', quiet],
      ['during the dry run', duringDry],
      ['during the import', during],
    ] as const)
      console.log(`  ${when.padEnd(20)} ${spread(answers, ['list', 'home'])}`);
    console.log(
      '\n| memory (MB) | RSS | WASM (PGlite) | malloc | other | main JS heap used / total after GC | external |',
    );
    console.log('|---|---|---|---|---|---|---|');
    for (const [when, m] of memory)
      console.log(
        `| ${when} | ${m.rss.toFixed(0)} | ${m.wasm.toFixed(0)} | ${m.malloc.toFixed(0)} | ${m.other.toFixed(0)} | ${m.heap ? `${m.heap.used.toFixed(0)} / ${m.heap.total.toFixed(0)}` : '—'} | ${m.heap?.external.toFixed(0) ?? '—'} |`,
      );
    console.log(
      `load average at the end: ${loadavg()
        .map((l) => l.toFixed(1))
        .join(' ')}`,
    );
    // the targets table of `npm run bench` reads it (bench/targets.ts)
    const file = writeLatest(`import-scale${PG ? '-postgresql' : ''}`, {
      backend: PG ? 'PostgreSQL' : 'PGlite',
      rows: ROWS,
      dryRunS: Number(dryS.toFixed(1)),
      importS: Number(importS.toFixed(1)),
      undoS: Number(undoS.toFixed(1)),
      rssMB: { idle: Math.round(idleRss), peak: Math.round(peakRss), after: Math.round(afterRss) },
      pagesQuietP95: Number(q.toFixed(1)),
      pagesDuringP95: Number(p95(during).toFixed(1)),
      pagesRatio: Number((p95(during) / q).toFixed(2)),
      dryRunPagesP95: Number(p95(duringDry).toFixed(1)),
      dryRunPagesRatio: Number((p95(duringDry) / q).toFixed(2)),
    });
    console.log(file);
    if (rows.some((r) => !r[3])) process.exitCode = 1;
  } finally {
    await stop();
  }
}

await main();
