// A volunteer's own rotas (docs/volunteers.md): their next assignments with accept/decline, their
// blockout dates, a request to join a team, and the answer page reached from the e-mail's signed
// link (no second login; the answer is a POST, never a GET).
import { z } from 'zod';
import { idParam, slugParam } from './common.ts';
import { ASSIGNMENT_STATES, SWAP_STATES, isoDate } from './teams-staff.ts';

export const rotaChurchParams = z.object({ slug: slugParam });
export const myAssignmentParams = z.object({ slug: slugParam, assignmentId: idParam });
export const blockoutParams = z.object({ slug: slugParam, blockoutId: idParam });
export const joinParams = z.object({ slug: slugParam, teamId: idParam });
export const swapParams = z.object({ slug: slugParam, swapId: idParam });

/** POST /igreja/{slug}/escalas/{assignmentId}/troca: ask the team (idPara null) or one member. */
export const swapAskInput = z.object({
  idPara: z.preprocess((v) => (v === '' || v === undefined ? null : v), idParam.nullable()),
});

/** POST /igreja/{slug}/escala-presenca: the plan's QR token, scanned on the day while logged in. */
export const checkInQrInput = z.object({
  t: z
    .string({ error: 'teams.badLink' })
    .trim()
    .regex(/^\d{1,10}\.[A-Za-z0-9_-]{20,100}$/, 'teams.badLink'),
});

export const answerInput = z.object({
  resposta: z.enum(['aceitar', 'recusar'], { error: 'teams.badAnswer' }),
});

/** The signed link's token: `<assignment id>.<signature>`. */
export const rotaToken = z
  .string({ error: 'teams.badLink' })
  .trim()
  .regex(/^\d{1,10}\.[A-Za-z0-9_-]{20,100}$/, 'teams.badLink');
export const linkQuery = z.object({ t: rotaToken });
export const linkAnswerInput = answerInput.extend({ t: rotaToken });

export const blockoutInput = z
  .object({
    inicio: isoDate,
    fim: isoDate,
    motivo: z.preprocess(
      (v) => (typeof v === 'string' && v.trim() === '' ? null : v),
      z.string().trim().max(200, 'teams.tooLong').nullable().default(null),
    ),
  })
  .refine((b) => b.fim >= b.inicio, { path: ['fim'], message: 'teams.endBeforeStart' });

export const myRotaSchema = z.object({
  id: z.number(),
  equipe: z.string(),
  posicao: z.string(),
  titulo: z.string(),
  data: z.string(),
  horario: z.string(),
  estado: z.enum(ASSIGNMENT_STATES),
  idEscala: z.number(),
});
export type MyRota = z.infer<typeof myRotaSchema>;

/** What the QR's page shows once the member is checked in. */
export const qrCheckInSchema = z.object({
  titulo: z.string(),
  data: z.string(),
  posicoes: z.array(z.string()),
});
export type QrCheckInResult = z.infer<typeof qrCheckInSchema>;

/** A swap a volunteer asked for (minha) or may take. */
export const mySwapSchema = z.object({
  id: z.number(),
  idEscalaPessoa: z.number(),
  equipe: z.string(),
  posicao: z.string(),
  titulo: z.string(),
  data: z.string(),
  horario: z.string(),
  estado: z.enum(SWAP_STATES),
  pedidaPor: z.string(),
  para: z.string().nullable(),
  tomadaPor: z.string().nullable(),
  minha: z.boolean(),
});
export type MySwap = z.infer<typeof mySwapSchema>;

export const myRotasSchema = z.object({
  escalas: z.array(myRotaSchema),
  trocas: z.array(mySwapSchema),
  /** Team mates who could take each of the member's next rotas (to name one for a swap). */
  colegas: z.array(z.object({ idEscalaPessoa: z.number(), id: z.number(), nome: z.string() })),
  bloqueios: z.array(
    z.object({
      id: z.number(),
      inicio: z.string(),
      fim: z.string(),
      motivo: z.string().nullable(),
    }),
  ),
  equipes: z.array(
    z.object({
      id: z.number(),
      nome: z.string(),
      /** null: not on it (may ask to join). */
      estado: z.enum(['ativo', 'pedido']).nullable(),
    }),
  ),
});
export type MyRotas = z.infer<typeof myRotasSchema>;

/** What the answer page shows (GET by token: reads only). */
export const linkViewSchema = myRotaSchema.extend({ pessoa: z.string(), igreja: z.string() });
export type LinkView = z.infer<typeof linkViewSchema>;

/** A team plan as the team reads it on a phone (/praise/escala/{id}): who serves and the set list with keys. */
export const teamPlanViewSchema = z.object({
  id: z.number(),
  equipe: z.string(),
  titulo: z.string(),
  data: z.string(),
  horario: z.string(),
  observacao: z.string().nullable(),
  posicoes: z.array(
    z.object({
      nome: z.string(),
      pessoas: z.array(z.object({ nome: z.string(), estado: z.enum(ASSIGNMENT_STATES) })),
    }),
  ),
  repertorio: z
    .object({
      id: z.number(),
      titulo: z.string(),
      musicas: z.array(
        z.object({ id: z.number(), titulo: z.string(), tom: z.string().nullable() }),
      ),
    })
    .nullable(),
});
export type TeamPlanView = z.infer<typeof teamPlanViewSchema>;
