// Strings nothing shows pile up when an island moves onto the island kit: every key of
// src/i18n must be named somewhere in the code — in full, without its feature prefix (islands get
// their strings by prefix), as a plural's base key, or under a prefix the code completes at run
// time (`t(\`pay.method.${code}\`)`, `'events.' + key`).
import { readdirSync, readFileSync, statSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { messages } from './i18n.ts';

const ROOTS = ['src', 'server', 'contract', 'common'];
const CODE = /\.(ts|tsx|astro|mjs)$/;

function code(dir: string): string {
  let text = '';
  for (const name of readdirSync(dir)) {
    const path = join(dir, name);
    if (statSync(path).isDirectory()) {
      if (name !== 'i18n' && name !== 'node_modules') text += code(path);
    } else if (CODE.test(name) && !name.endsWith('.test.ts'))
      text += readFileSync(path, 'utf8') + '\n';
  }
  return text;
}

const escape = (s: string) => s.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');

describe('i18n keys', () => {
  it('every string is used by the code', () => {
    const source = ROOTS.map(code).join('\n');
    const prefixes = [...source.matchAll(/[`'"]([a-zA-Z][\w.-]*\.)(?:\$\{|[`'"]\s*\+)/g)].map(
      (m) => m[1]!,
    );
    // every quoted word once (a regular expression per key over the whole source took seconds)
    const quoted = new Set([...source.matchAll(/[`'"]([\w.-]+)(?=[`'"])/g)].map((m) => m[1]!));
    const named = (name: string) =>
      /^[\w.-]+$/.test(name)
        ? quoted.has(name)
        : new RegExp(`[\`'"]${escape(name)}[\`'"]`).test(source);
    const unused = Object.keys(messages.pt).filter((key) => {
      const base = key.replace(/_(zero|one|two|few|many|other)$/, '');
      const parts = base.split('.');
      const names = [base, ...parts.slice(1).map((_, i) => parts.slice(i + 1).join('.'))];
      return !names.some(named) && !prefixes.some((p) => names.some((n) => n.startsWith(p)));
    });
    expect(unused, 'strings nothing uses: delete them from src/i18n/{pt,en,es}').toEqual([]);
  });
});
