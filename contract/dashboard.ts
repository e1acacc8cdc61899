// The staff dashboard, `/admin` (docs/staff.md "First steps and what needs attention"): one call
// answers the first-steps checklist of a new church, each item ticked from what the church really
// holds, and what needs the team's attention once it runs — only the parts of the caller's areas.
import { z } from 'zod';
import { STAFF_AREA_NAMES } from './staff.ts';

/** The first steps of a new church, in the order the checklist shows them. */
export const CHECKLIST_ITEMS = [
  'identity',
  'services',
  'gateway',
  'people',
  'post',
  'team',
  'domain',
] as const;
export type ChecklistItem = (typeof CHECKLIST_ITEMS)[number];

export const checklistEntrySchema = z.object({
  item: z.enum(CHECKLIST_ITEMS),
  feito: z.boolean(),
  /** The staff area whose page does it (the caller may use it). */
  area: z.enum(STAFF_AREA_NAMES),
  /** The page that does it. */
  href: z.string(),
});
export type ChecklistEntry = z.infer<typeof checklistEntrySchema>;

const attentionEvent = z.object({
  id: z.number(),
  titulo: z.string(),
  inicio: z.string(),
  publicado: z.boolean(),
  /** Confirmed registrations. */
  inscricoes: z.number(),
  pendentes: z.number(),
});

const attentionGroup = z.object({ id: z.number(), nome: z.string(), pedidos: z.number() });

const attentionPost = z.object({
  id: z.number(),
  tipo: z.string(),
  titulo: z.string(),
  status: z.enum(['rascunho', 'agendado']),
  publicadoEm: z.string().nullable(),
});

const attentionImport = z.object({
  id: z.number(),
  tipo: z.string(),
  estado: z.string(),
  arquivo: z.string(),
  criadoEm: z.string(),
});

/** GET /admin/{slug}/painel: each part present only when the caller's roles may use its area. */
export const dashboardSchema = z.object({
  checklist: z
    .object({
      /** An admin put it away ("Hide the first steps"); the answer still ticks every item. */
      dispensado: z.boolean(),
      /** Every item of the church is done (not only those the caller sees). */
      completo: z.boolean(),
      /** May the caller put it away or bring it back (ROLE_ADMIN). */
      podeDispensar: z.boolean(),
      itens: z.array(checklistEntrySchema),
    })
    .nullable(),
  atencao: z.object({
    /** Events of the next 7 days (or happening now), with their registrations. */
    eventos: z.array(attentionEvent).optional(),
    /** Groups with join requests waiting for an answer. */
    grupos: z.array(attentionGroup).optional(),
    /** Recurring gifts paused, or active with declined tries. */
    recorrentes: z.object({ pausadas: z.number(), recusadas: z.number() }).optional(),
    /** Scheduled and draft posts (the next few), with their counts. */
    posts: z
      .object({
        agendados: z.number(),
        rascunhos: z.number(),
        itens: z.array(attentionPost),
      })
      .optional(),
    /** Imports waiting for the team: a dry run to confirm, one running, one that failed. */
    importacoes: z.array(attentionImport).optional(),
    /** Children checked in today and in the last 7 days (docs/kids.md). */
    criancas: z.object({ hoje: z.number(), semana: z.number() }).optional(),
  }),
});
export type Dashboard = z.infer<typeof dashboardSchema>;

/** PUT /admin/{slug}/painel/checklist */
export const checklistInput = z.object({ dispensado: z.boolean() });
export type ChecklistInput = z.infer<typeof checklistInput>;
