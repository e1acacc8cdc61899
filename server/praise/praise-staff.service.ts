// The staff area's songs and set lists (docs/staff.md "Songs"): queries and rules behind
// praise-staff.routes.ts. A song's lyrics and chords stay ChordPro text, displayed by the one
// parser members' pages use (chordpro.ts); every write goes through staffWrite (audit + purge).
import { and, asc, desc, eq, inArray, sql } from 'drizzle-orm';
import type {
  SetList,
  SongPreview,
  StaffSong,
  StaffSongSummary,
} from '../../contract/praise-staff.ts';
import { addDays } from '../../common/time-zone.ts';
import { SCORE_MAX_BYTES, SCORE_MAX_FILES } from '../../contract/praise-staff.ts';
import { churchDayOf } from '../church/church-clock.ts';
import type { Database, Tx } from '../db/client.ts';
import { exactFirst, matches } from '../db/search.ts';
import * as t from '../db/schema/index.ts';
import { ApiProblem, fieldProblem, notFound } from '../http/errors.ts';
import { PdfRejected, type PdfStore } from '../images/pdf-store.ts';
import type { StaffActor } from '../staff/audit.ts';
import { staffWrite, type StaffWriteDeps } from '../staff/write.ts';
import { chordProToSong, songToChordPro } from './chordpro-file.ts';
import { chordProToLines, showTypeOf } from './chordpro.ts';

type SongRow = typeof t.praises.$inferSelect;
type SetListRow = typeof t.praiseSetLists.$inferSelect;

export interface SongFields {
  titulo: string;
  subtitulo: string | null;
  autor: string | null;
  grupo: string | null;
  tema: string | null;
  ritmo: string | null;
  tom: string | null;
  codigo: string | null;
  cifra: string | null;
}

const columns = (f: SongFields) => ({
  title: f.titulo,
  subtitle: f.subtitulo,
  author: f.autor,
  group: f.grupo,
  theme: f.tema,
  rhythm: f.ritmo,
  tone: f.tom,
  code: f.codigo,
  chordPro: f.cifra,
});

export function toStaffSong(row: SongRow): StaffSong {
  return {
    id: row.id,
    titulo: row.title,
    subtitulo: row.subtitle,
    autor: row.author,
    grupo: row.group,
    tema: row.theme,
    ritmo: row.rhythm,
    tom: row.tone,
    codigo: row.code,
    cifra: row.chordPro,
    partituras: row.scores,
    tipoExibicao: showTypeOf(chordProToLines(row.chordPro), row.scores.length),
  };
}

/** The live preview: the same lines and show type members get (chordpro.ts). */
export function preview(cifra: string): SongPreview {
  const letra = chordProToLines(cifra);
  return { letra, tipoExibicao: showTypeOf(letra, 0) };
}

export async function listSongs(
  db: Database,
  churchId: number,
  search?: string,
): Promise<StaffSongSummary[]> {
  const rows = await db
    .select()
    .from(t.praises)
    .where(
      and(
        eq(t.praises.churchId, churchId),
        search ? matches(search, [t.praises.title, t.praises.author, t.praises.theme]) : undefined,
      ),
    )
    .orderBy(
      ...(search ? [exactFirst(search, [t.praises.title])] : []),
      asc(t.praises.title),
      asc(t.praises.id),
    )
    .limit(500);
  return rows.map((row) => {
    const { id, titulo, autor, tom, tipoExibicao } = toStaffSong(row);
    return { id, titulo, autor, tom, tipoExibicao };
  });
}

async function songRow(db: Database | Tx, churchId: number, id: number): Promise<SongRow> {
  const [row] = await db
    .select()
    .from(t.praises)
    .where(and(eq(t.praises.churchId, churchId), eq(t.praises.id, id)));
  if (!row) throw notFound('staff.songs.notFound');
  return row;
}

export const getSong = async (db: Database, churchId: number, id: number) =>
  toStaffSong(await songRow(db, churchId, id));

export function createSong(deps: StaffWriteDeps, actor: StaffActor, fields: SongFields) {
  return staffWrite(
    deps,
    actor,
    (song: StaffSong) => ({
      action: 'songs.create',
      kind: 'louvor',
      targetId: song.id,
      summary: song.titulo,
    }),
    async (tx) => {
      const [row] = await tx
        .insert(t.praises)
        .values({ churchId: actor.churchId, ...columns(fields) })
        .returning();
      return toStaffSong(row!);
    },
  );
}

export function updateSong(
  deps: StaffWriteDeps,
  actor: StaffActor,
  id: number,
  fields: SongFields,
) {
  return staffWrite(
    deps,
    actor,
    { action: 'songs.update', kind: 'louvor', targetId: id, summary: fields.titulo },
    async (tx) => {
      await songRow(tx, actor.churchId, id);
      const [row] = await tx
        .update(t.praises)
        .set(columns(fields))
        .where(and(eq(t.praises.churchId, actor.churchId), eq(t.praises.id, id)))
        .returning();
      return toStaffSong(row!);
    },
  );
}

