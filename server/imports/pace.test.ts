// Public pages go first while a large import writes (docs/performance.md "Moving in at scale"): a
// page's statements are answered before the import's next batch, and batches are cut to a few
// milliseconds of work while pages are read.
import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { eq, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { parseConfig } from '../../common/config.ts';
import { createChangeFeed } from '../changes.ts';
import type { DatabaseHandle } from '../db/client.ts';
import { readerGauge, readersOf, registerReaders } from '../db/readers.ts';
import { noteRequest, SERVING_MS } from '../http/traffic.ts';
import * as t from '../db/schema/index.ts';
import { openDatabase } from '../db/client.ts';
import { countQueries } from '../db/query-stats.ts';
import { rowsOf } from '../db/rows.ts';
import { seedDemo } from '../db/seed/index.ts';
import { copySeededPglite } from '../db/seeded-template.ts';
import { createLocalFileStore } from '../files/local.ts';
import { drainTasks } from '../jobs/tasks.ts';
import { createMailer } from '../mail/outbox.ts';
import { importTask } from './import.task.ts';
import { createImport, runImport } from './imports.service.ts';
import {
  BATCH,
  BATCH_MS,
  type ImportRun,
  letRequestsIn,
  MIN_BATCH,
  nextBatchSize,
  ROWS_PER_TURN,
  QUIET_MS,
  READING_MS,
  readingPages,
  batchesWritten,
  freshStatistics,
  LARGE_IMPORT,
  setYieldMs,
  YIELD_MS,
} from './run.ts';

describe('batch sizes while pages are read', () => {
  it('cuts a batch to about BATCH_MS of work while pages are read, and grows it back after', () => {
    const min = 50; // the rule with another floor than MIN_BATCH
    // 500 rows held the database 20 × BATCH_MS: a twentieth of them would fit, but never under min
    expect(nextBatchSize(BATCH, 20 * BATCH_MS, true, min)).toBe(min);
    expect(nextBatchSize(400, 2 * BATCH_MS, true, min)).toBe(200);
    // a quick batch grows, at most doubling, never past BATCH
    expect(nextBatchSize(min, 1, true, min)).toBe(2 * min);
    // no page read meanwhile: back up to full batches
    expect(nextBatchSize(min, 10 * BATCH_MS, false, min)).toBe(2 * min);
    expect(nextBatchSize(400, 10 * BATCH_MS, false, min)).toBe(BATCH);
    expect(nextBatchSize(BATCH, 100 * BATCH_MS, true)).toBe(MIN_BATCH);
  });

  it('counts pages as read for READING_MS after the last one, so a visit between two batches does not double the next', () => {
    expect(readingPages(true, undefined, 0)).toBe(true);
    expect(readingPages(false, undefined, 5_000)).toBe(false);
    expect(readingPages(false, 5_000, 5_000 + READING_MS - 1)).toBe(true);
    expect(readingPages(false, 5_000, 5_000 + READING_MS)).toBe(false);
  });
});

describe('the dry run’s turns', () => {
  const turn = () => new Promise((r) => setImmediate(r));
  /** A database whose page statements the test starts and answers itself. */
  const site = () => {
    const db = {};
    const readers = readerGauge();
    registerReaders(db, readers);
    const page = () => {
      let answer!: () => void;
      void readers.track(new Promise<void>((r) => (answer = r)));
      return answer;
    };
    return { db, page };
  };
  const yieldMs = YIELD_MS;
  afterAll(() => setYieldMs(yieldMs));

  it('wait while a page’s statement is in flight, and until the page sends none for QUIET_MS', async () => {
    setYieldMs(60_000);
    const { db, page } = site();
    const run = { db, write: null } as unknown as ImportRun;
    const answer = page();
    let planned = false;
    const next = letRequestsIn(run, ROWS_PER_TURN).then(() => (planned = true));
    for (let i = 0; i < 20; i++) await turn();
    expect(planned).toBe(false);
    answer(); // the page's statement is answered; it sends its next one at once
    await turn();
    const second = page();
    await new Promise((r) => setTimeout(r, 5 * QUIET_MS));
    expect(planned).toBe(false);
    second(); // the page's last statement
    await next;
    expect(planned).toBe(true);
  });

  it('take a plain turn when no page is read, between turns, and in the import (its batches wait)', async () => {
    setYieldMs(60_000);
    const { db, page } = site();
    let planned = false;
    await letRequestsIn({ db, write: null } as unknown as ImportRun, 0);
    // the import's turns do not wait for pages: writeBatch does, before each batch
    page();
    const importing = letRequestsIn({ db, write: {} } as unknown as ImportRun, 0).then(
      () => (planned = true),
    );
    for (let i = 0; i < 3 && !planned; i++) await turn();
    await importing;
    expect(planned).toBe(true);
  });

  it('rest as long as the rows took while requests are answered, and not when none is', async () => {
    const { db } = site();
    const run = { db, write: null } as unknown as ImportRun;
    const plan = (ms: number) => {
      const end = performance.now() + ms;
      while (performance.now() < end); // rows being planned
    };
    noteRequest(performance.now() - 10 * SERVING_MS); // nobody answered lately
    await letRequestsIn(run, 0);
    plan(20);
    let started = performance.now();
    await letRequestsIn(run, 0);
    expect(performance.now() - started).toBeLessThan(17);
    noteRequest();
    plan(20);
    started = performance.now();
    await letRequestsIn(run, 0);
    expect(performance.now() - started).toBeGreaterThanOrEqual(17);
  });

  it('never wait longer than YIELD_MS for a page', async () => {
    setYieldMs(10);
    const { db, page } = site();
    page(); // never answered
    const started = performance.now();
    await letRequestsIn({ db, write: null } as unknown as ImportRun, 0);
    expect(performance.now() - started).toBeGreaterThanOrEqual(10);
    expect(performance.now() - started).toBeLessThan(1_000);
  });
});

describe('a people import on PGlite’s thread', () => {
  let database: DatabaseHandle;
  let dataDir: string;
  const yieldMs = YIELD_MS;

  beforeAll(async () => {
    dataDir = await mkdtemp(path.join(tmpdir(), 'import-pace-'));
    // PGlite on its own thread, as the server runs it: statements are answered between the turns
    // of the event loop, so a page's statements and the import's interleave
    const folder = path.join(dataDir, 'pglite');
    const seeded = await copySeededPglite(folder);
    database = await openDatabase(folder);
    if (!seeded) await seedDemo(database.db);
    // the wait is bounded in time so an import is never starved; here only the order matters
    setYieldMs(60_000);
  }, 180_000);
  afterAll(async () => {
    setYieldMs(yieldMs);
    await database?.close();
    await rm(dataDir, { recursive: true, force: true });
  });

  it('writes no batch while a page is being read', async () => {
    const { db } = database;
    expect(readersOf(db)).toBeDefined();
    const [church] = await db.select().from(t.churches).where(eq(t.churches.slug, 'graca'));
    const [admin] = await db.select().from(t.users).where(eq(t.users.email, 'lider@graca.demo'));
    const actor = { userId: admin!.id, name: 'Admin', churchId: church!.id, roles: ['ROLE_ADMIN'] };
    const files = createLocalFileStore(path.join(dataDir, 'files'));
    const changes = createChangeFeed();
    const mailer = createMailer({ dataDir });
    const rows = ['Nome;E-mail'];
    for (let i = 1; i <= 3 * BATCH; i++) rows.push(`Pessoa ${i};pace.${i}@exemplo.com`);
    const view = await createImport({ db, changes, files }, actor, 'en', 'pessoas', {
      name: 'pace.csv',
      bytes: Buffer.from(rows.join('\n')),
    });
    // the dry run
    await drainTasks(
      { db, now: () => new Date(), workerId: 'test', settings: parseConfig(), mailer, files },
      [importTask as never],
    );

    // pages as a render sends their statements: one after another, a turn of the event loop
    // between them; each page counts, by a statement of its own, the rows the import has listed
    // before its first and after its last (every batch lists the accounts it made)
    const listed = () => db.$count(t.importItems, eq(t.importItems.importId, view.id));
    const pages: number[] = [];
    let importing = true;
    const visitor = async () => {
      while (importing) {
        const before = await listed();
        for (let i = 0; i < 3; i++) {
          await new Promise((r) => setImmediate(r));
          await db
            .select({ id: t.churches.id })
            .from(t.churches)
            .where(eq(t.churches.id, church!.id));
        }
        await new Promise((r) => setImmediate(r));
        pages.push((await listed()) - before);
        // the visitor reads the page before asking for the next
        await new Promise((r) => setTimeout(r, 10 * QUIET_MS));
      }
    };
    const visiting = visitor();
    const startedAt = batchesWritten();
    const { result: tally, stats } = await countQueries(() =>
      runImport(
        { db, files, changes, mailer, siteUrl: () => 'http://graca.localhost' },
        { importId: view.id, actor },
        async () => {},
      ).finally(() => (importing = false)),
    );
    await visiting;
    expect(tally.criar).toBe(3 * BATCH);
    // no batch went in while a page was being read: each waited for the page's last statement
    expect(pages.length).toBeGreaterThan(0);
    expect(pages.filter((rows) => rows > 0)).toEqual([]);
    // the batches were cut while pages were read, but who the rows may be was read once per BATCH
    // rows, not once per cut batch
    expect(batchesWritten() - startedAt).toBeGreaterThan(3);
    const lookUps = stats.statements.filter((sql) => /from "usuario" where .* = any\(/.test(sql));
    expect(lookUps.length).toBe(3);
  }, 120_000);

  it('leaves fresh statistics of what a large import filled (PGlite gathers none on its own)', async () => {
    const { db } = database;
    await db.insert(t.users).values(
      Array.from({ length: 50 }, (_, i) => ({
        email: `stats.${i}@exemplo.com`,
        passwordHash: '',
        firstName: 'Stats',
      })),
    );
    const estimated = async () =>
      (
        await rowsOf<{ n: number }>(
          db.execute(sql`select reltuples::int as n from pg_class where relname = 'usuario'`),
        )
      )[0]!.n;
    const before = await estimated();
    const people = await db.$count(t.users);
    expect(before).not.toBe(people); // inserts leave the planner's estimate as it was
    await freshStatistics(db, 'pessoas', LARGE_IMPORT - 1);
    expect(await estimated()).toBe(before);
    await freshStatistics(db, 'pessoas', LARGE_IMPORT);
    expect(await estimated()).toBe(people);
  });
});
