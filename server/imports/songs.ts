// Songs from a ChordPro file or a zip of them (docs/staff.md "Moving in"), read by the song
// editor's own parser (server/praise/chordpro-file.ts) and checked by its schema (songInput). A
// file's text is its key: importing the same zip again adds nothing.
import { createHash } from 'node:crypto';
import { and, eq, inArray } from 'drizzle-orm';
import { unzipSync } from 'fflate';
import { songInput } from '../../contract/praise-staff.ts';
import * as t from '../db/schema/index.ts';
import { chordProToSong } from '../praise/chordpro-file.ts';
import { recordItems, refuse, writeBatch, type ImportRun } from './run.ts';
import { decodeText } from './tables.ts';

const SONG_FILE = /\.(cho|chopro|chordpro|crd|pro|txt)$/i;
const SONGS_PER_BATCH = 100;

/** The song files of a zip (any folder, hidden files and macOS's __MACOSX left out) or the one file. */
export function songFiles(bytes: Buffer): { name: string; text: string }[] {
  if (!(bytes.length > 4 && bytes.readUInt32LE(0) === 0x04034b50))
    return [{ name: 'song', text: decodeText(bytes) }];
  const entries = unzipSync(new Uint8Array(bytes), {
    filter: (f) =>
      SONG_FILE.test(f.name) && !f.name.startsWith('__MACOSX/') && !/(^|\/)\./.test(f.name),
  });
  return Object.entries(entries)
    .sort(([a], [b]) => a.localeCompare(b))
    .map(([name, data]) => ({ name, text: decodeText(Buffer.from(data)) }));
}

export async function importSongs(run: ImportRun, bytes: Buffer): Promise<void> {
  const churchId = run.church.id;
  const files = songFiles(bytes);
  const ready: { line: number; origin: string; values: typeof t.praises.$inferInsert }[] = [];
  files.forEach((file, i) => {
    const line = i + 1;
    if (file.text.includes('\0'))
      return refuse(run.tally, {
        linha: line,
        chave: 'staff.import.row.notChordPro',
        valores: { valor: file.name },
      });
    const { meta, body } = chordProToSong(file.text);
    if (!meta.titulo)
      return refuse(run.tally, {
        linha: line,
        chave: 'staff.import.row.songNoTitle',
        valores: { valor: file.name },
      });
    if (meta.tom && !/^[A-G][#b♯♭]?m?$/.test(meta.tom)) meta.tom = null;
    const checked = songInput.safeParse({ ...meta, titulo: meta.titulo, cifra: body });
    if (!checked.success)
      return refuse(run.tally, {
        linha: line,
        chave: 'staff.import.row.notSaved',
        valores: { motivo: `${file.name}: ${checked.error.issues[0]?.path.join('.')}` },
      });
    const f = checked.data;
    ready.push({
      line,
      origin: createHash('sha256')
        .update(file.text.replace(/\r\n?/g, '\n').trim())
        .digest('hex')
        .slice(0, 32),
      values: {
        churchId,
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
    });
  });
  for (let i = 0; i < ready.length; i += SONGS_PER_BATCH) {
    const batch = ready.slice(i, i + SONGS_PER_BATCH);
    const already = new Set(
      (
        await run.db
          .select({ origin: t.importItems.origin })
          .from(t.importItems)
          .where(
            and(
              eq(t.importItems.churchId, churchId),
              eq(t.importItems.table, 'louvor'),
              inArray(
                t.importItems.origin,
                batch.map((s) => s.origin),
              ),
            ),
          )
      ).map((r) => r.origin),
    );
    const fresh = batch.filter(
      (s, j) => !already.has(s.origin) && batch.findIndex((o) => o.origin === s.origin) === j,
    );
    run.tally.iguais += batch.length - fresh.length;
    if (run.write && fresh.length)
      await writeBatch(run, [fresh[0]!.line, fresh.at(-1)!.line], async (tx) => {
        for (const s of fresh) {
          const [row] = await tx.insert(t.praises).values(s.values).returning({ id: t.praises.id });
          await recordItems(tx, run, [{ table: 'louvor', targetId: row!.id, origin: s.origin }]);
        }
      });
    run.tally.criar += fresh.length;
    await run.progress(Math.min(i + SONGS_PER_BATCH, ready.length), ready.length);
  }
}
