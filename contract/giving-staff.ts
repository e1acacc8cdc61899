// The staff area's giving calls (docs/staff.md "Giving"): the treasurer's reasons and settings,
// the gifts with their filters, totals and CSV (one filter, one query: the numbers always add up),
// refunds through the one payment pipeline, recurring gifts and the yearly statement batch.
import { z } from 'zod';
import { idParam, pageNumber } from './common.ts';
import { paymentMethodCodeSchema, paymentStatusSchema } from './payments.ts';

export const STAFF_GIFTS_PAGE_SIZE = 25;
export const REASON_NAME_MAX = 80;
export const REASON_DESCRIPTION_MAX = 300;

const CONTROL = /^[^\u0000-\u0008\u000b\u000c\u000e-\u001f\u007f]*$/;
const day = z
  .string()
  .trim()
  .regex(/^\d{4}-\d{2}-\d{2}$/, 'staff.giving.badDate')
  .refine((v) => !Number.isNaN(Date.parse(`${v}T00:00:00Z`)), 'staff.giving.badDate');

/** A reason as the treasurer sees it (inactive ones too). */
export const staffReasonSchema = z.object({
  id: z.number(),
  nome: z.string(),
  descricao: z.string().nullable(),
  flagRecorrencia: z.boolean(),
  flagAtivo: z.boolean(),
  ordem: z.number(),
});
export type StaffReason = z.infer<typeof staffReasonSchema>;

export const givingSettingsSchema = z.object({
  /** spec §5: a gift must be greater than this (currency units). */
  valorMinimo: z.number(),
  flagDoacaoOnline: z.boolean(),
  flagVisitante: z.boolean(),
  flagRecorrencia: z.boolean(),
});
export type GivingSettings = z.infer<typeof givingSettingsSchema>;

/** GET /admin/{slug}/doacao/motivos */
export const staffReasonsSchema = z.object({
  motivos: z.array(staffReasonSchema),
  configuracao: givingSettingsSchema,
  moeda: z.string(),
});
export type StaffReasons = z.infer<typeof staffReasonsSchema>;

/** POST /doacao/motivos · PUT /doacao/motivos/{id} */
export const reasonInput = z.object({
  nome: z
    .string({ error: 'Required.' })
    .trim()
    .min(1, 'Required.')
    .max(REASON_NAME_MAX, 'staff.giving.tooLong')
    .regex(CONTROL, 'Invalid input.'),
  descricao: z.preprocess(
    (v) => (typeof v === 'string' && v.trim() === '' ? null : v),
    z
      .string()
      .trim()
      .max(REASON_DESCRIPTION_MAX, 'staff.giving.tooLong')
      .regex(CONTROL, 'Invalid input.')
      .nullable()
      .default(null),
  ),
  flagRecorrencia: z.boolean().default(false),
  flagAtivo: z.boolean().default(true),
});
export type ReasonInput = z.input<typeof reasonInput>;

/**
 * POST /doacao/motivos/{id}/juntar: the reason's gifts and recurring gifts move to `destino`,
 * which they are then shown under; the reason itself goes (an imported "Dízimos" into "Dízimo").
 */
export const reasonMergeInput = z.object({ destino: idParam });
export type ReasonMergeInput = z.infer<typeof reasonMergeInput>;

/** PUT /doacao/motivos-ordem: every reason of the church once, in the new order. */
export const reasonOrderInput = z.object({ ids: z.array(idParam).min(1).max(200) });

/** PUT /doacao/configuracao */
export const givingSettingsInput = z.object({
  valorMinimo: z
    .number({ error: 'Must be a number.' })
    .min(0, 'Must be zero or more.')
    .max(100_000, 'Too large.')
    .refine((v) => Math.abs(v * 100 - Math.round(v * 100)) < 1e-6, 'give.decimals'),
  flagDoacaoOnline: z.boolean(),
  flagVisitante: z.boolean(),
  flagRecorrencia: z.boolean(),
});
export type GivingSettingsInput = z.input<typeof givingSettingsInput>;

/** The filters of the gifts list, the dashboard and the CSV: the same filters, the same gifts. */
export const giftFilters = z
  .object({
    /** First and last day (yyyy-mm-dd, inclusive), in the church's calendar (UTC dates). */
    de: day.optional(),
    ate: day.optional(),
    motivo: idParam.optional(),
    metodo: paymentMethodCodeSchema.optional(),
    status: paymentStatusSchema.optional(),
  })
  .refine((f) => !f.de || !f.ate || f.de <= f.ate, {
    message: 'staff.giving.endBeforeStart',
    path: ['ate'],
  });
