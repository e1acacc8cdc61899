// The member side's web joint (docs/architecture.md "The member side"): a page's island
// subscribes to its store (src/stores/<feature>.ts), which calls the feature's API module
// (src/lib/<feature>/api.ts); an island outside /admin never calls the API itself. Two rules:
// no island uses the HTTP client (ky, fetch, mainApi) at all, and an island imports no API module
// unless listed below with why. The list may only shrink: move a file's flow to a store, then
// remove its line.
import { readdirSync, readFileSync } from 'node:fs';
import { join, relative, resolve, sep } from 'node:path';
import ts from 'typescript';
import { describe, expect, it } from 'vitest';

const ROOT = resolve(import.meta.dirname, '../..');
const ISLANDS = 'src/components/islands';
const posix = (path: string) => path.split(sep).join('/');

/** Islands that still call an API module, with why (move the flow to a store, then remove the line). */
const NOT_MOVED_YET: Record<string, string> = {};

/** API modules: the main client, each feature's `api.ts`, and the `*-api.ts` ones. */
export const API_MODULE = /^src\/lib\/(api|(.+\/)?(api|[a-z-]+-api))\.ts$/;
/** Exports of API modules that call nothing: a link and an idempotency key. */
const NOT_CALLS = new Set(['songHref', 'newKey']);
/** The HTTP client itself: never in an island. */
const CLIENT_NAMES = new Set(['mainApi', 'staffHttp', 'httpEnv']);

function islandFiles(): string[] {
  return readdirSync(join(ROOT, ISLANDS), { withFileTypes: true, recursive: true })
    .filter((e) => e.isFile() && /\.tsx?$/.test(e.name) && !/\.test\.tsx?$/.test(e.name))
    .map((e) => posix(relative(ROOT, join(e.parentPath, e.name))))
    .filter((file) => !file.startsWith(`${ISLANDS}/admin/`));
}

/** What a file takes from the API: modules it imports values from, and uses of the HTTP client. */
export function apiUse(file: string, text: string): { modules: string[]; client: string[] } {
  const kind = file.endsWith('.tsx') ? ts.ScriptKind.TSX : ts.ScriptKind.TS;
  const tree = ts.createSourceFile(file, text, ts.ScriptTarget.Latest, true, kind);
  const modules: string[] = [];
  const client: string[] = [];
  const target = (spec: string) =>
    spec.startsWith('.') ? posix(relative(ROOT, resolve(ROOT, file, '..', spec))) : spec;
  const visit = (node: ts.Node) => {
    if (ts.isImportDeclaration(node) && ts.isStringLiteral(node.moduleSpecifier)) {
      const from = target(node.moduleSpecifier.text);
      const clause = node.importClause;
      const values: string[] = [];
      if (clause && !clause.isTypeOnly) {
        if (clause.name) values.push('default');
        const bindings = clause.namedBindings;
        if (bindings && ts.isNamespaceImport(bindings)) values.push('*');
        if (bindings && ts.isNamedImports(bindings))
          for (const el of bindings.elements)
            if (!el.isTypeOnly) values.push((el.propertyName ?? el.name).text);
      }
      if (from === 'ky' && values.length) client.push('ky');
      for (const name of values.filter((v) => CLIENT_NAMES.has(v))) client.push(name);
      if (API_MODULE.test(from) && values.some((v) => !NOT_CALLS.has(v))) modules.push(from);
    }
    if (
      ts.isCallExpression(node) &&
      (ts.isIdentifier(node.expression)
        ? node.expression.text === 'fetch'
        : ts.isPropertyAccessExpression(node.expression) &&
          node.expression.name.text === 'fetch' &&
          /^(window|globalThis|self)$/.test(node.expression.expression.getText()))
    )
      client.push('fetch');
    ts.forEachChild(node, visit);
  };
  visit(tree);
  return { modules, client };
}

describe('member islands call the API through their store', () => {
  const uses = islandFiles().map((file) => ({
    file,
    ...apiUse(file, readFileSync(join(ROOT, file), 'utf8')),
  }));
  const calling = uses.filter((u) => u.modules.length).map((u) => u.file);

  it('the rule', () => {
    const use = (text: string) => apiUse(`${ISLANDS}/x/X.tsx`, text);
    expect(use(`import { loadPlans } from '../../../lib/reading-plans/api.ts';`).modules).toEqual([
      'src/lib/reading-plans/api.ts',
    ]);
    expect(use(`import * as api from '../../../lib/provider/api.ts';`).modules).toHaveLength(1);
    expect(use(`import { fetchStaffMe } from '../../../lib/staff/site-api.ts';`).modules).toEqual([
      'src/lib/staff/site-api.ts',
    ]);
    expect(
      use(`import type { PlanSummary } from '../../../lib/reading-plans/api.ts';`).modules,
    ).toEqual([]);
    expect(use(`import { type ProfileLists } from '../../../lib/account/api.ts';`).modules).toEqual(
      [],
    );
    expect(use(`import { songHref } from '../../../lib/praise/api.ts';`).modules).toEqual([]);
    expect(use(`import { loadInto } from '../../../stores/loadable.ts';`).modules).toEqual([]);
    expect(use(`import ky from 'ky'; await fetch('/api/v1/x');`).client).toEqual(['ky', 'fetch']);
    expect(use(`import { mainApi } from '../../../lib/account/http.ts';`).client).toEqual([
      'mainApi',
    ]);
    expect(use(`import { readFailure } from '../../../lib/account/http.ts';`).client).toEqual([]);
    expect(use(`const r = await loadInto($x, fetch); store.fetch();`).client).toEqual([]);
  });

  it('no member island uses the HTTP client (ky, fetch, mainApi)', () => {
    expect(uses.filter((u) => u.client.length).map((u) => `${u.file}: ${u.client}`)).toEqual([]);
  });

  it('member islands call API modules only through their store, unless listed', () => {
    expect(calling.filter((file) => !(file in NOT_MOVED_YET))).toEqual([]);
  });

  it('the list of islands not moved yet only shrinks', () => {
    expect(Object.keys(NOT_MOVED_YET).filter((file) => !calling.includes(file))).toEqual([]);
  });
});
