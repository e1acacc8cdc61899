// Songs from a ChordPro file or a zip of them (docs/staff.md "Moving in"), read by the song
// editor's own parser (server/praise/chordpro-file.ts) and checked by its schema (songInput) on a
// worker thread (song-files.ts). A file's text is its key: importing the same zip again adds nothing.
import * as t from '../db/schema/index.ts';
import { parseStream } from './parse-thread.ts';
import { importedOrigins, recordItems, refuse, writeBatch, type ImportRun } from './run.ts';
import type { SongItem } from './song-files.ts';

export { songFiles } from './song-files.ts';

const SONGS_PER_BATCH = 100;

export async function importSongs(run: ImportRun, bytes: Buffer): Promise<void> {
  const churchId = run.church.id;
  const ready: { line: number; origin: string; values: typeof t.praises.$inferInsert }[] = [];
  // unpacked and read on a worker thread (song-files.ts), under the caps of limits.ts
  for await (const item of parseStream<SongItem>('songs', bytes)) {
    if ('refused' in item) refuse(run.tally, item.refused);
    else ready.push({ line: item.line, origin: item.origin, values: { churchId, ...item.values } });
  }
  for (let i = 0; i < ready.length; i += SONGS_PER_BATCH) {
    const batch = ready.slice(i, i + SONGS_PER_BATCH);
    const already = await importedOrigins(
      run,
      'louvor',
      batch.map((s) => s.origin),
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
