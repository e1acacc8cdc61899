// What the /embed/praise page needs from a song, as plain functions (the server render uses them;
// spec §4 show type, the views a song has, and how a line's chords sit over its words).
import type { Praise, PraiseLine, PraiseSnippet } from '../../../contract/praise.ts';
import { guessKey, normaliseSteps, parseKey, stepsBetween, type Key } from './transpose.ts';

export type PraiseView = 'cifra' | 'letra' | 'partitura';

/** localStorage key (one JSON object by song id: `{ steps, zoom }`); see docs/praise.md. */
export const PRAISE_PREFS_KEY = 'church:praise';

/** spec §4: zoom starts at 1, +0.03 / −0.05, accepted only strictly between 0.7 and 1.5. */
export const ZOOM = { start: 1, larger: 0.03, smaller: -0.05, min: 0.7, max: 1.5 } as const;

/** The zoom after one step, or null when the result is not strictly inside the bounds (refused). */
export function nextZoom(zoom: number, direction: 'larger' | 'smaller'): number | null {
  const next = Math.round((zoom + ZOOM[direction]) * 100) / 100;
  return next > ZOOM.min && next < ZOOM.max ? next : null;
}

/** The views a song has, in the spec's order of preference (cipher, lyric, score). */
export function viewsOf(song: Praise): PraiseView[] {
  const views: PraiseView[] = [];
  const sung = song.letra.filter((l) => l.tipo === 'linha');
  if (song.tipoExibicao === 'CIFRA') views.push('cifra');
  if (sung.some((l) => l.trechos.some((s) => s.trecho.trim()))) views.push('letra');
  if (song.partituras.length) views.push('partitura');
  return views;
}

export function defaultView(song: Praise): PraiseView | null {
  return song.tipoExibicao === 'CIFRA'
    ? 'cifra'
    : song.tipoExibicao === 'LETRA'
      ? 'letra'
      : song.tipoExibicao === 'PARTITURA'
        ? 'partitura'
        : null;
}

/** The key the chords are written in: the song's tone, else its first chord's root. */
export function originalKey(song: Praise): Key {
  const written = parseKey(song.tom);
  if (written) return written;
  const first = song.letra
    .flatMap((l) => (l.tipo === 'linha' ? l.trechos : []))
    .find((s) => s.cifra)?.cifra;
  return guessKey(first);
}

/** Semitones from the song's key to the `?tom=` asked for (−5…+6); 0 when absent or not a key. */
export function stepsFor(song: Praise, asked: string | null): number {
  const key = parseKey(asked);
  return key ? normaliseSteps(stepsBetween(originalKey(song), key)) : 0;
}

export interface Piece {
  chord: string | null;
  text: string;
}

/**
 * A line's snippets as words (runs without spaces) so a phone wraps between words, never
 * between a chord and its syllable; a chord on a space or at the end stands as a word of its own.
 */
export function wordsOf(snippets: PraiseSnippet[]): Piece[][] {
  const words: Piece[][] = [];
  let current: Piece[] = [];
  const end = () => {
    if (current.length) words.push(current);
    current = [];
  };
  for (const { trecho, cifra } of snippets) {
    const parts = trecho.split(/(\s+)/).filter((p) => p !== '');
    let chord = cifra;
    if (!parts.length || /^\s/.test(parts[0]!)) {
      if (chord) {
        current.push({ chord, text: '' });
        chord = null;
      }
    }
    for (const part of parts) {
      if (/^\s+$/.test(part)) {
        end();
        continue;
      }
      current.push({ chord, text: part });
      chord = null;
    }
  }
  end();
  return words;
}

export const lineHasChords = (line: PraiseLine): boolean =>
  line.tipo === 'linha' && line.trechos.some((s) => s.cifra);
export const lineText = (snippets: PraiseSnippet[]): string =>
  snippets
    .map((s) => s.trecho)
    .join('')
    .replace(/\s+/g, ' ')
    .trim();
