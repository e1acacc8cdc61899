import { describe, expect, it } from 'vitest';
import {
  guessKey,
  keyName,
  parseKey,
  pitchOf,
  pretty,
  stepsBetween,
  transposeChord,
  transposeKey,
  type Key,
} from './transpose.ts';

// One progression with every chord quality the issue names: triads, m7, slash (V over the 7th),
// m7(b5), sus4, and a borrowed bVII; written in E, then its expected spelling in all 12 keys.
const IN_E = ['E', 'F#m7', 'G#m', 'A', 'B/D#', 'C#m7', 'D#m7(b5)', 'Esus4', 'D'];
const EXPECTED: Record<string, string[]> = {
  C: ['C', 'Dm7', 'Em', 'F', 'G/B', 'Am7', 'Bm7(b5)', 'Csus4', 'Bb'],
  Db: ['Db', 'Ebm7', 'Fm', 'Gb', 'Ab/C', 'Bbm7', 'Cm7(b5)', 'Dbsus4', 'B'],
  D: ['D', 'Em7', 'F#m', 'G', 'A/C#', 'Bm7', 'C#m7(b5)', 'Dsus4', 'C'],
  Eb: ['Eb', 'Fm7', 'Gm', 'Ab', 'Bb/D', 'Cm7', 'Dm7(b5)', 'Ebsus4', 'Db'],
  E: IN_E,
  F: ['F', 'Gm7', 'Am', 'Bb', 'C/E', 'Dm7', 'Em7(b5)', 'Fsus4', 'Eb'],
  'F#': ['F#', 'G#m7', 'A#m', 'B', 'C#/F', 'D#m7', 'Fm7(b5)', 'F#sus4', 'E'],
  G: ['G', 'Am7', 'Bm', 'C', 'D/F#', 'Em7', 'F#m7(b5)', 'Gsus4', 'F'],
  Ab: ['Ab', 'Bbm7', 'Cm', 'Db', 'Eb/G', 'Fm7', 'Gm7(b5)', 'Absus4', 'Gb'],
  A: ['A', 'Bm7', 'C#m', 'D', 'E/G#', 'F#m7', 'G#m7(b5)', 'Asus4', 'G'],
  Bb: ['Bb', 'Cm7', 'Dm', 'Eb', 'F/A', 'Gm7', 'Am7(b5)', 'Bbsus4', 'Ab'],
  B: ['B', 'C#m7', 'D#m', 'E', 'F#/A#', 'G#m7', 'A#m7(b5)', 'Bsus4', 'A'],
};
const MAJOR_ORDER = ['C', 'Db', 'D', 'Eb', 'E', 'F', 'F#', 'G', 'Ab', 'A', 'Bb', 'B'];

/** Moves a written progression n single steps, as a user pressing +1 (or −1) n times. */
function walk(chords: string[], from: Key, steps: number, direction: 1 | -1) {
  let offset = 0;
  const seen: { key: string; chords: string[] }[] = [];
  for (let i = 0; i < steps; i++) {
    offset += direction;
    const key = transposeKey(from, offset);
    seen.push({ key: keyName(key), chords: chords.map((c) => transposeChord(c, offset, key)) });
  }
  return seen;
}

