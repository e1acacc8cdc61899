import { readdirSync, readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import {
  isBuilt,
  layoutForPath,
  moduleForPath,
  redirectFor,
  requiresLogin,
  visitorsOnly,
} from './routes.ts';

// tests/fixtures/routes.tsv is a copy of shared/spec/routes.tsv: every route of the spec.
const rows = readFileSync(new URL('../../tests/fixtures/routes.tsv', import.meta.url), 'utf8')
  .split('\n')
  .filter((line) => line && !line.startsWith('#'))
  .map((line) => {
    const [path, module, access, layout, note] = line.split('\t') as [
      string,
      string,
      string,
      string,
      string?,
    ];
    return { path, module, access, layout, note: note ?? '' };
  });

describe('route rules follow routes.tsv', () => {
  it('has the whole table', () => expect(rows.length).toBeGreaterThan(90));

  it.each(rows.map((r) => [r.path, r]))('%s', (_path, r) => {
    expect(moduleForPath(r.path)).toBe(r.module === '-' ? null : r.module);
    if (r.access === 'auth') expect(requiresLogin(r.path)).toBe(true);
    // spec §2's /admin hand-off is, unless ADMIN_URL is set, the staff area behind a login (docs/staff.md).
    if (r.access === 'public') expect(requiresLogin(r.path)).toBe(r.path === '/admin');
    if (r.access === 'visitors') expect(visitorsOnly(r.path)).toBe(true);
    const redirects = /redirects to (\S+)/.exec(r.note);
    if (redirects) expect(redirectFor(r.path)).toBe(redirects[1]);
    if (r.layout !== '-' && !redirects) expect(layoutForPath(r.path)).toBe(r.layout);
  });

  it('keeps every staff page behind a login, but not the password hand-off', () => {
    for (const path of ['/admin', '/admin/', '/admin/content/noticia', '/admin/audit'])
      expect(requiresLogin(path), path).toBe(true);
    for (const path of ['/admin/recover-password', '/administration'])
      expect(requiresLogin(path), path).toBe(false);
  });

  it('keeps ordinary routes where they are', () => {
    expect(redirectFor('/news')).toBeNull();
    expect(redirectFor('/user/payment/ABC')).toBeNull();
    expect(redirectFor('/subscription/plan/3')).toBe('/play');
  });

  it("leads the songbook's Portuguese name to the songbook", () => {
    expect(redirectFor('/louvor')).toBe('/praise');
    expect(redirectFor('/louvor/')).toBe('/praise');
  });
});

/** src/pages as path patterns: `[id]` matches the placeholders routes.tsv uses (1, SLUG, UUID, CODE), `index` is its folder; the catch-all is left out. */
function pagePatterns(dir = new URL('../pages/', import.meta.url), prefix = ''): RegExp[] {
  return readdirSync(dir, { withFileTypes: true }).flatMap((entry) => {
    if (entry.isDirectory())
      return pagePatterns(new URL(`${entry.name}/`, dir), `${prefix}/${entry.name}`);
    const name = entry.name.replace(/\.(astro|ts)$/, '');
    if (name.startsWith('[...')) return [];
    const path = name === 'index' ? prefix || '/' : `${prefix}/${name}`;
    return [new RegExp(`^${path.replace(/\[[^\]]+\]/g, '(\\d+|SLUG|UUID|CODE)')}$`)];
  });
}

describe('isBuilt knows which spec routes have a page', () => {
  const pages = pagePatterns();
  const hasPage = (path: string): boolean => pages.some((re) => re.test(path));

  it.each(
    rows
      .filter((r) => !/redirects to/.test(r.note) && r.path !== '/no-such-page')
      .map((r) => [r.path]),
  )('%s', (path) => {
    expect(
      isBuilt(path),
      isBuilt(path)
        ? 'listed as built but has no page'
        : 'has a page: remove it from NOT_BUILT_YET',
    ).toBe(hasPage(path));
  });

  it('treats external links and built sections as built', () => {
    expect(isBuilt('/news/3')).toBe(true);
    expect(isBuilt('/prayer/12')).toBe(true);
    expect(isBuilt('/live')).toBe(true);
    expect(isBuilt('/user/notes/4')).toBe(true);
    expect(isBuilt('/play/watch/4')).toBe(true);
  });
});
