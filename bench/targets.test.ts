import { mkdtempSync, rmSync, utimesSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import {
  readOtherResults,
  targetRows,
  targetsMarkdown,
  type BenchRun,
  type OtherResults,
  type PageRow,
} from './targets.ts';

const row = (
  page: string,
  cache: PageRow['cache'],
  reqPerSec: number,
  extra: Partial<PageRow> = {},
): PageRow => ({
  page,
  db: 'PGlite',
  data: 'demo',
  cache,
  reqPerSec,
  ratio: cache === 'cached' ? 1.05 : 0.02,
  bytes: { br: 3_000 },
  frameworkScripts: [],
  ...extra,
});

const run: BenchRun = {
  at: '2026-11-30T03:00:00.000Z',
  loadAverage: [1.2, 1.1, 0.9],
  rows: [
    row('home', 'uncached', 1_100, { bytes: { br: 4_243 } }),
    row('news', 'uncached', 1_050),
    row('events', 'uncached', 980),
    row('news item', 'uncached', 1_600),
    row('about', 'uncached', 2_200),
    row('home', 'cached', 40_000, { ratio: 0.97, bytes: { br: 4_243 } }),
    row('news', 'cached', 41_000, { ratio: 1.02 }),
  ],
  ab: {
    base: 'dist-prev',
    pages: [
      { page: 'home', a: 1_000, b: 1_020 },
      { page: 'news', a: 1_000, b: 960 },
    ],
  },
};

const earlier = { at: '2026-11-30T02:00:00.000Z', loadAverage: [3.4, 2, 1] };
const results: OtherResults = {
  staff: {
    ...earlier,
    rows: [
      { call: 'giving summary of a year', p95: 13 },
      { call: 'gifts list of a year', p95: 19 },
      { call: 'registrations, first page', p95: 85 },
      { call: 'registrations, search', p95: 250 },
      { call: 'registrations CSV', p95: 1_850 },
      { call: 'person page with gifts', p95: 30 },
    ],
  },
  search: {
    ...earlier,
    rows: [
      { search: 'first page, no search', p95: 9 },
      { search: 'name without accents', p95: 36 },
    ],
  },
  staffWork: {
    ...earlier,
    runs: [
      { work: 'statements', cache: false, ratio: 1.4, finished: true },
      { work: 'statements', cache: true, ratio: 1.1, finished: true },
    ],
  },
  importScale: { ...earlier, pagesRatio: 1.6, dryRunPagesRatio: 1.9 },
  chat: { ...earlier, clients: 10_000, nodes: 2, p95: 31, lostMessages: 0, lostDeliveries: 0 },
};

const find = (rows: ReturnType<typeof targetRows>, start: string) =>
  rows.find((r) => r.target.startsWith(start))!;

describe('the speed targets table (bench/targets.ts)', () => {
  const rows = targetRows(run, results);

  it('reads items 1–3 from the run, each beside what it must reach', () => {
    expect(find(rows, 'cached pages')).toMatchObject({
      item: 1,
      status: 'not met',
      mustReach: '≥ 1.00× each',
    });
    expect(find(rows, 'cached pages').figure).toContain('0.97× (home');
    const withCpu = run.rows.map((r, i) =>
      r.cache === 'cached' ? { ...r, cpuRatio: 0.9 + i / 100 } : r,
    );
    const cpuFigure = find(targetRows({ ...run, rows: withCpu }, results), 'cached pages').figure;
    expect(cpuFigure).toBe(
      "lowest 0.97× (home, PGlite demo) of 2 rows; CPU per answer 0.95–0.96× the plain server's",
    );
    expect(find(rows, 'home page HTML')).toMatchObject({ figure: '4,243 B', status: 'met' });
    expect(find(rows, 'public pages ship no framework JS').status).toBe('met');
    expect(find(rows, 'uncached renders against the previous release')).toMatchObject({
      figure: 'home 1.02×, news 0.96×',
      status: 'met', // 0.96 is within the rounds' noise
    });
    expect(find(rows, 'uncached home')).toMatchObject({ figure: '1,100 req/s', status: 'met' });
    expect(find(rows, 'uncached lists')).toMatchObject({
      figure: 'lowest 980 req/s (events) of 2',
      status: 'not met',
    });
    expect(find(rows, 'uncached details')).toMatchObject({
      status: 'met',
      mustReach: '≥ 1,500 req/s',
    });
    expect(find(rows, 'uncached home').from).toBe('this run (2026-11-30 03:00 UTC, load 1.2)');
  });

  it("says what the server's CPU per answer allows on the machine's cores, when the run has both", () => {
    const measured: BenchRun = {
      ...run,
      cores: 2,
      rows: run.rows.map((r) => (r.page === 'home' ? { ...r, cpuMs: 4 } : r)),
    };
    expect(find(targetRows(measured, results), 'uncached home').figure).toBe(
      '1,100 req/s; 4.00 ms of server CPU each: at most 500 req/s on 2 cores',
    );
    // a run without cores (an older results file) keeps the bare figure
    expect(
      find(targetRows({ ...measured, cores: undefined }, results), 'uncached home').figure,
    ).toBe('1,100 req/s');
  });

  it('reads items 4 and 5 from the latest results, dated, and says what was not measured', () => {
    expect(find(rows, 'directory search p95, PGlite')).toMatchObject({
      figure: 'highest 36 ms (name without accents) of 2 searches',
      status: 'met',
    });
    expect(find(rows, 'directory search p95, PGlite').from).toBe(
      'people-search-latest.json (2026-11-30 02:00 UTC, load 3.4, older than this run)',
    );
    expect(find(rows, 'registrations list p95, PGlite')).toMatchObject({
      figure: 'highest 250 ms (registrations, search)',
      status: 'not met',
    });
    expect(find(rows, 'registrations CSV p95, PGlite').status).toBe('met');
    expect(find(rows, 'directory search p95, PostgreSQL').status).toBe('not measured');
    const work = find(rows, "public pages' p95 while staff work runs, PGlite");
    expect(work.figure).toBe(
      'import 1.6× (dry run 1.9×); statements 1.4× cache off, 1.1× cache on; not measured: a notice to everyone',
    );
    expect(work.status).toBe('not measured'); // all within 2×, but the notice was not measured
    expect(find(rows, 'chat')).toMatchObject({ item: 5, status: 'met' });
  });

  it('prints one Markdown row per target, its status in bold unless met', () => {
    const markdown = targetsMarkdown(rows).split('\n');
    expect(markdown[0]).toBe('| # | target | figure | must reach | status | from |');
    expect(markdown).toHaveLength(rows.length + 2);
    expect(markdown.find((l) => l.includes('uncached lists'))).toContain('| **not met** |');
    expect(markdown.find((l) => l.includes('uncached home'))).toContain('| met |');
  });

  it('marks every target not measured when nothing ran', () => {
    const none = targetRows({ at: run.at, loadAverage: [1], rows: [], ab: null }, {});
    expect(none.every((r) => r.status === 'not measured')).toBe(true);
    expect(none.map((r) => r.item)).toEqual(expect.arrayContaining([1, 2, 3, 4, 5]));
  });

  it('reads the results folder, dating a file without `at` by its change time', () => {
    const dir = mkdtempSync(path.join(tmpdir(), 'targets-'));
    try {
      writeFileSync(
        path.join(dir, 'chat-latest.json'),
        JSON.stringify({ clients: 10_000, nodes: 2, p95: 60, lostMessages: 0, loadAverage: [2] }),
      );
      utimesSync(path.join(dir, 'chat-latest.json'), new Date(earlier.at), new Date(earlier.at));
      writeFileSync(path.join(dir, 'staff-latest.json'), '{ not json');
      const read = readOtherResults(dir);
      expect(read.chat?.at).toBe(earlier.at);
      expect(read.staff).toBeNull();
      expect(find(targetRows(run, read), 'chat')).toMatchObject({
        status: 'not met',
        figure: '10,000 clients on 2 node(s): p95 60 ms, 0 messages lost',
      });
    } finally {
      rmSync(dir, { recursive: true, force: true });
    }
  });
});