describe('transposer', () => {
  const E: Key = { tonic: 'E', minor: false };

  it('spells the progression as expected in each of the 12 keys, from E, going up', () => {
    const up = walk(IN_E, E, 12, 1);
    const order = [...MAJOR_ORDER.slice(5), ...MAJOR_ORDER.slice(0, 5)]; // F, F#, …, Eb, E
    expect(up.map((s) => s.key)).toEqual(order);
    for (const step of up) expect(step.chords, `in ${step.key}`).toEqual(EXPECTED[step.key]);
  });

  it('going down 12 steps passes the same keys in reverse and comes back to the start', () => {
    const down = walk(IN_E, E, 12, -1);
    expect(down.map((s) => s.key)).toEqual([
      'Eb',
      'D',
      'Db',
      'C',
      'B',
      'Bb',
      'A',
      'Ab',
      'G',
      'F#',
      'F',
      'E',
    ]);
    for (const step of down) expect(step.chords, `in ${step.key}`).toEqual(EXPECTED[step.key]);
    expect(down.at(-1)!.chords).toEqual(IN_E);
  });

  it('from every key, 12 steps up or down end on the chords as written', () => {
    for (const tonic of MAJOR_ORDER) {
      const key: Key = { tonic, minor: false };
      const written = EXPECTED[tonic]!;
      expect(walk(written, key, 12, 1).at(-1)!.chords).toEqual(written);
      expect(walk(written, key, 12, -1).at(-1)!.chords).toEqual(written);
      // Every intermediate key spells the same progression the same way, whichever key it came from.
      for (const step of walk(written, key, 11, 1))
        expect(step.chords, `${tonic} → ${step.key}`).toEqual(EXPECTED[step.key]);
    }
  });

  it('uses flats in flat keys and sharps in sharp keys (B♭ not A♯ in F)', () => {
    const F: Key = { tonic: 'F', minor: false };
    expect(transposeChord('A', 1, F)).toBe('Bb');
    expect(transposeChord('A#', 0, F)).toBe('A#'); // as written at zero steps
    expect(transposeChord('F', 1, { tonic: 'F#', minor: false })).toBe('F#');
    expect(transposeChord('A', 1, { tonic: 'Bb', minor: false })).toBe('Bb');
  });

  it('keeps slash chords, extensions and accidentals in qualities', () => {
    const A: Key = { tonic: 'A', minor: false };
    expect(transposeChord('G/B', 2, A)).toBe('A/C#');
    expect(transposeChord('C6/9', 2, { tonic: 'D', minor: false })).toBe('D6/9');
    expect(transposeChord('G7(#9)', 2, A)).toBe('A7(#9)');
    expect(transposeChord('Cmaj7', 1, { tonic: 'Db', minor: false })).toBe('Dbmaj7');
    expect(transposeChord('E♭', 2, { tonic: 'F', minor: false })).toBe('F');
    expect(transposeChord('N.C.', 3, A)).toBe('N.C.');
  });

  it('minor keys take their relative major spelling', () => {
    const Em: Key = { tonic: 'E', minor: true };
    const song = ['Em', 'C', 'G', 'D', 'B7', 'Am7', 'F#m7(b5)', 'D/F#'];
    const to = transposeKey(Em, -2);
    expect(keyName(to)).toBe('Dm');
    expect(song.map((c) => transposeChord(c, -2, to))).toEqual([
      'Dm',
      'Bb',
      'F',
      'C',
      'A7',
      'Gm7',
      'Em7(b5)',
      'C/E',
    ]);
    expect(keyName(transposeKey(Em, -1))).toBe('Ebm');
    expect(keyName(transposeKey(Em, 4))).toBe('G#m');
    expect(transposeChord('C#m7', 1, transposeKey({ tonic: 'C#', minor: true }, 1))).toBe('Dm7');
  });

  it('reads keys and prints accidentals as signs', () => {
    expect(parseKey('Bb')).toEqual({ tonic: 'Bb', minor: false });
    expect(parseKey('F#m')).toEqual({ tonic: 'F#', minor: true });
    expect(parseKey('E♭m')).toEqual({ tonic: 'Eb', minor: true });
    expect(parseKey('H')).toBeNull();
    expect(parseKey('')).toBeNull();
    expect(stepsBetween({ tonic: 'G', minor: false }, { tonic: 'A', minor: false })).toBe(2);
    expect(stepsBetween({ tonic: 'G', minor: false }, { tonic: 'F', minor: false })).toBe(10);
    expect(pitchOf('Cb')).toBe(11);
    expect(pretty('Bbm7(b5)/Ab')).toBe('B♭m7(b5)/A♭');
    expect(pretty('F#sus4')).toBe('F♯sus4');
    expect(guessKey('Am7')).toEqual({ tonic: 'A', minor: true });
    expect(guessKey('Cmaj7')).toEqual({ tonic: 'C', minor: false });
  });
});
