import { readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { layoutForPath, moduleForPath, redirectFor, requiresLogin, visitorsOnly } from './routes.ts';

// tests/fixtures/routes.tsv is a copy of shared/spec/routes.tsv: every route of the spec.
const rows = readFileSync(new URL('../../tests/fixtures/routes.tsv', import.meta.url), 'utf8')
  .split('\n')
  .filter((line) => line && !line.startsWith('#'))
  .map((line) => {
    const [path, module, access, layout, note] = line.split('\t') as [string, string, string, string, string?];
    return { path, module, access, layout, note: note ?? '' };
  });

describe('route rules follow routes.tsv', () => {
  it('has the whole table', () => expect(rows.length).toBeGreaterThan(90));

  it.each(rows.map((r) => [r.path, r]))('%s', (_path, r) => {
    expect(moduleForPath(r.path)).toBe(r.module === '-' ? null : r.module);
    if (r.access === 'auth') expect(requiresLogin(r.path)).toBe(true);
    if (r.access === 'public') expect(requiresLogin(r.path)).toBe(false);
    if (r.access === 'visitors') expect(visitorsOnly(r.path)).toBe(true);
    const redirects = /redirects to (\S+)/.exec(r.note);
    if (redirects) expect(redirectFor(r.path)).toBe(redirects[1]);
    if (r.layout !== '-' && !redirects) expect(layoutForPath(r.path)).toBe(r.layout);
  });

  it('keeps ordinary routes where they are', () => {
    expect(redirectFor('/news')).toBeNull();
    expect(redirectFor('/user/payment/ABC')).toBeNull();
    expect(redirectFor('/subscription/plan/3')).toBe('/play');
  });
});
