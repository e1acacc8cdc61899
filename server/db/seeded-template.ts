// Seeded copies for tests (tests/README.md "Time of each phase"): the demo seed took ~2–3 s per
// test file and database, most of the API suite's time. It now runs once per five minutes of a run
// into a template — a PGlite folder under node_modules/.cache, a PostgreSQL template database — and
// each file starts from a copy. The seed's dates are relative to when it runs, so a template is used
// only within the five-minute window it was made in (windows start on the hour's multiples of five,
// so one never spans midnight in a whole-hour zone such as the demo churches').
import { createHash } from 'node:crypto';
import { cpSync, existsSync, readdirSync, readFileSync, rmSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { makePrivateDir, restrictTree } from '../utils/private-files.ts';
import { migrationsFolder, openDatabase } from './client.ts';
import { buildDatabaseOnce, withAdmin } from './pg-template.ts';
import { buildFolderOnce, templateKey } from './pglite-template.ts';
import { seedDemo } from './seed/index.ts';

const WINDOW_MS = 5 * 60_000;
const root = fileURLToPath(new URL('../..', import.meta.url));
const cacheDir = path.join(root, 'node_modules', '.cache', 'pglite-seeded');
const seedFolder = fileURLToPath(new URL('./seed', import.meta.url));

/** SEEDED_TEMPLATE=false seeds every test database afresh (the old, slower way). */
export function seededTemplatesEnabled(): boolean {
  return process.env.SEEDED_TEMPLATE !== 'false';
}

/** The migrations, the seed's source and the current window: a change to any makes a new template. */
function seededKey(): { key: string; window: number } {
  const h = createHash('sha256').update(templateKey(migrationsFolder));
  for (const name of readdirSync(seedFolder).sort())
    if (name.endsWith('.ts')) h.update(name).update(readFileSync(path.join(seedFolder, name)));
  return { key: h.digest('hex').slice(0, 12), window: Math.floor(Date.now() / WINDOW_MS) };
}

/** Fills the fresh PGlite folder `dir` with a seeded copy; false when it could not (seed it then). */
export async function copySeededPglite(dir: string): Promise<boolean> {
  if (!seededTemplatesEnabled()) return false;
  try {
    const { key, window } = seededKey();
    const template = path.join(cacheDir, `${key}-${window}`);
    if (!existsSync(path.join(template, 'PG_VERSION'))) {
      makePrivateDir(cacheDir);
      await buildFolderOnce(template, async (tmp) => {
        const handle = await openDatabase(tmp, { thread: false });
        try {
          await seedDemo(handle.db);
        } finally {
          await handle.close();
        }
      });
      // Earlier windows' folders are never used again (a file copying one now finished its copy
      // within the window, long before this).
      for (const old of readdirSync(cacheDir)) {
        const [oldKey, oldWindow] = old.split(/[-.]/);
        if (old.endsWith('.tmp')) continue;
        if (oldKey !== key || Number(oldWindow) < window - 1)
          rmSync(path.join(cacheDir, old), { recursive: true, force: true });
      }
    }
    cpSync(template, dir, { recursive: true });
    restrictTree(dir);
    return true;
  } catch {
    return false;
  }
}

/**
 * The name of a seeded PostgreSQL template database for this window, built from `migrated`
 * (the migrated, empty template) on first use.
 */
export async function seededPostgresTemplate(base: string, migrated: string): Promise<string> {
  const { key, window } = seededKey();
  const name = `church_test_seeded_${key}_${window}`;
  const built = await buildDatabaseOnce(base, name, migrated, async (url) => {
    const handle = await openDatabase(url);
    try {
      await seedDemo(handle.db);
    } finally {
      await handle.close();
    }
  });
  if (!built) return name;
  // Templates of other seeds or earlier windows are never used again.
  await withAdmin(base, async (c) => {
    const old = await c.query(
      `select datname from pg_database where datname like 'church_test_seeded_%' and datname <> $1`,
      [name],
    );
    for (const row of old.rows as { datname: string }[]) {
      const [oldKey, oldWindow] = row.datname.replace('church_test_seeded_', '').split('_');
      if (row.datname.includes('_b')) continue; // still being built by another process
      if (oldKey !== key || Number(oldWindow) < window - 1)
        await c.query(`drop database if exists ${row.datname}`).catch(() => undefined);
    }
  });
  return name;
}
