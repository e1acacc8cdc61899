// ChordPro text → the spec's letter lines (spec §3 Praise "letter lines (snippet plus chord)").
// Supported: `[chord]` inline, `{comment: …}`/`{c: …}`/`{ci: …}` and `{start_of_chorus: label}`/
// `{soc}` as section headings, `{title}`/`{t}`/`{subtitle}`/`{st}`/`{key}` and other directives
// ignored (they live in their own columns), `#` comment lines dropped, blank lines kept (one).
import type { PraiseLine, PraiseSnippet } from '../../contract/praise.ts';

const DIRECTIVE = /^\{\s*([a-z_]+)\s*(?::\s*(.*?))?\s*\}$/i;
const HEADING = new Set([
  'comment',
  'c',
  'comment_italic',
  'ci',
  'comment_box',
  'cb',
  'start_of_chorus',
  'soc',
  'start_of_verse',
  'sov',
  'start_of_bridge',
  'sob',
]);

function parseLine(text: string): PraiseSnippet[] {
  const snippets: PraiseSnippet[] = [];
  const pattern = /\[([^\]]*)\]/g;
  let last = 0;
  let chord: string | null = null;
  for (let match = pattern.exec(text); match; match = pattern.exec(text)) {
    const before = text.slice(last, match.index);
    if (before || chord !== null) snippets.push({ trecho: before, cifra: chord });
    chord = match[1]!.trim() || null;
    last = match.index + match[0].length;
  }
  const rest = text.slice(last);
  if (rest || chord !== null) snippets.push({ trecho: rest, cifra: chord });
  return snippets;
}

export function chordProToLines(source: string | null | undefined): PraiseLine[] {
  const lines: PraiseLine[] = [];
  for (const raw of (source ?? '').replace(/\r\n?/g, '\n').split('\n')) {
    const text = raw.replace(/\s+$/, '');
    if (text.startsWith('#')) continue;
    const directive = DIRECTIVE.exec(text.trim());
    if (directive) {
      const name = directive[1]!.toLowerCase();
      if (HEADING.has(name) && directive[2]) lines.push({ tipo: 'secao', texto: directive[2] });
      continue;
    }
    if (!text.trim()) {
      if (lines.length && lines.at(-1)!.tipo !== 'espaco') lines.push({ tipo: 'espaco' });
      continue;
    }
    lines.push({ tipo: 'linha', trechos: parseLine(text) });
  }
  while (lines.at(-1)?.tipo === 'espaco') lines.pop();
  return lines;
}

/** spec §4: cipher if any chord exists, else lyric if lyrics exist, else score, else failure (null). */
export function showTypeOf(
  lines: PraiseLine[],
  scoreCount: number,
): 'CIFRA' | 'LETRA' | 'PARTITURA' | null {
  const sung = lines.filter((l) => l.tipo === 'linha');
  if (sung.some((l) => l.trechos.some((s) => s.cifra))) return 'CIFRA';
  if (sung.some((l) => l.trechos.some((s) => s.trecho.trim()))) return 'LETRA';
  if (scoreCount > 0) return 'PARTITURA';
  return null;
}
