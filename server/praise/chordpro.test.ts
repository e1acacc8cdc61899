import { describe, expect, it } from 'vitest';
import { chordProToLines, showTypeOf } from './chordpro.ts';

describe('ChordPro → letter lines', () => {
  it('puts each chord on the snippet it falls on, mid-word included', () => {
    expect(chordProToLines('[G]Amazing [G7]grace, how [C]swe[G]et')).toEqual([
      {
        tipo: 'linha',
        trechos: [
          { trecho: 'Amazing ', cifra: 'G' },
          { trecho: 'grace, how ', cifra: 'G7' },
          { trecho: 'swe', cifra: 'C' },
          { trecho: 'et', cifra: 'G' },
        ],
      },
    ]);
    expect(chordProToLines('I once was [D/F#]lost[Em]')).toEqual([
      {
        tipo: 'linha',
        trechos: [
          { trecho: 'I once was ', cifra: null },
          { trecho: 'lost', cifra: 'D/F#' },
          { trecho: '', cifra: 'Em' },
        ],
      },
    ]);
  });

  it('turns comments and chorus starts into headings, keeps one blank line, drops other directives', () => {
    const lines = chordProToLines(
      '{title: X}\n{key: G}\n# note\n{c: Verse 1}\n[G]Line one\n\n\n{soc: Chorus}\nLine two\n{eoc}\n\n',
    );
    expect(lines).toEqual([
      { tipo: 'secao', texto: 'Verse 1' },
      { tipo: 'linha', trechos: [{ trecho: 'Line one', cifra: 'G' }] },
      { tipo: 'espaco' },
      { tipo: 'secao', texto: 'Chorus' },
      { tipo: 'linha', trechos: [{ trecho: 'Line two', cifra: null }] },
    ]);
  });

  it('show type follows spec §4', () => {
    expect(showTypeOf(chordProToLines('[G]la'), 1)).toBe('CIFRA');
    expect(showTypeOf(chordProToLines('la la'), 1)).toBe('LETRA');
    expect(showTypeOf(chordProToLines(''), 1)).toBe('PARTITURA');
    expect(showTypeOf(chordProToLines(null), 0)).toBeNull();
  });
});
