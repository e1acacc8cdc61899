// API tests call the API through the kit (tests/README.md "Strategy"): server/test-kit.ts's
// `apiClient` (`call`, `get`, `raw` for bytes), `loginAs` and `expectError`, not `api.request(...)`
// with headers built by hand. A test file or test support under server/ that calls `.request(`
// must import the kit; the few that must stay raw are listed with why.
import { readdirSync, readFileSync } from 'node:fs';
import { join, relative, resolve, sep } from 'node:path';
import { describe, expect, it } from 'vitest';

const ROOT = resolve(import.meta.dirname, '../..');
const posix = (path: string) => path.split(sep).join('/');

const OWN_APP = 'calls a small Hono app of its own (a middleware or a helper), not the v1 API';

/** Files that call `.request(` without the kit, with why (the list may only shrink). */
const RAW: Record<string, string> = {
  'server/images/store.test.ts': OWN_APP,
  'server/http/church-scope.test.ts': OWN_APP,
  'server/http/client-address.test.ts': `${OWN_APP}, with a socket address in its env`,
  'server/http/storable-text.test.ts': OWN_APP,
  'server/observability.test.ts': `${OWN_APP} that throws`,
  'server/files/two-nodes.test.ts': 'two API nodes over one file store: not converted yet',
  'server/backup/unavailable.test.ts':
    'its own PostgreSQL stopped under load, partly a small app of its own: not converted yet',
};

export const RAW_CALL = /\.request\s*\(/;
export const KIT_IMPORT = /from\s+['"](?:\.\.?\/)+test-kit\.ts['"]/;

function testFiles(): string[] {
  return readdirSync(join(ROOT, 'server'), { withFileTypes: true, recursive: true })
    .filter((e) => e.isFile() && /\.test(-support)?\.ts$/.test(e.name))
    .map((e) => posix(relative(ROOT, join(e.parentPath, e.name))));
}

describe('API tests use the kit', () => {
  const raw = testFiles().filter((file) => {
    const text = readFileSync(join(ROOT, file), 'utf8');
    return RAW_CALL.test(text) && !KIT_IMPORT.test(text);
  });

  it('the rule', () => {
    expect(RAW_CALL.test('await api.request(`/api/v1/me`)')).toBe(true);
    expect(RAW_CALL.test('await client.call("GET", "/me")')).toBe(false);
    expect(KIT_IMPORT.test(`import { apiClient } from '../test-kit.ts';`)).toBe(true);
    expect(KIT_IMPORT.test(`import { loginAs } from './test-kit.ts';`)).toBe(true);
    expect(KIT_IMPORT.test(`import { x } from '../test-kit-extra.ts';`)).toBe(false);
  });

  it('a test that calls .request( imports server/test-kit.ts', () => {
    expect(raw.filter((file) => !(file in RAW))).toEqual([]);
  });

  it('the list of raw files only shrinks', () => {
    expect(Object.keys(RAW).filter((file) => !raw.includes(file))).toEqual([]);
  });
});
