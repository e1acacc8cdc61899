// Watching Play (docs/play.md "Watching"; spec §6 closed content, §7 Play `usuario-plano-assinatura-conteudo`
// with its resume position). The spec has no watch call of its own, so it sits beside the member's
// list calls: `GET /usuario-plano-assinatura-conteudo/assistir/` answers a short-lived signed media
// URL (open content, or closed content with an active subscription), the resume position and the
// list state; `PUT /usuario-plano-assinatura-conteudo/posicao/` saves the position.
import { z } from 'zod';
import { idParam } from './common.ts';
import { playContentSchema } from './play.ts';

/** `GET /usuario-plano-assinatura-conteudo/assistir/?planoAssinaturaConteudo&igreja&usuario` */
export const playWatchQuery = z.object({
  planoAssinaturaConteudo: idParam,
  igreja: idParam,
  usuario: idParam,
});
export type PlayWatchQuery = z.infer<typeof playWatchQuery>;

/** `PUT /usuario-plano-assinatura-conteudo/posicao/?planoAssinaturaConteudo&igreja&usuario` body. */
export const playPositionBody = z.object({
  posicaoSegundos: z.coerce
    .number({ error: 'Must be a number.' })
    .int({ error: 'Must be a whole number.' })
    .min(0, { error: 'Must be zero or more.' })
    .max(7 * 86_400, { error: 'Too large.' }),
});
export type PlayPositionBody = z.infer<typeof playPositionBody>;

/** `GET /plano-assinatura-midia/{id}/{arquivo}?u&e&s`: one file of a closed content's HLS media, signed. */
export const playMediaParams = z.object({
  id: idParam,
  arquivo: z
    .string()
    .regex(/^[A-Za-z0-9_-]{1,64}\.(m3u8|m2ts|ts|m4s|mp4|vtt)$/, { error: 'Invalid input.' }),
});
export const playMediaQuery = z.object({
  u: idParam,
  /** Expiry, epoch seconds. */
  e: z.coerce
    .number({ error: 'Must be a number.' })
    .int({ error: 'Must be a whole number.' })
    .positive({ error: 'Must be a positive number.' }),
  s: z.string().regex(/^[A-Za-z0-9_-]{20,100}$/, { error: 'Invalid input.' }),
});

/** The watch call's answer. A closed content's URLs are signed for this member and expire soon. */
export const playWatchSchema = z.object({
  conteudo: playContentSchema,
  /** HLS playlist: a site path for open content, a signed short-lived one for closed content. */
  urlMidia: z.string(),
  /** WebVTT captions, when the video has them (signed like `urlMidia`). */
  urlLegenda: z.string().nullable(),
  /** When the signed URLs stop working (ISO 8601); null for open content's plain files. */
  expiraEm: z.string().nullable(),
  /** Where this member stopped (resume). */
  posicaoSegundos: z.number().int(),
  /** The member's list item (for DELETE /usuario-plano-assinatura-conteudo/{id}/), or null when not in the list. */
  itemLista: z.number().int().nullable(),
});
export type PlayWatch = z.infer<typeof playWatchSchema>;
