// Worship songs (spec §3 Praise; §7 `GET /louvor/{id}/`; §2 /embed/praise; §4 show type).
// `GET /louvor/{id}/?igreja=` answers one song of that church; the house-style list
// `GET /igreja/{slug}/louvor/?busca=` answers the church's songs to its logged-in members.
import { z } from 'zod';
import { idParam, slugParam } from './common.ts';

const blankToUndefined = (value: unknown) =>
  typeof value === 'string' && value.trim() === '' ? undefined : value;

// ---- requests ----

export const praiseIdParams = z.object({ id: idParam });
/** The church the song must belong to (the embed's church, from its host). */
/** `igreja` may be left out: the church is then the host's (spec §7 names no query). */
export const praiseQuery = z.object({ igreja: idParam.optional() });
export const praiseChurchParams = z.object({ slug: slugParam });
/** Search in title, author and theme; control characters (NUL included) are bad input. */
export const praiseListQuery = z.object({
  busca: z.preprocess(
    blankToUndefined,
    z
      .string()
      .trim()
      .max(100, { error: 'At most 100 characters.' })
      .regex(/^[^\u0000-\u001f\u007f]*$/, { error: 'Invalid input.' })
      .optional(),
  ),
});
export type PraiseListQuery = z.infer<typeof praiseListQuery>;

// ---- answers ----

/** spec §4 show type: cipher if any chord, else lyric, else score; null is the spec's failure. */
export const praiseShowTypeSchema = z.enum(['CIFRA', 'LETRA', 'PARTITURA']).nullable();
export type PraiseShowType = z.infer<typeof praiseShowTypeSchema>;

/** A piece of a line: the chord (if any) played on the first syllable of the snippet. */
export const praiseSnippetSchema = z.object({ trecho: z.string(), cifra: z.string().nullable() });
export type PraiseSnippet = z.infer<typeof praiseSnippetSchema>;

/** spec §3 "letter lines (snippet plus chord)": a sung line, a section heading or a blank line. */
export const praiseLineSchema = z.discriminatedUnion('tipo', [
  z.object({ tipo: z.literal('linha'), trechos: z.array(praiseSnippetSchema) }),
  z.object({ tipo: z.literal('secao'), texto: z.string() }),
  z.object({ tipo: z.literal('espaco') }),
]);
export type PraiseLine = z.infer<typeof praiseLineSchema>;

export const praiseScoreSchema = z.object({
  nome: z.string(),
  url: z.string(),
  tipo: z.enum(['pdf', 'imagem']),
});
export type PraiseScore = z.infer<typeof praiseScoreSchema>;

/** `GET /louvor/{id}/`: spec §3 Praise. */
export const praiseSchema = z.object({
  id: z.number().int(),
  codigo: z.string().nullable(),
  titulo: z.string(),
  subtitulo: z.string().nullable(),
  autor: z.string().nullable(),
  grupo: z.string().nullable(),
  tema: z.string().nullable(),
  ritmo: z.string().nullable(),
  /** The key the chords are written in. */
  tom: z.string().nullable(),
  tipoExibicao: praiseShowTypeSchema,
  letra: z.array(praiseLineSchema),
  partituras: z.array(praiseScoreSchema),
});
export type Praise = z.infer<typeof praiseSchema>;

export const praiseSummarySchema = praiseSchema.pick({
  id: true,
  codigo: true,
  titulo: true,
  subtitulo: true,
  autor: true,
  tema: true,
  tom: true,
  tipoExibicao: true,
});
export type PraiseSummary = z.infer<typeof praiseSummarySchema>;

/** `GET /igreja/{slug}/louvor/?busca=`: the church's songs by title. */
export const praiseListResponseSchema = z.object({ louvores: z.array(praiseSummarySchema) });
export type PraiseListResponse = z.infer<typeof praiseListResponseSchema>;
