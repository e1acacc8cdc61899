// Reading plans (spec §2 /reading-plans and /embed/reading-plans, §4 "Reading plan: start, reset,
// delete"). The spec shows no call, so these follow the house style (`GET /igreja/{slug}/…`,
// Portuguese field names). A church's plans are public (Discover); a member's subscription and
// progress need their bearer token and are theirs only.
import { z } from 'zod';
import { bibleVerseSchema, bibleVersionSchema } from './bible.ts';
import { idParam, slugParam } from './common.ts';

export const planLanguageSchema = z.enum(['pt', 'en', 'es']);

/** A plan as Discover lists it. */
export const planSummarySchema = z.object({
  uuid: z.string(),
  nome: z.string(),
  descricao: z.string(),
  /** Language of the plan: its passages are read in that language's Bible text. */
  idioma: planLanguageSchema,
  dias: z.number().int(),
});
export type PlanSummary = z.infer<typeof planSummarySchema>;

/** One passage: a whole chapter. */
export const planPassageSchema = z.object({
  livro: z.string(),
  nomeLivro: z.string(),
  capitulo: z.number().int(),
  /** e.g. "Salmos 23", in the plan's language. */
  referencia: z.string(),
});
export type PlanPassage = z.infer<typeof planPassageSchema>;

export const planDaySchema = z.object({
  dia: z.number().int(),
  passagens: z.array(planPassageSchema),
});
export type PlanDay = z.infer<typeof planDaySchema>;

/** `GET /igreja/{slug}/plano-leitura/` */
export const plansListResponseSchema = z.object({ planos: z.array(planSummarySchema) });
/** `GET /igreja/{slug}/plano-leitura/{uuid}/`: the plan and every day's passages. */
export const planDetailResponseSchema = z.object({
  plano: planSummarySchema,
  dias: z.array(planDaySchema),
});
export type PlanDetail = z.infer<typeof planDetailResponseSchema>;

/**
 * `GET /igreja/{slug}/plano-leitura/{uuid}/dia/{dia}/`: the day's passages with their text when
 * a translation in the plan's language is bundled (`textoDisponivel`); otherwise `versiculos` is
 * null and the reader sees the reference and a note.
 */
export const planReadingResponseSchema = z.object({
  dia: z.number().int(),
  passagens: z.array(
    planPassageSchema.extend({ versiculos: z.array(bibleVerseSchema).nullable() }),
  ),
  versao: bibleVersionSchema.nullable(),
  textoDisponivel: z.boolean(),
});
export type PlanReading = z.infer<typeof planReadingResponseSchema>;

/** A member following a plan. Day n is due on dataInicio + n-1 days. */
export const subscriptionSchema = z.object({
  uuid: z.string(),
  plano: planSummarySchema,
  /** YYYY-MM-DD */
  dataInicio: z.string(),
  /** ISO 8601, once every day is read. */
  dataConclusao: z.string().nullable(),
  diasLidos: z.array(z.number().int()),
  /** The day due today (1…dias). */
  diaHoje: z.number().int(),
  /** Unread days due before today: "catch me up" moves them forward. */
  atrasados: z.number().int(),
  /** The first unread day; null when all are read. */
  proximoDia: z.number().int().nullable(),
  /** 0–100 */
  progresso: z.number().int(),
  concluido: z.boolean(),
});
export type Subscription = z.infer<typeof subscriptionSchema>;

/** `GET /igreja/{slug}/plano-leitura-inscricao/`: the member's plans, in progress and completed. */
export const subscriptionsResponseSchema = z.object({ inscricoes: z.array(subscriptionSchema) });
/** Every subscription call answers the subscription as it is now. */
export const subscriptionResponseSchema = z.object({
  status: z.literal(true),
  message: z.string().optional(),
  inscricao: subscriptionSchema,
});
export const subscriptionDeleteResponseSchema = z.object({
  status: z.literal(true),
  message: z.string(),
});

// ---- requests ----

export const planChurchParams = z.object({ slug: slugParam });
export const planParams = z.object({ slug: slugParam, uuid: z.uuid({ error: 'Invalid input.' }) });
export const planDayParams = planParams.extend({
  dia: z.coerce
    .number({ error: 'Must be a number.' })
    .int('Must be a whole number.')
    .min(1, 'Must be 1 or more.')
    .max(1000, 'Too large.'),
});
/** `?hoje=YYYY-MM-DD`: the member's own date (their time zone); at most a day from the server's. */
export const planTodayQuery = z.object({
  hoje: z
    .string()
    .regex(/^\d{4}-\d{2}-\d{2}$/, 'Invalid input.')
    .optional(),
});
export const planIdParam = idParam;
