// Proper plurals in pt/en/es — a counted text has `_one`/`_other` forms (the kit's
// t.plural, i18next on the server), never "ingresso(s)".
import { readdirSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';

const root = path.resolve(import.meta.dirname, '../i18n');

describe('interface strings', () => {
  for (const lang of ['pt', 'en', 'es']) {
    it(`${lang}: no "word(s)" plural shortcuts`, () => {
      const bad: string[] = [];
      for (const file of readdirSync(path.join(root, lang)).filter((f) => f.endsWith('.json'))) {
        const strings = JSON.parse(readFileSync(path.join(root, lang, file), 'utf8')) as Record<
          string,
          string
        >;
        for (const [key, text] of Object.entries(strings))
          if (/\p{L}\((s|es|ies)\)/u.test(text)) bad.push(`${file} ${key}: ${text}`);
      }
      expect(bad).toEqual([]);
    });
  }
});
