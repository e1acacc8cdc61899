// A fresh PGlite folder starts as a copy of a cached, already migrated data directory instead
// of running initdb and every migration again: initdb in WASM is most of a fresh start
// (measured 37-57 s of ~75 s on the loaded 2-core machine; reopening a folder takes ~5 s).
// The template is a closed PGlite folder under node_modules/.cache/pglite-template, keyed by
// the PGlite version and the migration files, so a new migration or upgrade builds a new one
// (loading a tarball through loadDataDir instead made the seed after it 3x slower).
// PGLITE_TEMPLATE=false turns it off.
import { createHash, randomBytes } from 'node:crypto';
import { cpSync, existsSync, readdirSync, readFileSync, renameSync, rmSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { drizzle as drizzlePglite } from 'drizzle-orm/pglite';
import { migrate as migratePglite } from 'drizzle-orm/pglite/migrator';
import { openPglite } from './pglite-extensions.ts';
import { makePrivateDir, restrictTree } from '../utils/private-files.ts';

const root = fileURLToPath(new URL('../..', import.meta.url));
const cacheDir = path.join(root, 'node_modules', '.cache', 'pglite-template');

/** True when opening `dir` would run initdb (no data directory there yet). */
export function isFreshDataDir(dir: string): boolean {
  return !existsSync(path.join(dir, 'PG_VERSION'));
}

export function templateKey(migrationsFolder: string): string {
  const h = createHash('sha256');
  const pkg = JSON.parse(
    readFileSync(path.join(root, 'node_modules/@electric-sql/pglite/package.json'), 'utf8'),
  ) as { version: string };
  h.update(pkg.version);
  const walk = (dir: string): void => {
    for (const name of readdirSync(dir, { withFileTypes: true }).sort((a, b) =>
      a.name.localeCompare(b.name),
    )) {
      const full = path.join(dir, name.name);
      if (name.isDirectory()) walk(full);
      else h.update(name.name).update(readFileSync(full));
    }
  };
  walk(migrationsFolder);
  return h.digest('hex').slice(0, 16);
}

/**
 * Fills the fresh folder `dir` with a copy of the cached migrated template (built on first use).
 * Returns false when disabled or impossible; the caller then lets PGlite run initdb.
 */
export async function copyMigratedTemplate(
  dir: string,
  migrationsFolder: string,
): Promise<boolean> {
  if (process.env.PGLITE_TEMPLATE === 'false') return false;
  try {
    const template = path.join(cacheDir, templateKey(migrationsFolder));
    if (!existsSync(path.join(template, 'PG_VERSION'))) {
      makePrivateDir(cacheDir);
      await buildFolderOnce(template, async (tmp) => {
        makePrivateDir(tmp);
        const client = openPglite(tmp);
        await client.waitReady;
        await migratePglite(drizzlePglite(client) as never, { migrationsFolder });
        await client.close();
      });
      // Templates of older migration sets are never used again (~40 MB each).
      for (const old of readdirSync(cacheDir)) {
        if (old !== path.basename(template) && !old.endsWith('.tmp'))
          rmSync(path.join(cacheDir, old), { recursive: true, force: true });
      }
    }
    makePrivateDir(cacheDir);
    restrictTree(template); // a template built before modes were tightened
    cpSync(template, dir, { recursive: true });
    restrictTree(dir);
    return true;
  } catch {
    return false; // a read-only checkout or a full disk: start the slow way
  }
}

/**
 * Builds the PGlite folder `target` by `build(tmp)` into a folder of its own, then renames it into
 * place: two processes building at once never copy half a folder (the loser's copy is dropped).
 */
export async function buildFolderOnce(
  target: string,
  build: (tmp: string) => Promise<void>,
): Promise<void> {
  const tmp = `${target}.${process.pid}.${randomBytes(3).toString('hex')}.tmp`;
  rmSync(tmp, { recursive: true, force: true });
  await build(tmp);
  restrictTree(tmp); // every copy inherits these modes: 0700/0600 (docs/security.md "Files on disk")
  try {
    renameSync(tmp, target);
  } catch {
    rmSync(tmp, { recursive: true, force: true }); // another process won the race
  }
}
