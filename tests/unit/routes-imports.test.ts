// Routes are composed in one place (server/README.md): only server/app.ts and the composers
// beside it (server/account-routes.ts, server/staff-routes.ts) mount resources' routes, a routes
// file may mount routes of its own folder, and tests mount their own resource's routes. Everything else a routes file exports
// belongs in a service, serializers or queries file that any resource may import.
import { readdirSync, readFileSync } from 'node:fs';
import { dirname, join, relative, resolve, sep } from 'node:path';
import { describe, expect, it } from 'vitest';

const ROOT = resolve(import.meta.dirname, '../..');
const SOURCE = /\.(ts|tsx|mts|astro|mjs|js)$/;
/** server/app.ts and the `server/*-routes.ts` files beside it. */
const isComposer = (file: string) =>
  file === 'server/app.ts' || /^server\/[^/]+-routes\.ts$/.test(file);

const posix = (path: string) => path.split(sep).join('/');

function files(dir: string): string[] {
  return readdirSync(join(ROOT, dir), { withFileTypes: true, recursive: true })
    .filter((e) => e.isFile() && SOURCE.test(e.name) && !e.parentPath.includes('node_modules'))
    .map((e) => posix(relative(ROOT, join(e.parentPath, e.name))));
}

/** Every relative import, re-export and dynamic import of a file, as a path from the repo root. */
function importsOf(file: string, text: string): string[] {
  const pattern = /(?:\bfrom\s*|\bimport\s*\(?\s*)['"](\.{1,2}\/[^'"]+)['"]/g;
  return [...text.matchAll(pattern)].map((m) =>
    posix(relative(ROOT, resolve(ROOT, dirname(file), m[1]!))),
  );
}

/** Whether `file` may import the routes file `target`. */
export function mayImportRoutes(file: string, target: string): boolean {
  if (isComposer(file)) return true;
  const sameFolder = dirname(file) === dirname(target);
  return sameFolder && (file.endsWith('.routes.ts') || file.endsWith('.test.ts'));
}

describe('routes imports', () => {
  it('the rule', () => {
    expect(mayImportRoutes('server/app.ts', 'server/groups/groups.routes.ts')).toBe(true);
    expect(mayImportRoutes('server/account-routes.ts', 'server/users/members.routes.ts')).toBe(
      true,
    );
    expect(mayImportRoutes('server/play/play.routes.ts', 'server/play/watch.routes.ts')).toBe(true);
    expect(mayImportRoutes('server/bible/bible.test.ts', 'server/bible/bible.routes.ts')).toBe(
      true,
    );
    expect(mayImportRoutes('server/play/play.routes.ts', 'server/payments/fees.routes.ts')).toBe(
      false,
    );
    expect(mayImportRoutes('server/play/access.ts', 'server/play/play.routes.ts')).toBe(false);
    expect(mayImportRoutes('tests/unit/x.test.ts', 'server/users/members.routes.ts')).toBe(false);
  });

  it("no file imports another resource's *.routes.ts", () => {
    const wrong: string[] = [];
    for (const file of ['server', 'src', 'common', 'contract', 'tests', 'scripts', 'bench'].flatMap(
      files,
    ))
      for (const target of importsOf(file, readFileSync(join(ROOT, file), 'utf8')))
        if (/\.routes\.ts$/.test(target) && !mayImportRoutes(file, target))
          wrong.push(`${file} → ${target}`);
    expect(
      wrong,
      'move what is shared into a *.service.ts, *.serializers.ts or *.queries.ts',
    ).toEqual([]);
  });
});
