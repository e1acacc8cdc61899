// Play (spec §2 "/play", MOD_ASSINATURA; §3 Play; §7 Play): the read calls' requests and answers.
// A closed content's media URL is never part of these answers (spec §6): `urlMidia` is only set
// for open contents; closed ones are watched through the member-only call (docs/play.md "Who may watch").
import { z } from 'zod';
import { contentListQuery } from './content.ts';
import { idParam, slugParam } from './common.ts';
import {
  achAccountSchema,
  paymentMethodCodeSchema,
  SUBSCRIPTION_STATUSES,
  type PaymentMethodCode,
} from './payments.ts';

/** Cash and bank transfer settle by hand, outside any renewal: a subscription is paid another way. */
const NOT_FOR_SUBSCRIPTIONS: readonly PaymentMethodCode[] = [
  'dinheiro',
  'transferencia',
  'gratuito',
];
export const isSubscriptionMethod = (code: string): boolean =>
  !NOT_FOR_SUBSCRIPTIONS.includes(code as PaymentMethodCode);

export {
  SUBSCRIPTION_STATUSES,
  paymentSubscriptionSchema,
  type PaymentSubscription,
} from './payments.ts';

/** spec §8 "Play: content not found or unavailable". */
export const PLAY_NOT_FOUND = 'Content not found or unavailable.';

const blankToUndefined = (value: unknown) =>
  typeof value === 'string' && value.trim() === '' ? undefined : value;
const flag = z.preprocess(
  (v) =>
    v === 'true' || v === '1' ? true : v === 'false' || v === '0' ? false : blankToUndefined(v),
  z.boolean({ error: 'Invalid input.' }).optional(),
);

// ---- requests ----

export const playChurchParams = z.object({ slug: slugParam });
export const playIdParams = z.object({ id: idParam });

/** `GET /plano-assinatura-conteudo/?igreja&destaque&tag&coletanea&busca&page&limit` (spec §7 Play). */
export const playContentListQuery = contentListQuery
  .pick({ busca: true, page: true, limit: true })
  .extend({
    igreja: idParam,
    destaque: flag,
    tag: z.preprocess(blankToUndefined, idParam.optional()),
    coletanea: z.preprocess(blankToUndefined, idParam.optional()),
  });
export type PlayContentListQuery = z.infer<typeof playContentListQuery>;
/** `GET /plano-assinatura-conteudo/{id}/?igreja` */
export const playContentDetailQuery = z.object({ igreja: idParam.optional() }); // absent: the host's church

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
  /** Price per period, in currency units with two decimals (like every amount of the API). */
  valor: z.number(),
  /** One-off subscription contracting fee, in currency units with two decimals. */
  taxaAdesao: z.number(),
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
  /** When the member cancelled (ISO 8601): no more renewals; access stays until `pagoAte`. */
  canceladoEm: z.string().nullable(),
  /** The saved card is charged again at `pagoAte`. */
  renovacaoAutomatica: z.boolean(),
  /** The card renewals charge. */
  cartao: z.object({ bandeira: z.string(), final: z.string() }).nullable(),
  /** The currency of the plan's prices (the church's). */
  moeda: z.string(),
  /** A pending subscription's open first payment (Pix, slip…): its order code, to pay it or see it. */
  pagamentoPendente: z.string().nullable(),
  /** The plan the member switched to: charged from the next renewal on. */
  proximoPlano: playPlanSchema.nullable(),
  /** Declined renewals in a row (tried again after 1, 3 and 7 days, then the plan lapses). */
  tentativasRecusadas: z.number().int(),
  /** When the next renewal (or retry) is charged (ISO 8601); null: no renewal. */
  proximaCobranca: z.string().nullable(),
});
export type PlaySubscription = z.infer<typeof playSubscriptionSchema>;
export const playSubscriptionsResponseSchema = z.object({
  assinaturas: z.array(playSubscriptionSchema),
});

// ---- subscribing (spec §3 Play "checkout {planId, value}", §7 `POST /usuario-plano-assinatura/`) ----

/**
 * The subscription order: one more kind of `POST /pagamento/` (`tipo: "assinatura"`, contract/checkout.ts);
 * `POST /usuario-plano-assinatura/` takes the same body (`tipo` may be left out there). The first charge is
 * the plan's price plus its contracting fee (`taxaAdesao`); renewals charge the saved card.
 */
export const subscriptionBodySchema = z.object({
  tipo: z.literal('assinatura'),
  /** The church (its id): the plan must be one of its active plans. */
  igreja: idParam,
  /** spec §3 checkout planId. */
  planoAssinatura: idParam,
  /** spec §3 checkout value: what the member saw (price + contracting fee, in currency units); a different server total is refused. */
  valor: z
    .number({ error: 'Must be a number.' })
    .min(0, 'Must be zero or more.')
    .max(1_000_000, 'Too large.')
    .optional(),
  metodoPagamento: paymentMethodCodeSchema.refine(isSubscriptionMethod, {
    error: 'Not available for a subscription.',
  }),
  parcelas: z.number().int().min(1).max(12).default(1),
  /** A new card's token, or a saved card's id. */
  cartao: z
    .object({ token: z.string().min(8).max(120).optional(), idCartao: idParam.optional() })
    .optional(),
  /** Renewals charge a saved card: a new card is saved unless the member says no (then the plan lapses at the end of the period). */
  salvarCartao: z.boolean().default(true),
  ach: achAccountSchema.optional(),
  pais: z.string().trim().length(2).toUpperCase().optional(),
  chaveIdempotencia: z.string().trim().min(8).max(100).optional(),
});
export type SubscriptionBody = z.input<typeof subscriptionBodySchema>;
/** `POST /usuario-plano-assinatura/`: the same body, `tipo` optional. */
export const subscribeCallBodySchema = z.preprocess(
  (body) =>
    body && typeof body === 'object' && !Array.isArray(body) && !('tipo' in body)
      ? { ...body, tipo: 'assinatura' }
      : body,
  subscriptionBodySchema,
);

/** `GET /igreja/{slug}/plano-assinatura/{id}/calcular-taxas?metodoPagamento`: the first charge's quote (price + contracting fee). */
export const playPlanFeesParams = z.object({ slug: slugParam, id: idParam });
export const playPlanFeesQuery = z.object({ metodoPagamento: paymentMethodCodeSchema });

/** `POST /usuario-plano-assinatura/{id}/cancelar`: renewals stop; access stays until `pagoAte`. */
export const playSubscriptionCancelParams = z.object({ id: idParam });
export const playSubscriptionCancelQuery = z.object({ igreja: idParam });
export const playSubscriptionCancelResponseSchema = z.object({
  assinatura: playSubscriptionSchema,
});

/** `PUT /usuario-plano-assinatura/{id}/cartao?igreja`: the card renewals charge (a saved card's id, or a new card's token, saved). */
export const playSubscriptionCardBody = z.object({
  cartao: z
    .object({ token: z.string().min(8).max(120).optional(), idCartao: idParam.optional() })
    .refine((c) => !!(c.token || c.idCartao), { message: 'Choose a card.' }),
});
export type PlaySubscriptionCardBody = z.input<typeof playSubscriptionCardBody>;
/** `PUT /usuario-plano-assinatura/{id}/plano?igreja`: the plan charged from the next renewal on. */
export const playSubscriptionPlanBody = z.object({ planoAssinatura: idParam });
export type PlaySubscriptionPlanBody = z.input<typeof playSubscriptionPlanBody>;
