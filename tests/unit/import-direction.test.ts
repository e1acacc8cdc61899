// Which way imports may point (docs/architecture.md): the web app does not reach into the API, the
// wire format and the neutral code reach into neither, and no island imports another feature's
// island folder (they share only the kit in src/components/islands/ui/).
import { readdirSync, readFileSync } from 'node:fs';
import { dirname, join, relative, resolve, sep } from 'node:path';
import { describe, expect, it } from 'vitest';

const ROOT = resolve(import.meta.dirname, '../..');
const SOURCE = /\.(ts|tsx|mts|astro|mjs|js)$/;

function files(dir: string): string[] {
  return readdirSync(join(ROOT, dir), { withFileTypes: true, recursive: true })
    .filter((e) => e.isFile() && SOURCE.test(e.name))
    .map((e) => relative(ROOT, join(e.parentPath, e.name)).split(sep).join('/'));
}

/** Every relative import, re-export and dynamic import of a file, as a path from the repo root. */
export function importsOf(file: string, text: string): string[] {
  const found = new Set<string>();
  const pattern = /(?:\bfrom\s*|\bimport\s*\(?\s*)['"](\.{1,2}\/[^'"]+)['"]/g;
  for (const m of text.matchAll(pattern))
    found.add(
      relative(ROOT, resolve(ROOT, dirname(file), m[1]!))
        .split(sep)
        .join('/'),
    );
  return [...found];
}

function violations(dirs: string[], rule: (file: string, target: string) => boolean): string[] {
  const out: string[] = [];
  for (const file of dirs.flatMap(files)) {
    for (const target of importsOf(file, readFileSync(join(ROOT, file), 'utf8')))
      if (rule(file, target)) out.push(`${file} → ${target}`);
  }
  return out;
}

const under = (path: string, dir: string) => path === dir || path.startsWith(`${dir}/`);
const islandFolder = (path: string) => /^src\/components\/islands\/([^/]+)\//.exec(path)?.[1];

describe('import direction', () => {
  it('finds relative imports, re-exports and dynamic imports', () => {
    const text = `import a from './a.ts';\nexport { b } from "../b.ts";\nconst c = await import('../../server/c.ts');\nimport './d.css';`;
    expect(importsOf('src/lib/x.ts', text)).toEqual([
      'src/lib/a.ts',
      'src/b.ts',
      'server/c.ts',
      'src/lib/d.css',
    ]);
  });

  it('src/ does not import server/', () => {
    // Tests may start the API in process; shipped code may not reach into it.
    expect(
      violations(['src'], (file, target) => !file.endsWith('.test.ts') && under(target, 'server')),
      'code both sides need goes in common/ (see common/README.md)',
    ).toEqual([]);
  });

  it('contract/ and common/ import neither src/ nor server/', () => {
    const wrong = (_: string, target: string) => under(target, 'src') || under(target, 'server');
    expect(violations(['contract', 'common'], wrong)).toEqual([]);
  });

  it('an island imports no other feature island folder; the kit imports none', () => {
    const wrong = (file: string, target: string) => {
      const from = islandFolder(file);
      const to = islandFolder(target);
      return from !== undefined && to !== undefined && to !== from && to !== 'ui';
    };
    expect(violations(['src/components/islands'], wrong)).toEqual([]);
  });
});
