// The one reader of song files (docs/staff.md "Moving in"): a ChordPro file or a zip of them,
// unpacked under the caps of zip.ts and read by the song editor's own parser
// (server/praise/chordpro-file.ts) and schema (songInput), on the reading thread (parse-worker.ts).
import { createHash } from 'node:crypto';
import { songInput } from '../../contract/praise-staff.ts';
import { chordProToSong } from '../praise/chordpro-file.ts';
import type { ImportLimits } from './limits.ts';
import type { LineNote } from './run.ts';
import { decodeText } from './text.ts';
import { isZip, unpack, zipEntries } from './zip.ts';

const SONG_FILE = /\.(cho|chopro|chordpro|crd|pro|txt)$/i;

/** The song files of a zip (any folder, hidden files and macOS's __MACOSX left out) or the one file. */
export function songFiles(bytes: Buffer, limits: ImportLimits): { name: string; text: string }[] {
  if (!isZip(bytes)) return [{ name: 'song', text: decodeText(bytes) }];
  const budget = { unpacked: 0 };
  return zipEntries(bytes, limits)
    .filter(
      (e) => SONG_FILE.test(e.name) && !e.name.startsWith('__MACOSX/') && !/(^|\/)\./.test(e.name),
    )
    .sort((a, b) => a.name.localeCompare(b.name))
    .map((e) => ({
      name: e.name,
      text: decodeText(unpack(bytes, e, limits, budget, { cap: limits.songBytes })),
    }));
}

export interface SongValues {
  title: string;
  subtitle: string | null;
  author: string | null;
  group: string | null;
  theme: string | null;
  rhythm: string | null;
  tone: string | null;
  code: string | null;
  chordPro: string | null;
}

/** One file of the zip: a song ready to write (its text's hash its key), or refused and why. */
export type SongItem = { refused: LineNote } | { line: number; origin: string; values: SongValues };

export function* readSongs(bytes: Buffer, limits: ImportLimits): Generator<SongItem> {
  for (const [i, file] of songFiles(bytes, limits).entries()) {
    const line = i + 1;
    if (file.text.includes('\0')) {
      yield {
        refused: {
          linha: line,
          chave: 'staff.import.row.notChordPro',
          valores: { valor: file.name },
        },
      };
      continue;
    }
    const { meta, body } = chordProToSong(file.text);
    if (!meta.titulo) {
      yield {
        refused: {
          linha: line,
          chave: 'staff.import.row.songNoTitle',
          valores: { valor: file.name },
        },
      };
      continue;
    }
    if (meta.tom && !/^[A-G][#b♯♭]?m?$/.test(meta.tom)) meta.tom = null;
    const checked = songInput.safeParse({ ...meta, titulo: meta.titulo, cifra: body });
    if (!checked.success) {
      yield {
        refused: {
          linha: line,
          chave: 'staff.import.row.notSaved',
          valores: { motivo: `${file.name}: ${checked.error.issues[0]?.path.join('.')}` },
        },
      };
      continue;
    }
    const f = checked.data;
    yield {
      line,
      origin: createHash('sha256')
        .update(file.text.replace(/\r\n?/g, '\n').trim())
        .digest('hex')
        .slice(0, 32),
      values: {
        title: f.titulo,
        subtitle: f.subtitulo,
        author: f.autor,
        group: f.grupo,
        theme: f.tema,
        rhythm: f.ritmo,
        tone: f.tom,
        code: f.codigo,
        chordPro: f.cifra,
      },
    };
  }
}
