// A ChordPro file ↔ a song (docs/staff.md "Songs"): the metadata directives at the top fill the
// song's columns; everything else is the song's ChordPro body, kept as written and read for display
// by the one line parser (chordpro.ts). Export writes the columns back as directives, so
// import → export gives the same file.
const META = [
  ['title', 'titulo'],
  ['subtitle', 'subtitulo'],
  ['artist', 'autor'],
  ['key', 'tom'],
  ['tempo', 'ritmo'],
  ['x_code', 'codigo'],
  ['x_group', 'grupo'],
  ['x_theme', 'tema'],
] as const;
type MetaField = (typeof META)[number][1];
const ALIASES: Record<string, string> = { t: 'title', st: 'subtitle', composer: 'artist' };
const DIRECTIVE = /^\{\s*([a-z_]+)\s*:\s*(.*?)\s*\}$/i;

export type SongMeta = Record<MetaField, string | null>;

export interface ChordProSong {
  meta: SongMeta;
  /** The ChordPro body without the metadata directives (null when empty). */
  body: string | null;
}

export function chordProToSong(text: string): ChordProSong {
  const meta = Object.fromEntries(META.map(([, field]) => [field, null])) as SongMeta;
  const body: string[] = [];
  for (const line of text
    .replace(/^\uFEFF/, '')
    .replace(/\r\n?/g, '\n')
    .split('\n')) {
    const match = DIRECTIVE.exec(line.trim());
    const name = match ? (ALIASES[match[1]!.toLowerCase()] ?? match[1]!.toLowerCase()) : null;
    const field = META.find(([directive]) => directive === name)?.[1];
    if (match && field) {
      meta[field] ??= match[2]!.slice(0, 200) || null;
      continue;
    }
    body.push(line.replace(/\s+$/, ''));
  }
  while (body.length && !body[0]!.trim()) body.shift();
  while (body.length && !body.at(-1)!.trim()) body.pop();
  return { meta, body: body.length ? body.join('\n') : null };
}

export function songToChordPro(meta: Partial<SongMeta>, body: string | null): string {
  const head = META.flatMap(([directive, field]) =>
    meta[field] ? [`{${directive}: ${meta[field]}}`] : [],
  );
  const text = body?.trim() ? body.replace(/\r\n?/g, '\n').replace(/\s+$/, '') : '';
  return [...head, ...(head.length && text ? [''] : []), ...(text ? [text] : [])].join('\n') + '\n';
}
