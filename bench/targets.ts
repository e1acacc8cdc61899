// The speed targets table `npm run bench` ends with (docs/performance.md "Throughput"): one row per
// target of the speed work — what it must reach, the figure, met / not met / not measured, and
// where the figure comes from. Items 1–3 come from the bench's own run (bench/ssr.ts); items 4 and 5
// from the latest results the other benches wrote in bench/results/ (bench/results.ts), with their
// date and load, marked when they are older than the run.
import { statSync } from 'node:fs';
import path from 'node:path';
import { readLatest, RESULTS_DIR } from './results.ts';

/** What targets need of a row of bench/ssr.ts's table. */
export interface PageRow {
  page: string;
  db: 'PGlite' | 'PostgreSQL';
  data: 'demo' | 'large';
  cache: 'cached' | 'uncached';
  reqPerSec: number;
  /** The server's CPU per answer, ms, all threads (older runs lack it). */
  cpuMs?: number;
  ratio: number;
  /** The plain server's CPU per answer against ours (older runs lack it). */
  cpuRatio?: number;
  bytes: { br: number };
  /** Scripts and module links the page's HTML names besides the page script (framework JS). */
  frameworkScripts?: string[];
}

/** Alternating rounds of the previous release's build (A) and this one (B), uncached. */
export interface AbResult {
  base: string;
  pages: { page: string; a: number; b: number }[];
}

export interface BenchRun {
  at: string;
  loadAverage: number[];
  /** The machine's cores: with the CPU per answer, the most the server could answer a second. */
  cores?: number;
  rows: PageRow[];
  ab: AbResult | null;
}

type Meta = { at: string; loadAverage: number[] };
export type StaffResult = Meta & { rows: { call: string; p95: number }[] };
export type SearchResult = Meta & { rows: { search: string; p95: number }[] };
export type StaffWorkResult = Meta & {
  runs: { work: string; cache: boolean; ratio: number; finished: boolean }[];
};
export type ImportResult = Meta & { pagesRatio: number; dryRunPagesRatio: number };
export type ChatResult = Meta & {
  clients: number;
  nodes: number;
  p95: number;
  lostMessages: number;
  lostDeliveries?: number;
};

/** The latest results of the other benches, each absent when that bench has not run here. */
export interface OtherResults {
  staff?: StaffResult | null;
  staffPg?: StaffResult | null;
  search?: SearchResult | null;
  searchPg?: SearchResult | null;
  staffWork?: StaffWorkResult | null;
  staffWorkPg?: StaffWorkResult | null;
  importScale?: ImportResult | null;
  importScalePg?: ImportResult | null;
  chat?: ChatResult | null;
}

export type Status = 'met' | 'not met' | 'not measured';

export interface TargetRow {
  item: number;
  target: string;
  figure: string;
  mustReach: string;
  status: Status;
  from: string;
}

/** Pages whose target is a detail's (bench/pages.ts names); the home has its own; the rest are lists. */
export const DETAIL_PAGES = ['news item', 'event', 'about'];
/** The uncached targets on PGlite (docs/performance.md "Throughput"). */
export const HOME_RPS = 1_000;
export const LIST_RPS = 1_000;
export const DETAIL_RPS = 1_500;
/** HTML on the wire, br, home page (bytes: the docs' KB are thousands). */
export const HOME_BR_BYTES = 4_500;
/** B/A under this is slower than the previous release; between it and 1.00 is the rounds' noise. */
export const AB_NOISE = 0.95;

const n = (x: number) => Math.round(x).toLocaleString('en-US');
const ms = (x: number) => `${Number(x.toFixed(1)).toLocaleString('en-US')} ms`;
const when = (at: string) => at.slice(0, 16).replace('T', ' ');
const loadOf = (m: Meta) => m.loadAverage?.[0] ?? '?';

function fromRun(run: BenchRun) {
  return `this run (${when(run.at)} UTC, load ${loadOf(run)})`;
}

function fromFile(name: string, m: Meta, run: BenchRun) {
  const older = m.at < run.at ? ', older than this run' : '';
  return `${name}-latest.json (${when(m.at)} UTC, load ${loadOf(m)}${older})`;
}

const missing = (item: number, target: string, mustReach: string, how: string): TargetRow => ({
  item,
  target,
  figure: '—',
  mustReach,
  status: 'not measured',
  from: how,
});

