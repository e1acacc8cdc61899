// The activity log (docs/staff.md "Audit log") shows each record's verb and kind by name
// (`admin.notify.audit.verb.<last part of the action>`, `admin.notify.audit.kind.<kind>`) and
// falls back to the raw `checkin.admit` / `inscricao` when a name is missing. Every action and
// kind the server records must have its name in every language.
import { readdirSync, readFileSync, statSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { LANGUAGES, messages } from '../../../../lib/i18n.ts';

function sources(dir: string): string[] {
  return readdirSync(dir).flatMap((name) => {
    const path = join(dir, name);
    if (statSync(path).isDirectory()) return sources(path);
    return path.endsWith('.ts') && !path.endsWith('.test.ts') ? [path] : [];
  });
}

/** The verbs and kinds written by the server's audit records (`action: …`, `kind: '…'`). */
function recorded() {
  // the live chat's moderation actions come in as a variable (`moderation.chat.${action}`)
  const verbs = new Set(['delete', 'deleteAuthor', 'mute', 'unmute']);
  const kinds = new Set<string>();
  for (const file of sources('server')) {
    const text = readFileSync(file, 'utf8');
    if (!/\bsummary:/.test(text) || !/\baction:/.test(text)) continue;
    for (const [, line] of text.matchAll(/\baction:([^\n]*)/g))
      for (const [, action] of line!.matchAll(/'([a-z][a-zA-Z]*(?:\.[a-zA-Z]+)+)'/g))
        verbs.add(action!.split('.').at(-1)!);
    for (const [, kind] of text.matchAll(/\bkind: '([a-z_]+)'/g)) kinds.add(kind!);
  }
  return { verbs: [...verbs], kinds: [...kinds] };
}

describe('activity log labels', () => {
  const { verbs, kinds } = recorded();

  it('finds what the server records', () => {
    expect(verbs).toEqual(expect.arrayContaining(['publish', 'admit', 'refund', 'roles']));
    expect(kinds).toEqual(expect.arrayContaining(['banner', 'inscricao', 'doacao', 'pessoa']));
  });

  it.each(LANGUAGES)('every recorded verb and kind has a name in %s', (lang) => {
    const missing = [
      ...verbs.map((v) => `admin.notify.audit.verb.${v}`),
      ...kinds.map((k) => `admin.notify.audit.kind.${k}`),
    ].filter((key) => !messages[lang][key]?.trim());
    expect(missing).toEqual([]);
  });
});

describe('a module change in the audit log', () => {
  it('reads as what was turned off and on, in the reader’s language', async () => {
    const { summaryText } = await import('./AuditIsland.tsx');
    const { makeT } = await import('../../ui/index.ts');
    const strings = {
      'admin.notify.audit.modulesOff': 'turned {{names}} off',
      'admin.notify.audit.modulesOn': 'turned {{names}} on',
      'admin.site.module.MOD_PUBLICACAO': 'Publications',
      'admin.site.module.MOD_CELULA': 'Small groups',
    };
    const t = makeT(strings, 'en');
    expect(
      summaryText({ acao: 'church.modules', resumo: '-MOD_PUBLICACAO +MOD_CELULA' }, strings, t),
    ).toBe('turned Publications off; turned Small groups on');
    // other records, and older whole-list summaries, are shown as written
    expect(
      summaryText({ acao: 'church.modules', resumo: 'MOD_EVENTO, MOD_NOTICIA' }, strings, t),
    ).toBe('MOD_EVENTO, MOD_NOTICIA');
    expect(summaryText({ acao: 'content.save', resumo: 'Culto' }, strings, t)).toBe('Culto');
  });
});
