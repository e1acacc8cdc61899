// Prayer wall (spec §2 "/prayer", MOD_MURAL_ORACAO): the public read calls of spec §7 "Prayer",
// `GET /oracao/{slug}`, `GET /oracao/{slug}/{id}` and `GET /igreja/{slug}/oracao-motivo/`.
// The wall is public, so a request's private wishes (call, visit) and user ids are never here.
import { z } from 'zod';
import { idParam, slugParam } from './common.ts';
import { contentListQuery } from './content.ts';

/** spec §8 "Prayer: … no result found" — an unknown, hidden or other church's request. */
export const PRAYER_NOT_FOUND = 'No result found.';

const blankToUndefined = (value: unknown) => (typeof value === 'string' && value.trim() === '' ? undefined : value);

// ---- requests ----

/** `?motivo&page&limit`: paging has the content lists' rules, messages and page size (12). */
export const prayerListQuery = contentListQuery.pick({ page: true, limit: true }).extend({
  motivo: z.preprocess(blankToUndefined, idParam.optional()),
});
export type PrayerListQuery = z.infer<typeof prayerListQuery>;

export const prayerChurchParams = z.object({ slug: slugParam });
export const prayerIdParams = z.object({ slug: slugParam, id: idParam });

// ---- answers ----

export const prayerReasonSchema = z.object({ id: z.number().int(), nome: z.string() });
export type PrayerReason = z.infer<typeof prayerReasonSchema>;
/** `GET /igreja/{slug}/oracao-motivo/` */
export const prayerReasonsResponseSchema = z.object({ motivos: z.array(prayerReasonSchema) });

/** One request as the wall shows it. */
export const prayerItemSchema = z.object({
  id: z.number().int(),
  /** The name the person chose to show; null when anonymous. */
  nome: z.string().nullable(),
  mensagem: z.string(),
  motivo: prayerReasonSchema.nullable(),
  /** Public image path, when the request has one. */
  imagem: z.string().nullable(),
  /** ISO 8601. */
  dataCriacao: z.string(),
  /** How many marked "I prayed". */
  qtdeOrar: z.number().int(),
  /** How many supportive messages it has. */
  qtdeMensagens: z.number().int(),
});
export type PrayerItem = z.infer<typeof prayerItemSchema>;

/** `GET /oracao/{slug}?motivo&page&limit`: newest first. */
export const prayerListResponseSchema = z.object({
  oracoes: z.array(prayerItemSchema),
  total: z.number().int(),
  page: z.number().int(),
  limit: z.number().int(),
});
export type PrayerListResponse = z.infer<typeof prayerListResponseSchema>;

/** spec §3 Prayer message, as shown under a request (the author's display name only). */
export const prayerMessageSchema = z.object({
  id: z.number().int(),
  nome: z.string().nullable(),
  mensagem: z.string(),
  dataCriacao: z.string(),
});
export type PrayerMessage = z.infer<typeof prayerMessageSchema>;

/** `GET /oracao/{slug}/{id}`: the request and its supportive messages, oldest first. */
export const prayerDetailSchema = prayerItemSchema.extend({ mensagens: z.array(prayerMessageSchema) });
export type PrayerDetail = z.infer<typeof prayerDetailSchema>;
