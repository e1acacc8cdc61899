import { describe, expect, it } from 'vitest';
import { nextZoom, wordsOf } from './song.ts';

describe('song layout', () => {
  it('groups chords with the syllables of their word, mid-word chords included', () => {
    expect(
      wordsOf([
        { trecho: 'A', cifra: null },
        { trecho: 'mazing ', cifra: 'G' },
        { trecho: 'grace, how ', cifra: 'G7' },
        { trecho: 'swe', cifra: 'C' },
        { trecho: 'et', cifra: 'G' },
      ]),
    ).toEqual([
      [
        { chord: null, text: 'A' },
        { chord: 'G', text: 'mazing' },
      ],
      [{ chord: 'G7', text: 'grace,' }],
      [{ chord: null, text: 'how' }],
      [
        { chord: 'C', text: 'swe' },
        { chord: 'G', text: 'et' },
      ],
    ]);
    expect(
      wordsOf([
        { trecho: 'sound', cifra: null },
        { trecho: '', cifra: 'G' },
      ]),
    ).toEqual([
      [
        { chord: null, text: 'sound' },
        { chord: 'G', text: '' },
      ],
    ]);
    expect(wordsOf([{ trecho: ' la', cifra: 'D' }])).toEqual([
      [{ chord: 'D', text: '' }],
      [{ chord: null, text: 'la' }],
    ]);
  });

  it('zoom moves +0.03 / −0.05 and refuses anything not strictly between 0.7 and 1.5', () => {
    expect(nextZoom(1, 'larger')).toBe(1.03);
    expect(nextZoom(1, 'smaller')).toBe(0.95);
    let zoom = 1;
    let steps = 0;
    for (let next = nextZoom(zoom, 'larger'); next !== null; next = nextZoom(zoom, 'larger'))
      [zoom, steps] = [next, steps + 1];
    expect([zoom, steps]).toEqual([1.48, 16]);
    zoom = 1;
    steps = 0;
    for (let next = nextZoom(zoom, 'smaller'); next !== null; next = nextZoom(zoom, 'smaller'))
      [zoom, steps] = [next, steps + 1];
    expect([zoom, steps]).toEqual([0.75, 5]);
  });
});
