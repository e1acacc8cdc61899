// The member side's one joint for the church (docs/architecture.md "The member side"): a route
// file finds its church through the member scope (server/member/scope.ts: `memberScope` for a
// church the path or query names, `scopeOfChurch` for a row's), never by calling the church
// look-ups of server/http/church-scope.ts itself. The staff side has its gate (server/staff/scope.ts).
// Files not moved yet are listed with why; the list may only shrink.
import { readdirSync, readFileSync } from 'node:fs';
import { join, relative, resolve, sep } from 'node:path';
import { describe, expect, it } from 'vitest';

const ROOT = resolve(import.meta.dirname, '../..');
const posix = (path: string) => path.split(sep).join('/');

/** Route files that still look the church up inline, with why (convert each, then remove its line). */
const NOT_MOVED_YET: Record<string, string> = {};

/** A call or import of the church look-ups a scope is built from. */
export const INLINE_LOOKUP =
  /\b(churchBySlug|churchById|churchByIdOrHost|churchWithModulesBySlug)\s*\(|from\s+['"][./]*\/?http\/church-scope\.ts['"]/;

function routeFiles(): string[] {
  return readdirSync(join(ROOT, 'server'), { withFileTypes: true, recursive: true })
    .filter((e) => e.isFile() && e.name.endsWith('.routes.ts'))
    .map((e) => posix(relative(ROOT, join(e.parentPath, e.name))));
}

describe('the member scope', () => {
  const inline = routeFiles().filter((file) =>
    INLINE_LOOKUP.test(readFileSync(join(ROOT, file), 'utf8')),
  );

  it('the rule', () => {
    expect(INLINE_LOOKUP.test(`const church = await churchBySlug(db, slug);`)).toBe(true);
    expect(INLINE_LOOKUP.test(`await churchById(db, id, scope)`)).toBe(true);
    expect(INLINE_LOOKUP.test(`import { x } from '../http/church-scope.ts';`)).toBe(true);
    expect(INLINE_LOOKUP.test(`memberScope(db, { from: 'query' })`)).toBe(false);
    expect(INLINE_LOOKUP.test(`// the church through server/http/church-scope.ts`)).toBe(false);
  });

  it('route files find the church through the member scope or the staff gate', () => {
    expect(inline.filter((file) => !(file in NOT_MOVED_YET))).toEqual([]);
  });

  it('the list of routes not moved yet only shrinks', () => {
    expect(Object.keys(NOT_MOVED_YET).filter((file) => !inline.includes(file))).toEqual([]);
  });

  it('route files check membership through the scope (caller: member), not requireMember', () => {
    const calling = routeFiles().filter((file) =>
      /\brequireMember\s*\(/.test(readFileSync(join(ROOT, file), 'utf8')),
    );
    expect(calling).toEqual([]);
  });
});
