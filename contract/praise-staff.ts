// The staff area's songs and set lists (docs/staff.md "Songs"): a song's fields and its lyrics
// with chords as ChordPro text (the one format the member side reads, server/praise/chordpro.ts),
// ChordPro import and export, score PDFs, and the set lists of services the team sees in /praise.
// Field messages are `staff.songs.*` keys (contract/messages/staff-worship.ts).
import './common.ts'; // zod's browser setting comes before any schema
import { z } from 'zod';
import { praiseLineSchema, praiseScoreSchema, praiseShowTypeSchema } from './praise.ts';

const text = (max: number) =>
  z.string({ error: 'v.required' }).trim().max(max, { error: 'staff.songs.tooLong' });
const required = (max: number) => text(max).min(1, { error: 'v.required' });
/** An optional text: empty means none. */
const optional = (max: number) =>
  text(max)
    .optional()
    .nullable()
    .transform((v) => (v ? v : null));

/** The most ChordPro text a song (or an import) may hold. */
export const CHORDPRO_MAX = 50_000;
/** The largest score PDF accepted. */
export const SCORE_MAX_BYTES = 8 * 1024 * 1024; // under the API's 10 MB body limit
export const SCORE_MAX_FILES = 10;

export const idParams = z.object({ id: z.coerce.number().int().min(1).max(2_147_483_647) });
export const scoreParams = idParams.extend({ index: z.coerce.number().int().min(0).max(100) });

// ---- songs ----

export const songListQuery = z.object({
  busca: z.string().trim().max(100, { error: 'staff.songs.tooLong' }).optional(),
});

/** POST /louvor and PUT /louvor/{id}: the song's fields; `cifra` is ChordPro (sections as `{c: …}`). */
export const songInput = z.object({
  titulo: required(200),
  subtitulo: optional(200),
  autor: optional(200),
  grupo: optional(120),
  tema: optional(120),
  ritmo: optional(60),
  tom: optional(12).refine((v) => v === null || /^[A-G][#b♯♭]?m?$/.test(v), {
    error: 'staff.songs.badKey',
  }),
  codigo: optional(40),
  cifra: optional(CHORDPRO_MAX),
});
export type SongInput = z.input<typeof songInput>;

/** POST /louvor/importar: a ChordPro file's text; its directives fill the song's fields. */
export const chordProImport = z.object({
  chordpro: required(CHORDPRO_MAX + 2_000),
});

/** POST /louvor/previa: ChordPro text → the letter lines members see (the live preview). */
export const chordProPreview = z.object({ cifra: text(CHORDPRO_MAX) });
export const previewSchema = z.object({
  letra: z.array(praiseLineSchema),
  tipoExibicao: praiseShowTypeSchema,
});
export type SongPreview = z.infer<typeof previewSchema>;

export const staffSongSchema = z.object({
  id: z.number(),
  titulo: z.string(),
  subtitulo: z.string().nullable(),
  autor: z.string().nullable(),
  grupo: z.string().nullable(),
  tema: z.string().nullable(),
  ritmo: z.string().nullable(),
  tom: z.string().nullable(),
  codigo: z.string().nullable(),
  cifra: z.string().nullable(),
  partituras: z.array(praiseScoreSchema),
  tipoExibicao: praiseShowTypeSchema,
});
export type StaffSong = z.infer<typeof staffSongSchema>;

export const staffSongSummarySchema = staffSongSchema.pick({
  id: true,
  titulo: true,
  autor: true,
  tom: true,
  tipoExibicao: true,
});
export type StaffSongSummary = z.infer<typeof staffSongSummarySchema>;
export const staffSongsSchema = z.object({ louvores: z.array(staffSongSummarySchema) });

// ---- set lists ----

export const setListInput = z.object({
  titulo: required(120),
  data: z.iso.date({ error: 'staff.songs.badDate' }),
  observacao: optional(1000),
  itens: z
    .array(
      z.object({
        louvorId: z.number().int().min(1).max(2_147_483_647),
        tom: optional(12).refine((v) => v === null || /^[A-G][#b♯♭]?m?$/.test(v), {
          error: 'staff.songs.badKey',
        }),
      }),
    )
    .max(40, { error: 'staff.songs.tooMany' }),
});
export type SetListInput = z.input<typeof setListInput>;

export const setListSchema = z.object({
  id: z.number(),
  titulo: z.string(),
  data: z.string(),
  observacao: z.string().nullable(),
  itens: z.array(
    z.object({ louvorId: z.number(), titulo: z.string(), tom: z.string().nullable() }),
  ),
});
export type SetList = z.infer<typeof setListSchema>;
export const setListsSchema = z.object({ repertorios: z.array(setListSchema) });
