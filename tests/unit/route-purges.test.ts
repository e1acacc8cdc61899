// Cache purges belong to the write, never to a route (docs/architecture.md "Adding a feature"):
// a service announces its church's change after its work (server/changes.ts `WriteDeps`), and every
// staff write does it through the staff write path. A route file that calls `churchChanged` itself
// is case-by-case purging that the next route forgets. A place not moved yet would be listed with
// why; the list may only shrink (it is empty).
import { readdirSync, readFileSync } from 'node:fs';
import { join, relative, resolve, sep } from 'node:path';
import { describe, expect, it } from 'vitest';

const ROOT = resolve(import.meta.dirname, '../..');
const posix = (path: string) => path.split(sep).join('/');

/** Route files that still purge, with why (move each into its service, then remove its line). */
const NOT_MOVED_YET: Record<string, string> = {};

function routeFiles(): string[] {
  return readdirSync(join(ROOT, 'server'), { withFileTypes: true, recursive: true })
    .filter((e) => e.isFile() && e.name.endsWith('.routes.ts'))
    .map((e) => posix(relative(ROOT, join(e.parentPath, e.name))));
}

describe('no purge in a route file', () => {
  const purging = routeFiles().filter((file) =>
    /\.churchChanged\(/.test(readFileSync(join(ROOT, file), 'utf8')),
  );

  it('routes leave purging to the write', () => {
    expect(purging.filter((file) => !(file in NOT_MOVED_YET))).toEqual([]);
  });

  it('the list of routes not moved yet only shrinks', () => {
    expect(Object.keys(NOT_MOVED_YET).filter((file) => !purging.includes(file))).toEqual([]);
  });
});
