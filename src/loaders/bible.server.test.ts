import { describe, expect, it } from 'vitest';
import { BIBLE_VERSIONS, creditParts, highlightedVerses } from './bible.server.ts';

describe('Bible page helpers', () => {
  it('each interface language reads a translation in its own language', () => {
    expect(BIBLE_VERSIONS).toEqual({ pt: 'blivre', en: 'kjv', es: 'rv1909' });
  });

  it('a credit line keeps its words and links its addresses, not the full stop after one', () => {
    expect(
      creditParts(
        'Copyright © A e B, https://sites.google.com/site/biblialivre/. Licença CC BY 3.0 BR, https://creativecommons.org/licenses/by/3.0/br/. Sem notas.',
      ),
    ).toEqual([
      { text: 'Copyright © A e B, ' },
      {
        text: 'https://sites.google.com/site/biblialivre/',
        href: 'https://sites.google.com/site/biblialivre/',
      },
      { text: '. Licença CC BY 3.0 BR, ' },
      {
        text: 'https://creativecommons.org/licenses/by/3.0/br/',
        href: 'https://creativecommons.org/licenses/by/3.0/br/',
      },
      { text: '. Sem notas.' },
    ]);
    expect(creditParts('King James Version (1769), public domain.')).toEqual([
      { text: 'King James Version (1769), public domain.' },
    ]);
  });

  it('?v= highlights one verse or a range', () => {
    expect(highlightedVerses('16-18')).toEqual({ from: 16, to: 18 });
    expect(highlightedVerses('x')).toBeNull();
  });
});
