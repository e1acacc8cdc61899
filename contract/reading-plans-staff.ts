// The staff area's reading plans (docs/staff.md "Reading plans"): a plan's name, language and
// days — each day's Bible references typed as people write them ("Gn 1; Gn 2", "Salmos 1-3"),
// checked on the server by the one reference parser — with an optional note; publish/unpublish.
// Field messages are `staff.plans.*` keys (contract/messages/staff-worship.ts).
import './common.ts'; // zod's browser setting comes before any schema
import { z } from 'zod';
import { planLanguageSchema } from './reading-plans.ts';

const text = (max: number) =>
  z.string({ error: 'v.required' }).trim().max(max, { error: 'staff.plans.tooLong' });

export const MAX_PLAN_DAYS = 400;

export const idParams = z.object({ id: z.coerce.number().int().min(1).max(2_147_483_647) });

/** A day as typed: references separated by `;` or new lines, and an optional note. */
export const planDayInput = z.object({
  referencias: text(500).min(1, { error: 'staff.plans.noReference' }),
  nota: text(500)
    .optional()
    .nullable()
    .transform((v) => (v ? v : null)),
});

/** POST /plano-leitura and PUT /plano-leitura/{id}. */
export const planInput = z.object({
  nome: text(120).min(1, { error: 'v.required' }),
  descricao: text(1000).default(''),
  idioma: planLanguageSchema,
  dias: z
    .array(planDayInput)
    .min(1, { error: 'staff.plans.noDays' })
    .max(MAX_PLAN_DAYS, { error: 'staff.plans.tooManyDays' }),
});
export type PlanInput = z.input<typeof planInput>;

/** PUT /plano-leitura/{id}/publicacao */
export const planPublishInput = z.object({ publicado: z.boolean() });

export const staffPlanSummarySchema = z.object({
  id: z.number(),
  uuid: z.string(),
  nome: z.string(),
  idioma: planLanguageSchema,
  dias: z.number(),
  publicado: z.boolean(),
});
export type StaffPlanSummary = z.infer<typeof staffPlanSummarySchema>;
export const staffPlansSchema = z.object({ planos: z.array(staffPlanSummarySchema) });

export const staffPlanSchema = staffPlanSummarySchema.extend({
  descricao: z.string(),
  /** Each day's references written back in the plan's language ("Gênesis 1; Gênesis 2"). */
  diasPlano: z.array(
    z.object({ dia: z.number(), referencias: z.string(), nota: z.string().nullable() }),
  ),
});
export type StaffPlan = z.infer<typeof staffPlanSchema>;
