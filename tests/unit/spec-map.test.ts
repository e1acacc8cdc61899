// Every `spec §N` a comment cites can be followed inside the repository: docs/spec-map.md maps each
// section to the docs/ pages that carry its rules (docs/spec-map.md), and each page it names exists.
import { existsSync, readdirSync, readFileSync } from 'node:fs';
import { join, relative, resolve, sep } from 'node:path';
import { describe, expect, it } from 'vitest';

const ROOT = resolve(import.meta.dirname, '../..');
const SOURCE = /\.(ts|tsx|astro|mjs|js)$/;

function files(dir: string): string[] {
  return readdirSync(join(ROOT, dir), { withFileTypes: true, recursive: true })
    .filter((e) => e.isFile() && SOURCE.test(e.name))
    .map((e) => relative(ROOT, join(e.parentPath, e.name)).split(sep).join('/'));
}

const map = readFileSync(join(ROOT, 'docs/spec-map.md'), 'utf8');
const mapped = new Set([...map.matchAll(/^\| §(\d+) \|/gm)].map((m) => m[1]));

describe('docs/spec-map.md', () => {
  it('maps every spec section the code cites', () => {
    const cited = new Map<string, string>();
    for (const file of ['src', 'server', 'contract', 'common', 'tests'].flatMap(files))
      for (const m of readFileSync(join(ROOT, file), 'utf8').matchAll(/spec §(\d+)/g))
        if (!cited.has(m[1]!)) cited.set(m[1]!, file);
    expect(cited.size).toBeGreaterThan(5);
    const unmapped = [...cited].filter(([section]) => !mapped.has(section));
    expect(unmapped.map(([s, file]) => `§${s} (first cited in ${file})`)).toEqual([]);
  });

  it('names only pages that exist', () => {
    const links = [...map.matchAll(/\]\(([a-z-]+\.md)\)/g)].map((m) => m[1]!);
    expect(links.length).toBeGreaterThan(10);
    expect(links.filter((page) => !existsSync(join(ROOT, 'docs', page)))).toEqual([]);
  });
});
