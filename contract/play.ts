// Play (spec §2 "/play", MOD_ASSINATURA; §3 Play; §7 Play): the read calls' requests and answers.
// A closed content's media URL is never part of these answers (spec §6): `urlMidia` is only set
// for open contents; closed ones are watched through the member-only call (issue 13 §5).
import { z } from 'zod';
import { contentListQuery } from './content.ts';
import { idParam, slugParam } from './common.ts';

/** spec §8 "Play: content not found or unavailable". */
export const PLAY_NOT_FOUND = 'Content not found or unavailable.';

const blankToUndefined = (value: unknown) => (typeof value === 'string' && value.trim() === '' ? undefined : value);
const flag = z.preprocess(
  (v) => (v === 'true' || v === '1' ? true : v === 'false' || v === '0' ? false : blankToUndefined(v)),
  z.boolean({ error: 'Invalid input.' }).optional(),
);

// ---- requests ----

export const playChurchParams = z.object({ slug: slugParam });
export const playIdParams = z.object({ id: idParam });

/** `GET /plano-assinatura-conteudo/?igreja&destaque&tag&coletanea&busca&page&limit` (spec §7 Play). */
export const playContentListQuery = contentListQuery.pick({ busca: true, page: true, limit: true }).extend({
  igreja: idParam,
  destaque: flag,
  tag: z.preprocess(blankToUndefined, idParam.optional()),
  coletanea: z.preprocess(blankToUndefined, idParam.optional()),
});
export type PlayContentListQuery = z.infer<typeof playContentListQuery>;
/** `GET /plano-assinatura-conteudo/{id}/?igreja` */
export const playContentDetailQuery = z.object({ igreja: idParam });

// ---- answers ----

export const CONTENT_VISIBILITIES = ['misto', 'aberto', 'fechado'] as const;

/** `GET /igreja/{slug}/plano-assinatura-configuracao/` */
export const playSettingsSchema = z.object({
  tipoVisibilidadeConteudo: z.enum(CONTENT_VISIBILITIES),
  titulo: z.string(),
  descricao: z.string(),
});
export type PlaySettings = z.infer<typeof playSettingsSchema>;

export const playPlanSchema = z.object({
  id: z.number().int(),
  nome: z.string(),
  descricao: z.string(),
  /** Price per period, in cents. */
  valor: z.number().int(),
  /** One-off subscription contracting fee, in cents. */
  taxaAdesao: z.number().int(),
  periodicidadeDias: z.number().int(),
});
export type PlayPlan = z.infer<typeof playPlanSchema>;
/** `GET /igreja/{slug}/plano-assinatura/` */
export const playPlansResponseSchema = z.object({ planos: z.array(playPlanSchema) });

export const playTagSchema = z.object({ id: z.number().int(), nome: z.string() });
export type PlayTag = z.infer<typeof playTagSchema>;
export const playCollectionSchema = z.object({
  id: z.number().int(),
  titulo: z.string(),
  descricao: z.string(),
  imagem: z.string().nullable(),
});
export type PlayCollection = z.infer<typeof playCollectionSchema>;

/** One content as cards and lists show it: never a media URL. */
export const playContentSchema = z.object({
  id: z.number().int(),
  titulo: z.string(),
  descricao: z.string(),
  imagem: z.string().nullable(),
  duracaoSegundos: z.number().int(),
  /** false: closed, needs an active subscription (spec §6). */
  aberto: z.boolean(),
  destaque: z.boolean(),
  coletanea: playCollectionSchema.pick({ id: true, titulo: true }).nullable(),
  tags: z.array(playTagSchema),
  /** ISO 8601. */
  publicadoEm: z.string(),
});
export type PlayContent = z.infer<typeof playContentSchema>;

/** `GET /plano-assinatura-conteudo/` */
export const playContentListResponseSchema = z.object({
  conteudos: z.array(playContentSchema),
  total: z.number().int(),
  page: z.number().int(),
  limit: z.number().int(),
});
export type PlayContentList = z.infer<typeof playContentListResponseSchema>;

/** `GET /plano-assinatura-conteudo/{id}/`: `urlMidia` only for open contents (spec §6). */
export const playContentDetailSchema = playContentSchema.extend({
  urlMidia: z.string().nullable(),
  temLegenda: z.boolean(),
});
export type PlayContentDetail = z.infer<typeof playContentDetailSchema>;

/** `GET /igreja/{slug}/plano-assinatura-home/`: featured contents, then one row per home tag. */
export const playHomeSchema = z.object({
  destaques: z.array(playContentSchema),
  tags: z.array(playTagSchema.extend({ conteudos: z.array(playContentSchema) })),
  coletaneas: z.array(playCollectionSchema),
});
export type PlayHome = z.infer<typeof playHomeSchema>;

// ---- member calls (spec §7 Play): my list and my subscriptions ----

/** `GET /usuario-plano-assinatura-conteudo/?usuario&igreja` */
export const playMyListQuery = z.object({ usuario: idParam, igreja: idParam });
/** `POST /usuario-plano-assinatura-conteudo/?planoAssinaturaConteudo&igreja&usuario` */
export const playMyListAddQuery = playMyListQuery.extend({ planoAssinaturaConteudo: idParam });
/** `GET /usuario/{id}/usuario-plano-assinatura/?igreja` */
export const playSubscriptionsParams = z.object({ id: idParam });
export const playSubscriptionsQuery = z.object({ igreja: idParam });

export const playMyListItemSchema = z.object({ id: z.number().int(), conteudo: playContentSchema });
export type PlayMyListItem = z.infer<typeof playMyListItemSchema>;
export const playMyListResponseSchema = z.object({ itens: z.array(playMyListItemSchema) });

export const SUBSCRIPTION_STATUSES = ['pendente', 'ativo', 'cancelado', 'expirado'] as const;
/** spec §3: a subscription with `status.situacao`; only 'ativo' counts as subscribed. */
export const playSubscriptionSchema = z.object({
  id: z.number().int(),
  codigo: z.string(),
  /** ISO 8601. */
  dataAssinatura: z.string(),
  /** End of the paid period (ISO 8601), when paid. */
  pagoAte: z.string().nullable(),
  status: z.object({ situacao: z.enum(SUBSCRIPTION_STATUSES) }),
  plano: playPlanSchema,
});
export type PlaySubscription = z.infer<typeof playSubscriptionSchema>;
export const playSubscriptionsResponseSchema = z.object({ assinaturas: z.array(playSubscriptionSchema) });
