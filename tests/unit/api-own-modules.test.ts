// The API test files share one module graph per worker (vitest.config.ts, tests/README.md "The API
// files share their modules"): a file that mocks modules or resets the registry must run in one of
// its own, listed in OWN_MODULES (project `api-isolated`).
import { readdirSync, readFileSync } from 'node:fs';
import { join, relative, resolve, sep } from 'node:path';
import { describe, expect, it } from 'vitest';

const ROOT = resolve(import.meta.dirname, '../..');
const NEEDS_OWN = /\bvi\.(mock|doMock|resetModules|unmock)\s*\(/;

function ownModules(): string[] {
  const config = readFileSync(join(ROOT, 'vitest.config.ts'), 'utf8');
  const list = /const OWN_MODULES = \[([^\]]*)\]/.exec(config)?.[1] ?? '';
  return [...list.matchAll(/'([^']+)'/g)].map((m) => m[1]!);
}

describe('API test files that need modules of their own', () => {
  it('are listed in OWN_MODULES, and the list names only such files', () => {
    const needing = readdirSync(join(ROOT, 'server'), { withFileTypes: true, recursive: true })
      .filter((e) => e.isFile() && e.name.endsWith('.test.ts'))
      .map((e) => relative(ROOT, join(e.parentPath, e.name)).split(sep).join('/'))
      .filter((file) => NEEDS_OWN.test(readFileSync(join(ROOT, file), 'utf8')))
      .sort();
    expect(ownModules().length).toBeGreaterThan(0);
    expect(ownModules().sort()).toEqual(needing);
  });
});
