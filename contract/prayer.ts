// Prayer wall (spec §2 "/prayer", MOD_MURAL_ORACAO): the public read calls of spec §7 "Prayer",
// `GET /oracao/{slug}`, `GET /oracao/{slug}/{id}` and `GET /igreja/{slug}/oracao-motivo/`.
// The wall is public, so a request's private wishes (call, visit) and user ids are never here.
import { z } from 'zod';
import { idParam, slugParam } from './common.ts';
import { contentListQuery } from './content.ts';

/** spec §8 "Prayer: … no result found" — an unknown, hidden or other church's request. */
export const PRAYER_NOT_FOUND = 'No result found.';

const blankToUndefined = (value: unknown) =>
  typeof value === 'string' && value.trim() === '' ? undefined : value;

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
export const prayerDetailSchema = prayerItemSchema.extend({
  mensagens: z.array(prayerMessageSchema),
});
export type PrayerDetail = z.infer<typeof prayerDetailSchema>;

// ---- a member's actions (spec §7 "Prayer": POST /oracao/, /oracao/mensagem/, /oracao/orar/,
// DELETE /oracao/{id}; §7 "Auth and user": GET /user/oracao?igreja=). All need the bearer token
// of a member of the request's church (spec §5: login is required for prayer actions). ----

/** spec §8 "Prayer: request could not be made". */
export const PRAYER_SEND_FAILED = 'The request could not be made.';
/** The longest request and supportive message, in characters. */
export const PRAYER_MESSAGE_MAX = 2000;
export const PRAYER_NAME_MAX = 100;
/** The optional image of a request: JPEG, PNG or WebP up to 5 MB (resized on the server). */
export const PRAYER_IMAGE_MAX_BYTES = 5 * 1024 * 1024;

/** Multipart sends text: "true"/"1"/"on" are true, "false"/"0"/"off"/"" false. */
const formBoolean = (fallback: boolean) =>
  z.preprocess(
    (value) => {
      if (value === undefined || value === null) return fallback;
      if (typeof value === 'boolean') return value;
      const text = String(value).trim().toLowerCase();
      if (['true', '1', 'on'].includes(text)) return true;
      if (['false', '0', 'off', ''].includes(text)) return false;
      return value;
    },
    z.boolean({ error: 'Invalid input.' }),
  );

const messageText = z
  .string({ error: 'Required.' })
  .trim()
  .min(1, 'Required.')
  .max(PRAYER_MESSAGE_MAX, `At most ${PRAYER_MESSAGE_MAX} characters.`);

/**
 * `POST /oracao/` (multipart; the file, when sent, is the part `image`): spec §3 Prayer post.
 * `idUsuario` is the token's user, never taken from the body. A blank `nome` posts anonymously.
 */
export const prayerPostSchema = z.object({
  idIgreja: idParam,
  mensagem: messageText,
  nome: z.preprocess(
    blankToUndefined,
    z.string().trim().max(PRAYER_NAME_MAX, `At most ${PRAYER_NAME_MAX} characters.`).optional(),
  ),
  idOracaoMotivo: z.preprocess(blankToUndefined, idParam.optional()),
  flagPublicarMural: formBoolean(true),
  flagReceberLigacao: formBoolean(false),
  flagReceberVisita: formBoolean(false),
});
export type PrayerPost = z.infer<typeof prayerPostSchema>;

/** `POST /oracao/mensagem/`: spec §3 Prayer message (the author's name comes from the account). */
export const prayerMessagePostSchema = z.object({ idOracao: idParam, mensagem: messageText });
/** `POST /oracao/orar/`: spec §3 Pray. Marking twice counts once. */
export const prayPostSchema = z.object({ idOracao: idParam });
/** `DELETE /oracao/{id}` */
export const prayerDeleteParams = z.object({ id: idParam });
/** `GET /user/oracao?igreja=` and `GET /user/oracao/{id}?igreja=` */
export const ownPrayersQuery = z.object({ igreja: idParam });
export const ownPrayerParams = z.object({ id: idParam });

/** One of the member's own requests: what the wall shows plus the choices only the author sees. */
export const ownPrayerSchema = prayerItemSchema.extend({
  flagPublicarMural: z.boolean(),
  flagReceberLigacao: z.boolean(),
  flagReceberVisita: z.boolean(),
});
export type OwnPrayer = z.infer<typeof ownPrayerSchema>;

/** `POST /oracao/` answer. */
export const prayerPostResponseSchema = z.object({
  status: z.literal(true),
  message: z.string(),
  oracao: ownPrayerSchema,
});
/** `POST /oracao/mensagem/` answer. */
export const prayerMessagePostResponseSchema = z.object({
  status: z.literal(true),
  message: z.string(),
  mensagem: prayerMessageSchema,
});
/** `POST /oracao/orar/` answer: the new count; `orou` is true once this user has prayed. */
export const prayResponseSchema = z.object({
  status: z.literal(true),
  qtdeOrar: z.number().int(),
  orou: z.literal(true),
});
/** `GET /user/oracao?igreja=`: the member's active requests in that church, newest first, published or not. */
export const ownPrayersResponseSchema = z.object({ oracoes: z.array(ownPrayerSchema) });
/** `GET /user/oracao/{id}?igreja=`: one own request with its supportive messages, oldest first. */
export const ownPrayerDetailSchema = ownPrayerSchema.extend({
  mensagens: z.array(prayerMessageSchema),
});
export type OwnPrayerDetail = z.infer<typeof ownPrayerDetailSchema>;