/** The rows of the cached/uncached table this run measured for one target. */
function throughputRows(run: BenchRun): TargetRow[] {
  const out: TargetRow[] = [];
  const cached = run.rows.filter((r) => r.cache === 'cached');
  const lowest = [...cached].sort((a, b) => a.ratio - b.ratio)[0];
  out.push(
    lowest
      ? {
          item: 1,
          target: 'cached pages against a plain node:http server sending the same bytes',
          figure:
            `lowest ${lowest.ratio.toFixed(2)}× (${lowest.page}, ${lowest.db} ${lowest.data}) of ${cached.length} rows` +
            cpuRatios(cached),
          mustReach: '≥ 1.00× each',
          status: lowest.ratio >= 1 ? 'met' : 'not met',
          from: fromRun(run),
        }
      : missing(
          1,
          'cached pages against a plain node:http server',
          '≥ 1.00× each',
          'no cached rows in this run (BENCH_CACHE=false?)',
        ),
  );
  const home = run.rows.find((r) => r.page === 'home' && Number.isFinite(r.bytes.br));
  out.push(
    home
      ? {
          item: 2,
          target: 'home page HTML on the wire, br',
          figure: `${n(home.bytes.br)} B`,
          mustReach: `≤ ${n(HOME_BR_BYTES)} B`,
          status: home.bytes.br <= HOME_BR_BYTES ? 'met' : 'not met',
          from: fromRun(run),
        }
      : missing(
          2,
          'home page HTML on the wire, br',
          `≤ ${n(HOME_BR_BYTES)} B`,
          'home not measured',
        ),
  );
  const checked = [...new Map(run.rows.map((r) => [r.page, r])).values()].filter(
    (r) => r.frameworkScripts,
  );
  const shipping = checked.filter((r) => r.frameworkScripts!.length > 0);
  out.push(
    checked.length
      ? {
          item: 2,
          target: 'public pages ship no framework JS',
          figure: shipping.length
            ? shipping.map((r) => `${r.page}: ${r.frameworkScripts!.join(' ')}`).join('; ')
            : `none on ${checked.length} pages (the page script only)`,
          mustReach: 'no script besides /page-script/',
          status: shipping.length ? 'not met' : 'met',
          from: fromRun(run),
        }
      : missing(2, 'public pages ship no framework JS', 'no script besides /page-script/', '—'),
  );
  out.push(
    run.ab && run.ab.pages.length
      ? {
          item: 3,
          target: `uncached renders against the previous release (${run.ab.base})`,
          figure: run.ab.pages.map((p) => `${p.page} ${(p.b / p.a).toFixed(2)}×`).join(', '),
          mustReach: `B/A req/s ≥ 1.00× (≥ ${AB_NOISE} read as noise)`,
          status: run.ab.pages.every((p) => p.b / p.a >= AB_NOISE) ? 'met' : 'not met',
          from: `${fromRun(run)}, alternating rounds`,
        }
      : missing(
          3,
          'uncached renders against the previous release',
          'B/A req/s ≥ 1.00×',
          'BENCH_BASE_DIST not set',
        ),
  );
  const uncached = run.rows.filter(
    (r) => r.cache === 'uncached' && r.db === 'PGlite' && r.data === 'demo',
  );
  const groups: [string, (r: PageRow) => boolean, number][] = [
    ['uncached home, PGlite demo', (r) => r.page === 'home', HOME_RPS],
    [
      'uncached lists, PGlite demo',
      (r) => r.page !== 'home' && !DETAIL_PAGES.includes(r.page),
      LIST_RPS,
    ],
    ['uncached details, PGlite demo', (r) => DETAIL_PAGES.includes(r.page), DETAIL_RPS],
  ];
  for (const [target, pick, goal] of groups) {
    const some = uncached.filter(pick).sort((a, b) => a.reqPerSec - b.reqPerSec);
    out.push(
      some.length
        ? {
            item: 3,
            target,
            figure:
              (some.length === 1
                ? `${n(some[0]!.reqPerSec)} req/s`
                : `lowest ${n(some[0]!.reqPerSec)} req/s (${some[0]!.page}) of ${some.length}`) +
              cpuCeiling(some[0]!, run.cores),
            mustReach: `≥ ${n(goal)} req/s`,
            status: some[0]!.reqPerSec >= goal ? 'met' : 'not met',
            from: fromRun(run),
          }
        : missing(3, target, `≥ ${n(goal)} req/s`, 'not in this run (BENCH_PAGES, BENCH_CACHE?)'),
    );
  }
  return out;
}

