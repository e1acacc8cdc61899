// Giving (MOD_DOACAO): the reasons call of spec §7 (GET /igreja/{slug}/pagamento-motivo/?doacao=true),
// the donation order of POST /pagamento/ (spec §3 Give checkout), the captcha, recurring gifts,
// history and the yearly statement. Money on the wire is in currency units with two decimals.
import { z } from 'zod';
import { idParam, slugParam } from './common.ts';
import {
  achAccountSchema,
  paymentMethodCodeSchema,
  paymentSchema,
  paymentStatusSchema,
} from './payments.ts';

const flag = z.enum(['true', 'false', '1', '0']).transform((v) => v === 'true' || v === '1');

import { GIVE_DEFAULTS, MAX_REASONS_PER_GIFT } from './giving-rules.ts';
import { captchaAnswerSchema, visitorSchema } from './visitor.ts';

export { GIVE_DEFAULTS, MAX_REASONS_PER_GIFT, PICPAY_MAX_CENTS } from './giving-rules.ts';

/** A gift amount: a number (not text), positive, at most two decimals. */
export const giftAmount = z
  .number({ error: 'Must be a number.' })
  .positive({ error: 'Must be a positive number.' })
  .max(1_000_000, { error: 'Too large.' })
  .refine((v) => Math.abs(v * 100 - Math.round(v * 100)) < 1e-6, { error: 'give.decimals' });

// ---- reasons ----

export const reasonsParams = z.object({ slug: slugParam });
export const reasonsQuery = z.object({ doacao: flag.optional() });
export const reasonSchema = z.object({
  id: z.number().int(),
  nome: z.string(),
  descricao: z.string().nullable(),
  /** spec §5: recurrence only for reasons the church authorised. */
  flagRecorrencia: z.boolean(),
});
export type Reason = z.infer<typeof reasonSchema>;
export const reasonsResponseSchema = z.object({
  motivos: z.array(reasonSchema),
  /** false: the church does not take gifts online (spec §8). */
  flagDoacaoOnline: z.boolean(),
  /** Visitors may give without an account. */
  flagVisitante: z.boolean(),
  /** spec §3 allowRecurrency. */
  allowRecurrency: z.boolean(),
  /** A visitor gives with a CPF (pt churches). */
  flagCpf: z.boolean(),
  /** The church's methods a visitor may use (a card needs an account). */
  metodosVisitante: z.array(paymentMethodCodeSchema),
  moeda: z.string(),
});
export type ReasonsResponse = z.infer<typeof reasonsResponseSchema>;

/** GET /igreja/{slug}/doacao/calcular-taxas?valor&metodoPagamento&flagUsuarioTaxa */
export const giftFeesQuery = z.object({
  valor: z.coerce
    .number({ error: 'Must be a number.' })
    .min(0, 'Must be zero or more.')
    .max(1_000_000, 'Too large.'),
  metodoPagamento: paymentMethodCodeSchema,
  flagUsuarioTaxa: flag.default(false),
});

// ---- captcha ----

export const captchaResponseSchema = z.object({
  /** Signed, expiring, single-use: send it back with the answer. */
  token: z.string(),
  /** Proof of work (ALTCHA's scheme): find n in 0..maxNumero with hex SHA-256(salt + n) = desafio; n is the answer. */
  algoritmo: z.literal('SHA-256'),
  salt: z.string(),
  desafio: z.string(),
  maxNumero: z.number().int(),
  expiraEm: z.string(),
});
export type CaptchaWire = z.infer<typeof captchaResponseSchema>;
export { captchaAnswerSchema }; // contract/visitor.ts: a visitor's tickets ask the same

// ---- the donation order of POST /pagamento/ ----

export { visitorSchema };

export const donationBodySchema = z.object({
  tipo: z.literal('doacao'),
  /** The church given to (its id): the order is checked against it, never against the body's reasons alone. */
  igreja: idParam,
  motivos: z
    .array(z.object({ motivo: idParam, valor: giftAmount }))
    .min(1, 'Choose one of the reasons.')
    .max(MAX_REASONS_PER_GIFT, 'give.maxReasons'),
  flagUsuarioTaxa: z.boolean().default(GIVE_DEFAULTS.flagUsuarioTaxa),
  /** Repeat this gift every recorrenciaDias days (spec §3, §9). */
  recorrencia: z.boolean().default(false),
  recorrenciaDias: z
    .number({ error: 'Must be a number.' })
    .int('Must be a whole number.')
    .min(1, 'Must be 1 or more.')
    .max(366, 'Too large.')
    .default(GIVE_DEFAULTS.recorrenciaDias),
  metodoPagamento: paymentMethodCodeSchema,
  parcelas: z.number().int().min(1).max(12).default(1),
  cartao: z
    .object({ token: z.string().min(8).max(120).optional(), idCartao: idParam.optional() })
    .optional(),
  salvarCartao: z.boolean().default(GIVE_DEFAULTS.salvarCartao),
  ach: achAccountSchema.optional(),
  pais: z.string().trim().length(2).toUpperCase().optional(),
  chaveIdempotencia: z.string().trim().min(8).max(100).optional(),
  /** A gift without an account: who gives, and the captcha they solved. */
  visitante: visitorSchema.optional(),
  captcha: captchaAnswerSchema.optional(),
});
export type DonationBody = z.input<typeof donationBodySchema>;

