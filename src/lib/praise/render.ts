// The song's lines as HTML, built as a string so no stray whitespace falls between a chord and
// its syllable. Every text is escaped. A chord keeps what was written in `data-c`, so the client
// script can move it to any key without asking the server again.
import type { PraiseLine } from '../../../contract/praise.ts';
import { lineHasChords, lineText, wordsOf } from './song.ts';
import { pretty, transposeChord, transposeKey, type Key } from './transpose.ts';

const ESCAPES: Record<string, string> = {
  '&': '&amp;',
  '<': '&lt;',
  '>': '&gt;',
  '"': '&quot;',
  "'": '&#39;',
};
export const escapeHtml = (text: string): string => text.replace(/[&<>"']/g, (ch) => ESCAPES[ch]!);

/** One chord sheet line: words of `.s` pieces, each a chord (`.c`) over its syllables (`.l`). */
function chordLine(line: Extract<PraiseLine, { tipo: 'linha' }>, steps: number, to: Key): string {
  const withChords = lineHasChords(line);
  const words = wordsOf(line.trechos).map((word) => {
    const pieces = word.map(({ chord, text }) => {
      const top = withChords
        ? chord
          ? `<b class="c" data-c="${escapeHtml(chord)}">${escapeHtml(pretty(transposeChord(chord, steps, to)))}</b>`
          : '<b class="c" aria-hidden="true"> </b>'
        : '';
      return `<span class="s">${top}<span class="l">${text ? escapeHtml(text) : ' '}</span></span>`;
    });
    return `<span class="w">${pieces.join('')}</span>`;
  });
  return `<p class="praise-line${withChords ? ' has-chords' : ''}">${words.join(' ')}</p>`;
}

/** The lines in the view asked for; chords moved `steps` semitones from the song's `key`. */
export function renderLines(
  lines: PraiseLine[],
  view: 'cifra' | 'letra',
  steps: number,
  key: Key,
): string {
  const to = transposeKey(key, steps);
  return lines
    .map((line) => {
      if (line.tipo === 'secao') return `<h2 class="praise-section">${escapeHtml(line.texto)}</h2>`;
      if (line.tipo === 'espaco') return '<div class="praise-gap"></div>';
      return view === 'cifra'
        ? chordLine(line, steps, to)
        : `<p class="praise-line">${escapeHtml(lineText(line.trechos))}</p>`;
    })
    .join('');
}