/**
 * The same rows by CPU per answer, which the machine's load blurs far less than req/s:
 * `; CPU per answer 0.94–1.02× the plain server's`. Empty when the run did not measure it.
 */
function cpuRatios(rows: PageRow[]): string {
  const ratios = rows.map((r) => r.cpuRatio).filter((r): r is number => Number.isFinite(r));
  if (!ratios.length) return '';
  const [low, high] = [Math.min(...ratios), Math.max(...ratios)];
  const span = low === high ? low.toFixed(2) : `${low.toFixed(2)}–${high.toFixed(2)}`;
  return `; CPU per answer ${span}× the plain server's`;
}

/**
 * What the server's own CPU allows: `; 4.10 ms of server CPU each: at most 488 req/s on 2 cores`
 * (the load generator shares the cores, so the real ceiling is lower). Empty without the figures.
 */
function cpuCeiling(row: PageRow, cores: number | undefined): string {
  if (!row.cpuMs || !Number.isFinite(row.cpuMs) || !cores) return '';
  const most = Math.floor((cores * 1000) / row.cpuMs);
  return `; ${row.cpuMs.toFixed(2)} ms of server CPU each: at most ${n(most)} req/s on ${cores} cores`;
}

/** The staff calls of bench/staff.ts, grouped by the target they answer to. */
const STAFF_GROUPS: [string, string[], number][] = [
  ['giving dashboard with chart', ['giving summary', 'gifts list'], 300],
  [
    'registrations list',
    ['registrations, first', 'registrations, sorted', 'registrations, search'],
    200,
  ],
  ['registrations CSV', ['registrations CSV'], 2_000],
  ["a person's page", ['person page'], 100],
];

function staffRows(results: OtherResults, run: BenchRun): TargetRow[] {
  const out: TargetRow[] = [];
  for (const [db, search, staff, suffix] of [
    ['PGlite', results.search, results.staff, ''],
    ['PostgreSQL', results.searchPg, results.staffPg, '-postgresql'],
  ] as const) {
    const target = `directory search p95, ${db}`;
    if (search?.rows.length) {
      const worst = [...search.rows].sort((a, b) => b.p95 - a.p95)[0]!;
      out.push({
        item: 4,
        target,
        figure: `highest ${ms(worst.p95)} (${worst.search}) of ${search.rows.length} searches`,
        mustReach: '≤ 50 ms',
        status: worst.p95 <= 50 ? 'met' : 'not met',
        from: fromFile(`people-search${suffix}`, search, run),
      });
    } else
      out.push(
        missing(
          4,
          target,
          '≤ 50 ms',
          `npm run bench:search${db === 'PostgreSQL' ? ' (DATABASE_URL)' : ''}`,
        ),
      );
    for (const [what, calls, goal] of STAFF_GROUPS) {
      const rows = staff?.rows.filter((r) => calls.some((c) => r.call.startsWith(c))) ?? [];
      const target = `${what} p95, ${db}`;
      if (!staff || !rows.length) {
        out.push(
          missing(
            4,
            target,
            `≤ ${n(goal)} ms`,
            `node bench/staff.ts${db === 'PostgreSQL' ? ' (DATABASE_URL)' : ''}`,
          ),
        );
        continue;
      }
      const worst = [...rows].sort((a, b) => b.p95 - a.p95)[0]!;
      out.push({
        item: 4,
        target,
        figure: rows.length === 1 ? ms(worst.p95) : `highest ${ms(worst.p95)} (${worst.call})`,
        mustReach: `≤ ${n(goal)} ms`,
        status: worst.p95 <= goal ? 'met' : 'not met',
        from: fromFile(`staff${suffix}`, staff, run),
      });
    }
  }
  return out;
}