// ---- recurring gifts ----

export const recurringGiftSchema = z.object({
  id: z.number().int(),
  motivo: z.object({ id: z.number().int(), nome: z.string() }),
  valor: z.number(),
  moeda: z.string(),
  recorrenciaDias: z.number().int(),
  flagUsuarioTaxa: z.boolean(),
  status: z.enum(['ativa', 'pausada', 'cancelada']),
  /** yyyy-mm-dd of the next charge. */
  proximaCobranca: z.string(),
  tentativasFalhas: z.number().int(),
  cartao: z.object({ id: z.number().int(), bandeira: z.string(), final: z.string() }).nullable(),
  /** The last charge was declined because the bank wants the donor there: POST …/confirmar. */
  confirmacaoPendente: z.boolean(),
  dataCadastro: z.string(),
});
export type RecurringGift = z.infer<typeof recurringGiftSchema>;
export const recurringGiftsResponseSchema = z.object({
  doacoesRecorrentes: z.array(recurringGiftSchema),
});
export const recurringGiftResponseSchema = z.object({ doacaoRecorrente: recurringGiftSchema });

export const userChurchParams = z.object({ userId: idParam });
export const churchQuery = z.object({ igreja: idParam });
export const recurringParams = z.object({ userId: idParam, id: idParam });
/** POST /usuario/{userId}/doacao-recorrente/{id}/confirmar?igreja= answers a PaymentResponse. */
export const recurringConfirmQuery = z.object({ igreja: idParam });
export const recurringActionParams = z.object({
  userId: idParam,
  id: idParam,
  acao: z.enum(['pausar', 'retomar', 'cancelar'], { error: 'Unknown action.' }),
});
/** PUT: change amount, reason, day or card. */
export const recurringUpdateSchema = z.object({
  valor: giftAmount.optional(),
  motivo: idParam.optional(),
  recorrenciaDias: z
    .number({ error: 'Must be a number.' })
    .int('Must be a whole number.')
    .min(1, 'Must be 1 or more.')
    .max(366, 'Too large.')
    .optional(),
  /** yyyy-mm-dd of the next charge (today or later). */
  proximaCobranca: z
    .string()
    .regex(/^\d{4}-\d{2}-\d{2}$/, 'Invalid input.')
    .optional(),
  idCartao: idParam.optional(),
});

// ---- history and statement ----

export const giftLineSchema = z.object({
  idMotivo: z.number().int(),
  motivo: z.string(),
  valor: z.number(),
});
export const giftSchema = z.object({
  codigo: z.string(),
  status: paymentStatusSchema,
  metodoPagamento: paymentMethodCodeSchema,
  moeda: z.string(),
  valor: z.number(),
  taxas: z.number(),
  valorTotal: z.number(),
  itens: z.array(giftLineSchema),
  recorrente: z.boolean(),
  /** An outside gift brought by an import (docs/staff.md "Moving in"): never charged here. */
  importada: z.boolean(),
  dataCadastro: z.string(),
  pagoEm: z.string().nullable(),
});
export type Gift = z.infer<typeof giftSchema>;
export const historyQuery = z.object({
  igreja: idParam,
  ano: z.coerce.number().int('Must be a whole number.').min(2000).max(2100).optional(),
});
export const historyResponseSchema = z.object({
  doacoes: z.array(giftSchema),
  /** The church's clock, in which a gift's day and year are counted (docs/giving.md "Which clock"). */
  fusoHorario: z.string(),
});
export type HistoryResponse = z.infer<typeof historyResponseSchema>;

export const statementQuery = z.object({
  igreja: idParam,
  ano: z.coerce
    .number({ error: 'Must be a number.' })
    .int('Must be a whole number.')
    .min(2000)
    .max(2100),
});
export const statementResponseSchema = z.object({
  ano: z.number().int(),
  igreja: z.object({
    nome: z.string(),
    cidade: z.string().nullable(),
    documento: z.string().nullable(),
  }),
  doador: z.object({ nome: z.string(), email: z.string(), cpf: z.string().nullable() }),
  moeda: z.string(),
  /** Approved gifts of the year only. */
  doacoes: z.array(giftSchema),
  totaisPorMotivo: z.array(z.object({ motivo: z.string(), valor: z.number() })),
  total: z.number(),
  emitidoEm: z.string(),
  /** The church's clock, in which the year and each gift's day are counted (docs/giving.md "Which clock"). */
  fusoHorario: z.string(),
});
export type Statement = z.infer<typeof statementResponseSchema>;

/** A visitor's receipt page: GET /pagamento/{codigo}/recibo?chave= */
export const receiptQuery = z.object({ chave: z.string().trim().min(16).max(100) });

export type DonationPayment = z.infer<typeof paymentSchema>;
