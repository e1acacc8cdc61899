// Chord transposition (spec §4: ±1 semitone, reset to 0), our own small module (docs/architecture.md "Libraries chosen": not
// chordsheetjs, GPL). Plain functions with no imports: the server render of /embed/praise and its
// tiny client script share them. Notes are spelled by their degree in the resulting key, so a key
// with flats gets flats (B♭, not A♯, in F) and secondary chords keep their sharps (D/F# in G).

const LETTERS = 'CDEFGAB';
/** Semitones of each natural letter above C. */
const NATURAL = [0, 2, 4, 5, 7, 9, 11];
/** For each semitone above the tonic: how many letters above the tonic's letter it is spelled. */
const DEGREE_STEPS = [0, 1, 1, 2, 2, 3, 3, 4, 5, 5, 6, 6];
// b2, 2, b3, 3, 4, #4, 5, b6, 6, b7, 7 (the tritone is #4: F# in C, C# in G, B in F).
const MAJOR_KEYS = ['C', 'Db', 'D', 'Eb', 'E', 'F', 'F#', 'G', 'Ab', 'A', 'Bb', 'B'];
const MINOR_KEYS = ['C', 'C#', 'D', 'Eb', 'E', 'F', 'F#', 'G', 'G#', 'A', 'Bb', 'B'];

const NOTE = /^([A-G])(#|b|♯|♭)?/;
const mod12 = (n: number) => ((n % 12) + 12) % 12;

/** Semitones above C of a note name (C, F#, Bb, E♭), or null. */
export function pitchOf(note: string): number | null {
  const match = NOTE.exec(note);
  if (!match) return null;
  const base = NATURAL[LETTERS.indexOf(match[1]!)]!;
  const accidental = match[2];
  return mod12(
    base +
      (accidental === '#' || accidental === '♯'
        ? 1
        : accidental === 'b' || accidental === '♭'
          ? -1
          : 0),
  );
}

export interface Key {
  /** Tonic spelled as written in keys (C, Db, F#, Bb…). */
  tonic: string;
  minor: boolean;
}

/** A key as written on a song (G, Bb, F#m, E♭m); null when it is not a key. */
export function parseKey(text: string | null | undefined): Key | null {
  const match = /^\s*([A-G](?:#|b|♯|♭)?)(m|min|-)?\s*$/.exec(text ?? '');
  if (!match) return null;
  return { tonic: match[1]!.replace('♯', '#').replace('♭', 'b'), minor: Boolean(match[2]) };
}

/** The key `steps` semitones away, spelled the usual way (6 sharps/flats at most: F#, E♭m). */
export function transposeKey(key: Key, steps: number): Key {
  const pitch = mod12((pitchOf(key.tonic) ?? 0) + steps);
  return { tonic: (key.minor ? MINOR_KEYS : MAJOR_KEYS)[pitch]!, minor: key.minor };
}

export const keyName = (key: Key): string => `${key.tonic}${key.minor ? 'm' : ''}`;

/** Spells a pitch as its degree in the key, simplified when that needs E#, B#, Cb, Fb or doubles. */
export function spell(pitch: number, key: Key): string {
  const tonicLetter = LETTERS.indexOf(key.tonic[0]!);
  const tonicPitch = pitchOf(key.tonic)!;
  const interval = mod12(pitch - tonicPitch);
  const letterIndex = (tonicLetter + DEGREE_STEPS[interval]!) % 7;
  const letter = LETTERS[letterIndex]!;
  let offset = mod12(pitch - NATURAL[letterIndex]!);
  if (offset > 6) offset -= 12;
  const name =
    offset === 0 ? letter : offset === 1 ? `${letter}#` : offset === -1 ? `${letter}b` : '';
  if (!name || name === 'E#' || name === 'B#' || name === 'Cb' || name === 'Fb')
    return simple(pitch, key);
  return name;
}

/** A pitch with one accidental at most, sharp or flat as the key leans. */
function simple(pitch: number, key: Key): string {
  const flats = ['C', 'Db', 'D', 'Eb', 'E', 'F', 'Gb', 'G', 'Ab', 'A', 'Bb', 'B'];
  const sharps = ['C', 'C#', 'D', 'D#', 'E', 'F', 'F#', 'G', 'G#', 'A', 'A#', 'B'];
  return (leansFlat(key) ? flats : sharps)[mod12(pitch)]!;
}

/** Flat keys: F, B♭, E♭, A♭, D♭ and their relative minors (Dm, Gm, Cm, Fm, B♭m, E♭m). */
export function leansFlat(key: Key): boolean {
  const major = key.minor ? transposeKey({ tonic: key.tonic, minor: false }, 3).tonic : key.tonic;
  return major === 'F' || major.endsWith('b');
}

const CHORD = /^([A-G](?:#|b|♯|♭)?)(.*?)(?:\/([A-G](?:#|b|♯|♭)?))?$/;

/**
 * One chord moved `steps` semitones into `to`, the resulting key: root and slash bass move,
 * the quality and extensions stay (Bm7(b5), Gsus4, C#m7, D/F#). Zero steps (or 12) gives the
 * chord back as written; text that is not a chord (N.C., %) is kept as it is.
 */
export function transposeChord(chord: string, steps: number, to: Key): string {
  if (mod12(steps) === 0) return chord;
  const match = CHORD.exec(chord.trim());
  if (!match) return chord;
  const move = (note: string) => spell(mod12(pitchOf(note)! + steps), to);
  const [, root, quality, bass] = match;
  return `${move(root!)}${quality}${bass ? `/${move(bass)}` : ''}`;
}

/** A key for songs with no (or an unreadable) key: the first chord's root, else C. */
export function guessKey(firstChord: string | null | undefined): Key {
  const match = CHORD.exec(firstChord?.trim() ?? '');
  if (!match) return { tonic: 'C', minor: false };
  return {
    tonic: match[1]!.replace('♯', '#').replace('♭', 'b'),
    minor: /^m(?!aj)/.test(match[2] ?? ''),
  };
}

/** The semitones from one key to another (0–11), e.g. for a `?tom=` asked in the URL. */
export function stepsBetween(from: Key, to: Key): number {
  return mod12((pitchOf(to.tonic) ?? 0) - (pitchOf(from.tonic) ?? 0));
}

/** Normalises any number of semitones to −5…+6, the way the controls count them. */
export function normaliseSteps(steps: number): number {
  const n = mod12(steps);
  return n > 6 ? n - 12 : n;
}

/** How a note name is printed: B♭, F♯ (chord qualities keep their plain b5, #9). */
export function pretty(chord: string): string {
  const match = CHORD.exec(chord.trim());
  if (!match) return chord;
  const sign = (note: string) => note.replace('#', '♯').replace(/^([A-G])b/, '$1♭');
  const [, root, quality, bass] = match;
  return `${sign(root!)}${quality}${bass ? `/${sign(bass)}` : ''}`;
}
