// Volunteer teams and rotas in the staff area (docs/volunteers.md), area `teams`: ROLE_ADMIN, and
// a team's leaders for their own team (checked in the service). Team → position → plan (a service
// date or an event) → assignment (asked → accepted / declined; checked in; no-show).
import { z } from 'zod';
import { idParam } from './common.ts';

const text = (max: number) =>
  z
    .string({ error: 'Invalid input.' })
    .trim()
    .max(max, 'teams.tooLong')
    .regex(/^[^\u0000\ud800-\udfff]*$/, 'Invalid characters.');
const optionalText = (max: number) =>
  z.preprocess(
    (v) => (typeof v === 'string' && v.trim() === '' ? null : v),
    text(max).nullable().default(null),
  );
export const isoDate = z
  .string({ error: 'Invalid input.' })
  .regex(/^\d{4}-\d{2}-\d{2}$/, 'teams.badDate')
  .refine((s) => !Number.isNaN(Date.parse(`${s}T00:00:00Z`)), 'teams.badDate');

export const TEAM_KINDS = ['geral', 'louvor', 'porta'] as const;
export const ASSIGNMENT_STATES = ['pedida', 'aceita', 'recusada'] as const;

export const teamParams = z.object({ id: idParam });
export const positionParams = z.object({ id: idParam, positionId: idParam });
export const memberParams = z.object({ id: idParam, userId: idParam });
export const planParams = z.object({ id: idParam, planId: idParam });
export const assignmentParams = z.object({ id: idParam, planId: idParam, assignmentId: idParam });
export const swapDecisionParams = z.object({ id: idParam, planId: idParam, swapId: idParam });

export const SWAP_STATES = ['aberta', 'aguardando', 'feita', 'recusada', 'cancelada'] as const;

/** POST …/escalas/{planId}/trocas/{swapId}: a leader approves or refuses a swap waiting for them. */
export const swapDecisionInput = z.object({
  aprovar: z.boolean({ error: 'Invalid input.' }),
});

/** POST /admin/{slug}/equipes, PUT /admin/{slug}/equipes/{id} */
export const teamInput = z.object({
  nome: text(80).min(1, 'Required.'),
  descricao: optionalText(500),
  tipo: z.enum(TEAM_KINDS, { error: 'teams.badKind' }).default('geral'),
  /** Swaps between volunteers wait for a leader's yes. */
  trocaComAprovacao: z.boolean({ error: 'Invalid input.' }).default(false),
});
export type TeamInput = z.output<typeof teamInput>;

/** POST /admin/{slug}/equipes/{id}/posicoes, PUT …/posicoes/{positionId}: `quantidade` is the weekly template. */
export const positionInput = z.object({
  nome: text(60).min(1, 'Required.'),
  quantidade: z.coerce
    .number({ error: 'Must be a number.' })
    .int({ error: 'Must be a whole number.' })
    .min(0, 'teams.badCount')
    .max(50, 'teams.badCount')
    .default(1),
});
export type PositionInput = z.output<typeof positionInput>;

/** GET /admin/{slug}/equipes-pessoas?busca: church members for the member picker. */
export const peopleQuery = z.object({
  busca: z.string().trim().min(1, 'Required.').max(100, 'teams.tooLong'),
});

/** POST /admin/{slug}/equipes/{id}/membros; PUT …/membros/{userId} (lider, or approve a request). */
export const memberInput = z.object({
  idUsuario: idParam,
  lider: z.boolean({ error: 'Invalid input.' }).default(false),
});
export const memberUpdateInput = z.object({
  lider: z.boolean({ error: 'Invalid input.' }).optional(),
  aprovar: z.literal(true, { error: 'Invalid input.' }).optional(),
});

/** POST /admin/{slug}/equipes/{id}/escalas: the plans of a weekly service for the next weeks, or one event's plan. */
export const planInput = z.union([
  z.object({
    idCulto: idParam,
    semanas: z.coerce
      .number({ error: 'Must be a number.' })
      .int({ error: 'Must be a whole number.' })
      .min(1, 'teams.badWeeks')
      .max(26, 'teams.badWeeks')
      .default(4),
    /** The first day to look from (default today). */
    desde: isoDate.optional(),
  }),
  z.object({ idEvento: idParam }),
]);
export type PlanInput = z.output<typeof planInput>;

/** PUT …/escalas/{planId}: the notes and how many each position needs in this plan. */
export const planUpdateInput = z.object({
  observacao: optionalText(2000),
  posicoes: z
    .array(
      z.object({
        idPosicao: idParam,
        quantidade: z.coerce
          .number({ error: 'Must be a number.' })
          .int({ error: 'Must be a whole number.' })
          .min(0, 'teams.badCount')
          .max(50, 'teams.badCount'),
      }),
    )
    .max(100)
    .optional(),
});

/** POST …/escalas/{planId}/pessoas: schedules a person (the e-mail asks them). */
export const assignInput = z.object({
  /** The plan's position (escala_posicao id). */
  idPosicao: idParam,
  idUsuario: idParam,
});

