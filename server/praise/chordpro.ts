// ChordPro text → the spec's letter lines (spec §3 Praise "letter lines (snippet plus chord)").
// Supported: `[chord]` inline, `{comment: …}`/`{c: …}`/`{ci: …}` and `{start_of_chorus: label}`/
// `{soc}` as section headings, `{chorus}` repeating the last chorus, `%{key}`-style metadata
// filled in; `{title}`/`{t}`/`{subtitle}`/`{st}`/`{key}` and every other directive (known or not,
// with attributes or a selector) hidden, since they live in their own columns; `abc`, `ly`,
// `svg`, `textblock` and `grid` sections hidden (kept in the text for export, never shown as
// lyrics); `#` comment lines dropped, blank lines kept (one). docs/praise.md "Data".
import type { PraiseLine, PraiseSnippet } from '../../contract/praise.ts';

/** `{name}`, `{name: value}`, `{name value}`, `{name-selector: value}`, `{name label="x"}`. */
const DIRECTIVE = /^\{\s*([a-z_][a-z0-9_]*)(?:-[a-z0-9_!]+)?\s*(?::\s*(.*?)|\s+(.*?))?\s*\}$/i;
const HEADING = new Set([
  'comment',
  'c',
  'comment_italic',
  'ci',
  'comment_box',
  'cb',
  'highlight',
  'start_of_chorus',
  'soc',
  'start_of_verse',
  'sov',
  'start_of_bridge',
  'sob',
]);
/** Sections whose lines are not lyrics: music notation and free text blocks. */
const HIDDEN_SECTIONS = new Set(['abc', 'ly', 'svg', 'textblock', 'grid', 'g']);
/** Metadata a `%{name}` may ask for, besides the song's own columns. */
const META_NAMES: Record<string, string> = {
  t: 'title',
  st: 'subtitle',
  composer: 'artist',
  lyricist: 'artist',
};

/** A directive's value: `label="Refrão"` as its label, else the text after `:` or a space. */
function directiveValue(colon: string | undefined, spaced: string | undefined): string {
  if (colon !== undefined) return colon;
  const label = /\blabel\s*=\s*"([^"]*)"/i.exec(spaced ?? '');
  return label ? label[1]! : (spaced ?? '');
}

/** `%{name}`, `%{name|when set|when not}` and `%{}` (the value at hand) filled from `meta`. */
export function fillMeta(text: string, meta: Record<string, string | null | undefined>): string {
  if (!text.includes('%{')) return text;
  const fill = (s: string, current: string, depth: number): string => {
    let out = '';
    for (let i = 0; i < s.length; i++) {
      if (s[i] !== '%' || s[i + 1] !== '{' || depth > 8) {
        out += s[i];
        continue;
      }
      // the matching brace, and the `|` of this level
      let level = 0;
      let end = -1;
      const bars: number[] = [];
      for (let j = i + 2; j < s.length; j++) {
        if (s[j] === '{') level++;
        else if (s[j] === '}' && level-- === 0) {
          end = j;
          break;
        } else if (s[j] === '|' && level === 0) bars.push(j);
      }
      if (end < 0) {
        out += s.slice(i);
        break;
      }
      const cut = [i + 1, ...bars, end];
      const parts = cut.slice(1).map((at, k) => s.slice(cut[k]! + 1, at));
      const raw = parts[0]!.trim().toLowerCase();
      const name = META_NAMES[raw] ?? raw;
      const value = name ? (meta[name] ?? '') : current;
      out +=
        parts.length === 1
          ? value
          : value
            ? fill(parts[1]!, value, depth + 1)
            : fill(parts[2] ?? '', value, depth + 1);
      i = end;
    }
    return out;
  };
  return fill(text, '', 0);
}

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

export function chordProToLines(
  source: string | null | undefined,
  songMeta: Record<string, string | null | undefined> = {},
): PraiseLine[] {
  const lines: PraiseLine[] = [];
  const meta: Record<string, string | null | undefined> = { ...songMeta };
  let hidden: string | null = null;
  /** The chorus being read, and the last one read (what `{chorus}` repeats). */
  let chorus: PraiseLine[] | null = null;
  let lastChorus: PraiseLine[] = [];
  const push = (line: PraiseLine) => {
    if (line.tipo === 'espaco' && (!lines.length || lines.at(-1)!.tipo === 'espaco')) return;
    lines.push(line);
    chorus?.push(line);
  };
  for (const raw of (source ?? '').replace(/\r\n?/g, '\n').split('\n')) {
    const text = raw.replace(/\s+$/, '');
    const directive = DIRECTIVE.exec(text.trim());
    const name = directive?.[1]!.toLowerCase() ?? null;
    if (hidden !== null) {
      if (name === `end_of_${hidden}` || name === `eo${hidden}`) hidden = null;
      continue;
    }
    if (text.startsWith('#')) continue;
    if (directive && name) {
      const value = fillMeta(directiveValue(directive[2], directive[3]).trim(), meta);
      const section = name.startsWith('start_of_') ? name.slice(9) : null;
      if (section && HIDDEN_SECTIONS.has(section)) {
        hidden = section;
        continue;
      }
      if (name === 'start_of_chorus' || name === 'soc') {
        chorus = [];
        if (value) push({ tipo: 'secao', texto: value });
        continue;
      }
      if (name === 'end_of_chorus' || name === 'eoc') {
        if (chorus) lastChorus = chorus;
        chorus = null;
        continue;
      }
      if (name === 'chorus') {
        // the chorus again, under its own heading or the one given here
        const body = lastChorus.filter((l, i) => !(i === 0 && l.tipo === 'secao'));
        const heading = value || (lastChorus[0]?.tipo === 'secao' ? lastChorus[0].texto : '');
        if (heading) push({ tipo: 'secao', texto: heading });
        body.forEach(push);
        continue;
      }
      if (HEADING.has(name)) {
        if (value) push({ tipo: 'secao', texto: value });
        continue;
      }
      if (name === 'meta') {
        const [key, ...rest] = value.split(/\s+/);
        if (key) meta[key.toLowerCase()] = rest.join(' ');
      } else if (value) meta[META_NAMES[name] ?? name] ??= value;
      continue;
    }
    if (!text.trim()) {
      push({ tipo: 'espaco' });
      continue;
    }
    push({ tipo: 'linha', trechos: parseLine(fillMeta(text, meta)) });
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