export type GiftFilters = z.output<typeof giftFilters>;

export const giftsQuery = z.intersection(
  giftFilters,
  z.object({ page: pageNumber(100_000, 'Too large.').default(1) }),
);

export const staffGiftSchema = z.object({
  id: z.number(),
  codigo: z.string(),
  data: z.string(),
  doador: z.object({ id: z.number().nullable(), nome: z.string(), email: z.string().nullable() }),
  metodo: z.string(),
  status: paymentStatusSchema,
  /** The gift's lines within the reason filter (the amount the totals add). */
  valor: z.number(),
  itens: z.array(z.object({ idMotivo: z.number(), motivo: z.string(), valor: z.number() })),
  recorrente: z.boolean(),
  /** An outside gift brought by an import (docs/staff.md "Moving in"): never charged here. */
  importada: z.boolean(),
  /** Approved gifts can be refunded (not outside gifts: they were never charged here). */
  estornavel: z.boolean(),
});
export type StaffGift = z.infer<typeof staffGiftSchema>;

/** GET /doacao/doacoes */
export const staffGiftsPageSchema = z.object({
  doacoes: z.array(staffGiftSchema),
  total: z.number(),
  page: z.number(),
  totalPages: z.number(),
  /** The sum of every gift the filters match (all pages). */
  soma: z.number(),
  moeda: z.string(),
  /** The church's clock, in which the filter's days are counted and a gift's day is written (docs/giving.md "Which clock"). */
  fusoHorario: z.string(),
});
export type StaffGiftsPage = z.infer<typeof staffGiftsPageSchema>;

/** GET /doacao/resumo: totals of the same gifts by period (day or month), reason and method. */
export const givingSummarySchema = z.object({
  total: z.number(),
  quantidade: z.number(),
  moeda: z.string(),
  agrupamento: z.enum(['dia', 'mes']),
  porPeriodo: z.array(z.object({ periodo: z.string(), valor: z.number() })),
  porMotivo: z.array(z.object({ id: z.number(), nome: z.string(), valor: z.number() })),
  porMetodo: z.array(z.object({ metodo: z.string(), valor: z.number() })),
});
export type GivingSummary = z.infer<typeof givingSummarySchema>;

/** POST /doacao/doacoes/{codigo}/estorno */
export const giftCodeParams = z.object({
  codigo: z
    .string()
    .trim()
    .regex(/^[A-Za-z0-9-]{4,40}$/, 'Invalid input.'),
});

/** A recurring gift's state for the staff: `falhando` is active with declined tries. */
export const RECURRING_STATES = ['ativa', 'falhando', 'pausada', 'cancelada'] as const;
export const recurringQuery = z.object({
  estado: z.enum(RECURRING_STATES).optional(),
  page: pageNumber(100_000, 'Too large.').default(1),
});
export const staffRecurringSchema = z.object({
  id: z.number(),
  doador: z.object({ id: z.number(), nome: z.string(), email: z.string() }),
  motivo: z.string(),
  valor: z.number(),
  recorrenciaDias: z.number(),
  estado: z.enum(RECURRING_STATES),
  proximaCobranca: z.string().nullable(),
  tentativasFalhas: z.number(),
});
export const staffRecurringPageSchema = z.object({
  recorrentes: z.array(staffRecurringSchema),
  total: z.number(),
  page: z.number(),
  totalPages: z.number(),
  moeda: z.string(),
});
export type StaffRecurringPage = z.infer<typeof staffRecurringPageSchema>;

/** POST /doacao/extratos { ano } · GET /doacao/extratos */
export const statementBatchInput = z.object({
  ano: z
    .number({ error: 'Must be a number.' })
    .int('Must be a whole number.')
    .min(2000, 'staff.giving.badYear')
    .max(2100, 'staff.giving.badYear'),
});
export const statementBatchSchema = z.object({
  id: z.number(),
  ano: z.number(),
  status: z.enum(['enviando', 'concluido']),
  total: z.number(),
  enviados: z.number(),
  criadoEm: z.string(),
  concluidoEm: z.string().nullable(),
});
export type StatementBatch = z.infer<typeof statementBatchSchema>;
export const statementBatchesSchema = z.object({ lotes: z.array(statementBatchSchema) });

export const reasonIdParams = z.object({ id: idParam });