function staffWorkRows(results: OtherResults, run: BenchRun): TargetRow[] {
  const out: TargetRow[] = [];
  for (const [db, work, imported, suffix] of [
    ['PGlite', results.staffWork, results.importScale, ''],
    ['PostgreSQL', results.staffWorkPg, results.importScalePg, '-postgresql'],
  ] as const) {
    const target = `public pages' p95 while staff work runs, ${db} (during ÷ without)`;
    const parts: string[] = [];
    const ratios: number[] = [];
    const from: string[] = [];
    if (imported) {
      parts.push(
        `import ${imported.pagesRatio.toFixed(1)}× (dry run ${imported.dryRunPagesRatio.toFixed(1)}×)`,
      );
      ratios.push(imported.pagesRatio, imported.dryRunPagesRatio);
      from.push(fromFile(`import-scale${suffix}`, imported, run));
    }
    if (work?.runs.length) {
      for (const name of [...new Set(work.runs.map((r) => r.work))]) {
        const some = work.runs.filter((r) => r.work === name);
        parts.push(
          `${name} ${some.map((r) => `${r.ratio.toFixed(1)}× cache ${r.cache ? 'on' : 'off'}`).join(', ')}`,
        );
        ratios.push(...some.map((r) => r.ratio));
      }
      from.push(fromFile(`staff-work${suffix}`, work, run));
    }
    const wanted = ['an import', 'the statement batch', 'a notice to everyone'];
    const missed = [
      !imported && wanted[0],
      !work?.runs.some((r) => r.work === 'statements') && wanted[1],
      !work?.runs.some((r) => r.work === 'notice') && wanted[2],
    ].filter(Boolean);
    if (!ratios.length) {
      out.push(
        missing(4, target, '≤ 2× each', 'node bench/import-scale.ts, node bench/staff-work.ts'),
      );
      continue;
    }
    const met = ratios.every((r) => r <= 2);
    out.push({
      item: 4,
      target,
      figure: parts.join('; ') + (missed.length ? `; not measured: ${missed.join(', ')}` : ''),
      mustReach: '≤ 2× each',
      status: !met ? 'not met' : missed.length ? 'not measured' : 'met',
      from: from.join('; '),
    });
  }
  return out;
}

function chatRow(results: OtherResults, run: BenchRun): TargetRow {
  const chat = results.chat;
  const target = 'chat: 10,000 clients on two nodes, delivery p95, nothing lost';
  const goal = '≥ 10,000 clients, 2 nodes, p95 ≤ 50 ms, 0 lost';
  if (!chat) return missing(5, target, goal, 'npm run bench:chat (BENCH_NODES=2)');
  const lost = chat.lostMessages + (chat.lostDeliveries ?? 0);
  const scale = chat.clients >= 10_000 && chat.nodes >= 2;
  return {
    item: 5,
    target,
    figure: `${n(chat.clients)} clients on ${chat.nodes} node(s): p95 ${ms(chat.p95)}, ${n(chat.lostMessages)} messages lost`,
    mustReach: goal,
    status: chat.p95 <= 50 && lost === 0 ? (scale ? 'met' : 'not measured') : 'not met',
    from: fromFile('chat', chat, run),
  };
}

/** Every target's row, in the order of the speed work's list. */
export function targetRows(run: BenchRun, results: OtherResults): TargetRow[] {
  return [
    ...throughputRows(run),
    ...staffRows(results, run),
    ...staffWorkRows(results, run),
    chatRow(results, run),
  ];
}

export function targetsMarkdown(rows: readonly TargetRow[]): string {
  const cell = (s: string) => s.replace(/\|/g, '\\|');
  return [
    '| # | target | figure | must reach | status | from |',
    '|---|---|---|---|---|---|',
    ...rows.map(
      (r) =>
        `| ${r.item} | ${cell(r.target)} | ${cell(r.figure)} | ${cell(r.mustReach)} | ${r.status === 'met' ? 'met' : `**${r.status}**`} | ${cell(r.from)} |`,
    ),
  ].join('\n');
}

/** The other benches' latest results in `dir` (a file without `at` is dated by its change time). */
export function readOtherResults(dir = RESULTS_DIR): OtherResults {
  const read = <T extends Meta>(name: string): T | null => {
    const found = readLatest<T>(name, dir);
    if (!found) return null;
    const at = found.at ?? statSync(path.join(dir, `${name}-latest.json`)).mtime.toISOString();
    return { ...found, at, loadAverage: found.loadAverage ?? [] };
  };
  return {
    staff: read('staff'),
    staffPg: read('staff-postgresql'),
    search: read('people-search'),
    searchPg: read('people-search-postgresql'),
    staffWork: read('staff-work'),
    staffWorkPg: read('staff-work-postgresql'),
    importScale: read('import-scale'),
    importScalePg: read('import-scale-postgresql'),
    chat: read('chat'),
  };
}
