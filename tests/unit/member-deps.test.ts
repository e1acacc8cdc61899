// One deps object for the member side (docs/architecture.md "The member side"): every route factory
// server/app.ts and server/account-routes.ts mount is given `MemberDeps` (server/member/deps.ts),
// composed once, as the staff side's are given StaffDeps — never a database and a loose list of
// stores. The few that take nothing of it, or another side's deps, are listed with why.
import { readFileSync } from 'node:fs';
import { resolve } from 'node:path';
import { describe, expect, it } from 'vitest';

const ROOT = resolve(import.meta.dirname, '../..');

/** Mounted factories that are not given MemberDeps, with why (the list may only shrink). */
const OTHERS: Record<string, string> = {
  bibleRoutes: 'the Bible text only (a test gives its own translations)',
  clientErrorRoutes: 'the browsers’ error reports only (a test gives its own rate limiter)',
  utilRoutes: 'postcodes and the server time: nothing of the church’s',
  providerRoutes: 'the provider’s console: ProviderDeps, another side',
  staffApi: 'the staff area: StaffDeps, the other side, from the same stores',
};

/** Each `.route(<path>, <factory>(<first argument>…` of a file: factory and first argument. */
export function mounted(text: string): { factory: string; first: string }[] {
  return [...text.matchAll(/\.route\(\s*'[^']*',\s*(\w+)\(\s*([\w.]*)/g)].map((m) => ({
    factory: m[1]!,
    first: m[2]!,
  }));
}

describe('member route factories take MemberDeps', () => {
  it('the rule', () => {
    expect(mounted(`api.route('/', eventRoutes(member));`)).toEqual([
      { factory: 'eventRoutes', first: 'member' },
    ]);
    expect(mounted(`.route('/', authRoutes(db, mailer))`)).toEqual([
      { factory: 'authRoutes', first: 'db' },
    ]);
  });

  for (const [file, deps] of [
    ['server/app.ts', 'member'],
    ['server/account-routes.ts', 'deps'],
  ] as const) {
    it(`${file} gives each factory its ${deps}`, () => {
      const all = mounted(readFileSync(resolve(ROOT, file), 'utf8'));
      expect(all.length).toBeGreaterThan(5);
      const loose = all.filter((m) => m.first !== deps && !(m.factory in OTHERS));
      expect(loose.map((m) => `${m.factory}(${m.first}…)`)).toEqual([]);
    });
  }

  it('lists only factories that are mounted', () => {
    const text = ['server/app.ts', 'server/account-routes.ts']
      .map((file) => readFileSync(resolve(ROOT, file), 'utf8'))
      .join('\n');
    const names = new Set(mounted(text).map((m) => m.factory));
    expect(Object.keys(OTHERS).filter((name) => !names.has(name))).toEqual([]);
  });
});