/** POST …/escalas/{planId}/pessoas/{assignmentId}/presenca */
export const checkInInput = z.object({
  presente: z.boolean({ error: 'Invalid input.' }),
});

/** GET /admin/{slug}/equipes/relatorio?mes=YYYY-MM (&formato=csv) */
export const reportQuery = z.object({
  mes: z
    .string({ error: 'Invalid input.' })
    .regex(/^\d{4}-(0[1-9]|1[0-2])$/, 'teams.badMonth')
    .optional(),
  formato: z.enum(['json', 'csv'], { error: 'Invalid input.' }).default('json'),
});

const person = z.object({ id: z.number(), nome: z.string(), email: z.string() });

export const teamSummarySchema = z.object({
  id: z.number(),
  nome: z.string(),
  descricao: z.string().nullable(),
  tipo: z.enum(TEAM_KINDS),
  membros: z.number(),
  pedidos: z.number(),
  posicoes: z.array(z.object({ id: z.number(), nome: z.string(), quantidade: z.number() })),
  /** The caller leads it (a leader sees and runs their own teams only). */
  lidero: z.boolean(),
  trocaComAprovacao: z.boolean(),
});
export type TeamSummary = z.infer<typeof teamSummarySchema>;

export const planSummarySchema = z.object({
  id: z.number(),
  titulo: z.string(),
  data: z.string(),
  horario: z.string(),
  idEvento: z.number().nullable(),
  precisa: z.number(),
  preenchidas: z.number(),
  recusadas: z.number(),
  /** Asked and not answered yet, accepted, and places nobody holds. */
  pedidas: z.number(),
  aceitas: z.number(),
  abertas: z.number(),
});
export type PlanSummary = z.infer<typeof planSummarySchema>;

export const teamDetailSchema = teamSummarySchema.extend({
  pessoas: z.array(person.extend({ lider: z.boolean(), estado: z.enum(['ativo', 'pedido']) })),
  escalas: z.array(planSummarySchema),
  cultos: z.array(
    z.object({ id: z.number(), titulo: z.string(), diaSemana: z.number(), horario: z.string() }),
  ),
  /** The church's next events, for an event's plan. */
  eventos: z.array(z.object({ id: z.number(), titulo: z.string(), inicio: z.string() })),
});
export type TeamDetail = z.infer<typeof teamDetailSchema>;

export const assignmentSchema = z.object({
  id: z.number(),
  pessoa: person,
  estado: z.enum(ASSIGNMENT_STATES),
  presenca: z.string().nullable(),
  falta: z.boolean(),
});
export type Assignment = z.infer<typeof assignmentSchema>;

/** A team member seen from one plan: can they serve, and how much have they served. */
export const candidateSchema = person.extend({
  bloqueado: z.boolean(),
  /** Another live assignment at the same day and time (another team or position). */
  conflito: z.string().nullable(),
  /** Already in this plan. */
  nestaEscala: z.boolean(),
  ultimaVez: z.string().nullable(),
  vezes: z.number(),
});
export type Candidate = z.infer<typeof candidateSchema>;

/** A swap seen from its plan by a leader. */
export const planSwapSchema = z.object({
  id: z.number(),
  idEscalaPessoa: z.number(),
  posicao: z.string(),
  estado: z.enum(SWAP_STATES),
  pedidaPor: z.string(),
  /** The named member asked; null: the whole team. */
  para: z.string().nullable(),
  tomadaPor: z.string().nullable(),
});
export type PlanSwap = z.infer<typeof planSwapSchema>;

export const planDetailSchema = z.object({
  id: z.number(),
  equipe: z.object({ id: z.number(), nome: z.string(), tipo: z.enum(TEAM_KINDS) }),
  titulo: z.string(),
  data: z.string(),
  horario: z.string(),
  observacao: z.string().nullable(),
  idEvento: z.number().nullable(),
  idRepertorio: z.number().nullable(),
  posicoes: z.array(
    z.object({
      id: z.number(),
      idPosicao: z.number(),
      nome: z.string(),
      quantidade: z.number(),
      pessoas: z.array(assignmentSchema),
      /** Open places: needed minus those asked or accepted. */
      abertas: z.number(),
    }),
  ),
  candidatos: z.array(candidateSchema),
  trocas: z.array(planSwapSchema),
  /** The page the plan's QR opens: a volunteer on the team scanning it on the day checks in. */
  linkPresenca: z.string(),
});
export type PlanDetail = z.infer<typeof planDetailSchema>;

/** GET …/escalas/{planId}/proposta: a fair fill of the open places the leader may accept. */
export const proposalSchema = z.object({
  propostas: z.array(z.object({ idPosicao: z.number(), posicao: z.string(), pessoa: person })),
});
export type Proposal = z.infer<typeof proposalSchema>;

export const reportSchema = z.object({
  mes: z.string(),
  linhas: z.array(
    z.object({
      equipe: z.string(),
      pessoa: z.string(),
      escalas: z.number(),
      serviu: z.number(),
      recusou: z.number(),
      faltas: z.number(),
    }),
  ),
});
export type TeamsReport = z.infer<typeof reportSchema>;
