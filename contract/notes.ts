// Sermon notes (spec §2 /user/notes, §4 note editor, §7 "Notes"): `GET /user/nota-sermao?igreja&limit=999`,
// `GET/PUT/DELETE /nota-sermao/{id}`, `POST /nota-sermao/?igreja`. A note belongs to one member in
// one church; only its author reads or changes it. Where the spec shows no shape, these follow the
// house style (Portuguese field names, `dataUltimaAlteracao`).
//
// Two rules keep every word and never duplicate one (docs/notes.md):
// - `chave` is a UUID the browser makes when the note is born: a POST replayed with the same chave
//   answers the note already made (200), never a second one.
// - `versao` counts saves: a PUT or DELETE carries the versao the client last saw and gets a 409
//   with the current note when someone (another tab, another device) saved in between.
import { z } from 'zod';
import { idParam } from './common.ts';

/** spec §9: the notes list limit. */
export const NOTES_LIST_LIMIT = 999;
export const NOTE_TITLE_MAX = 100;
/** About 60 pages of text: far more than a sermon's notes. */
export const NOTE_TEXT_MAX = 100_000;

/** PostgreSQL text cannot hold NUL and JSON cannot hold lone surrogates: refused as bad input. */
const cleanText = (s: string) => !s.includes('\u0000') && s.isWellFormed();

/** spec §4: a note cannot be saved without a title ("Esse campo é obrigatório."). */
const title = z
  .string({ error: 'Required.' })
  .trim()
  .min(1, 'Required.')
  .max(NOTE_TITLE_MAX, `At most ${NOTE_TITLE_MAX} characters.`)
  .refine(cleanText, 'Invalid characters.');
const text = z
  .string({ error: 'Invalid input.' })
  .max(NOTE_TEXT_MAX, 'Too large.')
  .refine(cleanText, 'Invalid characters.');
const version = z
  .number({ error: 'Must be a number.' })
  .int('Must be a whole number.')
  .positive('Must be a positive number.')
  .max(2_147_483_647, 'Too large.');

// ---- requests ----

/** `?igreja=` (and `limit`, at most spec §9's 999). */
export const notesListQuery = z.object({
  igreja: idParam,
  limit: z.coerce
    .number({ error: 'Must be a number.' })
    .int('Must be a whole number.')
    .min(1, 'Must be 1 or more.')
    .max(NOTES_LIST_LIMIT, 'Too large.')
    .default(NOTES_LIST_LIMIT),
});
/** `?igreja=` on the calls of one note: optional (spec §7 shows none), checked when sent. */
export const noteChurchQuery = z.object({ igreja: idParam.optional() });
export const noteCreateQuery = z.object({ igreja: idParam });
export const noteIdParams = z.object({ id: idParam });
/** `DELETE /nota-sermao/{id}?versao=`: without versao the note goes whatever its version. */
export const noteDeleteQuery = noteChurchQuery.extend({
  versao: z.coerce.number({ error: 'Must be a number.' }).pipe(version).optional(),
});

/** `POST /nota-sermao/?igreja=` */
export const noteCreateSchema = z.object({
  chave: z.uuid({ error: 'Invalid input.' }),
  titulo: title,
  texto: text.default(''),
});
export type NoteCreate = z.infer<typeof noteCreateSchema>;

/** `PUT /nota-sermao/{id}`: `versao` is the one the client last saw. */
export const noteUpdateSchema = z.object({ titulo: title, texto: text, versao: version });
export type NoteUpdate = z.infer<typeof noteUpdateSchema>;

// ---- answers ----

export const noteSchema = z.object({
  id: z.number().int(),
  chave: z.string(),
  igreja: z.number().int(),
  titulo: z.string(),
  texto: z.string(),
  versao: z.number().int(),
  /** ISO 8601. */
  dataCriacao: z.string(),
  dataUltimaAlteracao: z.string(),
});
export type Note = z.infer<typeof noteSchema>;

/** One row of the list: the text is cut to its first line or so. */
export const noteSummarySchema = noteSchema.omit({ texto: true }).extend({ resumo: z.string() });
export type NoteSummary = z.infer<typeof noteSummarySchema>;

/** `GET /user/nota-sermao?igreja&limit`: last changed first. */
export const notesListResponseSchema = z.object({ notas: z.array(noteSummarySchema) });
export type NotesListResponse = z.infer<typeof notesListResponseSchema>;

/** `POST` (201 new, 200 replayed chave), `PUT`, `GET /nota-sermao/{id}`. */
export const noteResponseSchema = z.object({ status: z.literal(true), nota: noteSchema });
export type NoteResponse = z.infer<typeof noteResponseSchema>;

/** `DELETE /nota-sermao/{id}` */
export const noteDeleteResponseSchema = z.object({ status: z.literal(true), message: z.string() });

/** 409 of PUT/DELETE: the note as it is now, so the client can show both. */
export const noteConflictSchema = z.object({
  status: z.literal(false),
  message: z.string(),
  atual: noteSchema,
});
export type NoteConflict = z.infer<typeof noteConflictSchema>;