export async function deleteSong(
  deps: StaffWriteDeps,
  pdfs: PdfStore,
  actor: StaffActor,
  id: number,
) {
  const gone = await staffWrite(
    deps,
    actor,
    (row: SongRow) => ({
      action: 'songs.delete',
      kind: 'louvor',
      targetId: id,
      summary: row.title,
    }),
    async (tx) => {
      const row = await songRow(tx, actor.churchId, id);
      await tx
        .delete(t.praises)
        .where(and(eq(t.praises.churchId, actor.churchId), eq(t.praises.id, id)));
      return row;
    },
  );
  for (const score of gone.scores) await pdfs.remove('partitura', score.url);
}

/** A pasted or uploaded ChordPro file becomes a new song (its directives fill the fields). */
export function importSong(deps: StaffWriteDeps, actor: StaffActor, text: string) {
  const { meta, body } = chordProToSong(text);
  if (!meta.titulo) throw fieldProblem(400, 'chordpro', 'staff.songs.importNoTitle');
  if (meta.tom && !/^[A-G][#b♯♭]?m?$/.test(meta.tom)) meta.tom = null;
  return createSong(deps, actor, { ...meta, titulo: meta.titulo, cifra: body });
}

/** The song as one ChordPro file (the format import reads). */
export async function exportSong(db: Database, churchId: number, id: number) {
  const row = await songRow(db, churchId, id);
  return {
    title: row.title,
    text: songToChordPro(
      {
        titulo: row.title,
        subtitulo: row.subtitle,
        autor: row.author,
        tom: row.tone,
        ritmo: row.rhythm,
        codigo: row.code,
        grupo: row.group,
        tema: row.theme,
      },
      row.chordPro,
    ),
  };
}

/** Adds a score PDF (checked by content and size) to the song. */
export async function addScore(
  deps: StaffWriteDeps,
  pdfs: PdfStore,
  actor: StaffActor,
  id: number,
  file: File,
) {
  const row = await songRow(deps.db, actor.churchId, id);
  if (row.scores.length >= SCORE_MAX_FILES)
    throw fieldProblem(422, 'arquivo', 'staff.songs.tooManyScores');
  let url: string;
  try {
    url = await pdfs.save('partitura', id, file, SCORE_MAX_BYTES);
  } catch (error) {
    if (error instanceof PdfRejected)
      throw error.reason === 'size'
        ? new ApiProblem(
            413,
            'staff.songs.scoreSize',
            { arquivo: ['staff.songs.scoreSize'] },
            {
              mb: SCORE_MAX_BYTES / 1024 / 1024,
            },
          )
        : new ApiProblem(415, 'staff.songs.scoreType', { arquivo: ['staff.songs.scoreType'] });
    throw error;
  }
  const name =
    file.name
      .replace(/\.pdf$/i, '')
      .trim()
      .slice(0, 120) || row.title;
  try {
    return await staffWrite(
      deps,
      actor,
      { action: 'songs.score.add', kind: 'louvor', targetId: id, summary: `${row.title}: ${name}` },
      async (tx) => {
        const current = await songRow(tx, actor.churchId, id);
        const [saved] = await tx
          .update(t.praises)
          .set({ scores: [...current.scores, { nome: name, url, tipo: 'pdf' as const }] })
          .where(eq(t.praises.id, id))
          .returning();
        return toStaffSong(saved!);
      },
    );
  } catch (error) {
    await pdfs.remove('partitura', url);
    throw error;
  }
}

export async function removeScore(
  deps: StaffWriteDeps,
  pdfs: PdfStore,
  actor: StaffActor,
  id: number,
  index: number,
) {
  let removed: string | undefined;
  const song = await staffWrite(
    deps,
    actor,
    (s: StaffSong) => ({
      action: 'songs.score.remove',
      kind: 'louvor',
      targetId: id,
      summary: s.titulo,
    }),
    async (tx) => {
      const current = await songRow(tx, actor.churchId, id);
      const score = current.scores[index];
      if (!score) throw notFound('staff.songs.scoreNotFound');
      removed = score.url;
      const [saved] = await tx
        .update(t.praises)
        .set({ scores: current.scores.filter((_, i) => i !== index) })
        .where(eq(t.praises.id, id))
        .returning();
      return toStaffSong(saved!);
    },
  );
  await pdfs.remove('partitura', removed);
  return song;
}

// ---- set lists ----

export interface SetListFields {
  titulo: string;
  data: string;
  observacao: string | null;
  itens: { louvorId: number; tom: string | null }[];
}

/** Set lists with their songs' titles; songs deleted since are left out. */
async function toSetLists(
  db: Database | Tx,
  churchId: number,
  rows: SetListRow[],
): Promise<SetList[]> {
  const ids = [...new Set(rows.flatMap((r) => r.items.map((i) => i.louvorId)))];
  const songs = ids.length
    ? await db
        .select({ id: t.praises.id, title: t.praises.title })
        .from(t.praises)
        .where(and(eq(t.praises.churchId, churchId), inArray(t.praises.id, ids)))
    : [];
  const titles = new Map(songs.map((s) => [s.id, s.title]));
  return rows.map((r) => ({
    id: r.id,
    titulo: r.title,
    data: r.date,
    observacao: r.notes,
    itens: r.items.flatMap((i) =>
      titles.has(i.louvorId)
        ? [{ louvorId: i.louvorId, titulo: titles.get(i.louvorId)!, tom: i.tom }]
        : [],
    ),
  }));
}

/** The church's set lists: upcoming first (from `from`, oldest first), then the latest past ones. */
/**
 * The set lists the team reads at /praise: from the church's yesterday on, on its own clock (docs/volunteers.md
 * "Which clock"), so a Sunday evening's list is still there that night.
 */
export async function teamSetLists(db: Database, churchId: number, now = new Date()) {
  return listSetLists(db, churchId, addDays(await churchDayOf(db, churchId, now), -1));
}

export async function listSetLists(db: Database, churchId: number, from?: string) {
  const rows = await db
    .select()
    .from(t.praiseSetLists)
    .where(
      and(
        eq(t.praiseSetLists.churchId, churchId),
        from ? sql`${t.praiseSetLists.date} >= ${from}` : undefined,
      ),
    )
    .orderBy(
      from ? asc(t.praiseSetLists.date) : desc(t.praiseSetLists.date),
      asc(t.praiseSetLists.id),
    )
    .limit(100);
  return toSetLists(db, churchId, rows);
}

async function checkSongs(tx: Tx, churchId: number, fields: SetListFields) {
  const ids = [...new Set(fields.itens.map((i) => i.louvorId))];
  if (!ids.length) return;
  const found = await tx
    .select({ id: t.praises.id })
    .from(t.praises)
    .where(and(eq(t.praises.churchId, churchId), inArray(t.praises.id, ids)));
  if (found.length !== ids.length) throw fieldProblem(422, 'itens', 'staff.songs.notFound');
}

const setListColumns = (f: SetListFields) => ({
  title: f.titulo,
  date: f.data,
  notes: f.observacao,
  items: f.itens.map((i) => ({ louvorId: i.louvorId, tom: i.tom })),
  updatedAt: new Date(),
});

export function createSetList(deps: StaffWriteDeps, actor: StaffActor, fields: SetListFields) {
  return staffWrite(
    deps,
    actor,
    (list: SetList) => ({
      action: 'songs.setlist.create',
      kind: 'repertorio',
      targetId: list.id,
      summary: `${list.titulo} (${list.data})`,
    }),
    async (tx) => {
      await checkSongs(tx, actor.churchId, fields);
      const [row] = await tx
        .insert(t.praiseSetLists)
        .values({ churchId: actor.churchId, ...setListColumns(fields) })
        .returning();
      return (await toSetLists(tx, actor.churchId, [row!]))[0]!;
    },
  );
}

export function updateSetList(
  deps: StaffWriteDeps,
  actor: StaffActor,
  id: number,
  fields: SetListFields,
) {
  return staffWrite(
    deps,
    actor,
    {
      action: 'songs.setlist.update',
      kind: 'repertorio',
      targetId: id,
      summary: `${fields.titulo} (${fields.data})`,
    },
    async (tx) => {
      await checkSongs(tx, actor.churchId, fields);
      const [row] = await tx
        .update(t.praiseSetLists)
        .set(setListColumns(fields))
        .where(and(eq(t.praiseSetLists.churchId, actor.churchId), eq(t.praiseSetLists.id, id)))
        .returning();
      if (!row) throw notFound('staff.songs.setListNotFound');
      return (await toSetLists(tx, actor.churchId, [row]))[0]!;
    },
  );
}

export function deleteSetList(deps: StaffWriteDeps, actor: StaffActor, id: number) {
  return staffWrite(
    deps,
    actor,
    (row: SetListRow) => ({
      action: 'songs.setlist.delete',
      kind: 'repertorio',
      targetId: id,
      summary: `${row.title} (${row.date})`,
    }),
    async (tx) => {
      const [row] = await tx
        .delete(t.praiseSetLists)
        .where(and(eq(t.praiseSetLists.churchId, actor.churchId), eq(t.praiseSetLists.id, id)))
        .returning();
      if (!row) throw notFound('staff.songs.setListNotFound');
      return row;
    },
  );
}
