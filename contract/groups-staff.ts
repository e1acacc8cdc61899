// The staff area's groups calls (docs/staff.md "Groups"), area `groups` (ROLE_ADMIN): the church's
// groups created and edited (leader, address, day and time, description, open or full, active),
// their members added and removed, join requests answered with the leader's rules, and the
// attendance history the leaders record (docs/groups.md "Meetings and attendance").
import { z } from 'zod';
import { idParam } from './common.ts';
import { groupAttendanceSchema, groupRequestSchema } from './groups.ts';

const text = (max: number) =>
  z
    .string({ error: 'Invalid input.' })
    .trim()
    .max(max, 'staff.groups.tooLong')
    .regex(/^[^\u0000\ud800-\udfff]*$/, 'Invalid characters.');
const optionalText = (max: number) =>
  z.preprocess(
    (v) => (typeof v === 'string' && v.trim() === '' ? null : v),
    text(max).nullable().default(null),
  );

/** GET /admin/{slug}/grupos?busca */
export const staffGroupsQuery = z.object({
  busca: z.string().trim().max(100, 'staff.groups.tooLong').optional(),
});
export const staffGroupParams = z.object({ id: idParam });
export const staffGroupMemberParams = z.object({ id: idParam, userId: idParam });
export const staffGroupRequestParams = z.object({ id: idParam, requestId: idParam });

/** POST /admin/{slug}/grupos and PUT /admin/{slug}/grupos/{id}: the whole group. */
export const staffGroupInput = z.object({
  nome: text(120).min(1, 'Required.'),
  descricao: optionalText(2000),
  /** A member of the church (null: no leader yet). */
  idLider: idParam.nullable(),
  /** ISO weekday like the services' (spec §9 lists Monday first): 1 Monday … 7 Sunday. */
  diaSemana: z.coerce
    .number({ error: 'Invalid input.' })
    .int({ error: 'Invalid input.' })
    .min(1, { error: 'Invalid input.' })
    .max(7, { error: 'Invalid input.' }),
  horario: z.string().regex(/^([01]\d|2[0-3]):[0-5]\d$/, 'staff.groups.badTime'),
  logradouro: optionalText(200),
  numero: optionalText(20),
  complemento: optionalText(100),
  bairro: optionalText(100),
  cidade: optionalText(100),
  estado: optionalText(50),
  cep: optionalText(20),
  aberta: z.boolean({ error: 'Invalid input.' }),
  ativo: z.boolean({ error: 'Invalid input.' }),
});
export type StaffGroupInput = z.output<typeof staffGroupInput>;

/**
 * PUT /celula/{id} (the group's leader, docs/groups.md "What the leader does"): the group's details
 * as the staff form has them, without the leader and the active flag, which stay the staff's.
 */
export const leaderGroupInput = staffGroupInput.omit({ idLider: true, ativo: true });
export type LeaderGroupInput = z.output<typeof leaderGroupInput>;
export type LeaderGroupBody = z.input<typeof leaderGroupInput>;

/** POST /admin/{slug}/grupos/{id}/membros */
export const staffGroupMemberInput = z.object({ idUsuario: idParam });
/** PUT /admin/{slug}/grupos/{id}/solicitacoes/{requestId} */
export const staffGroupAnswerInput = z.object({
  acao: z.enum(['aceitar', 'recusar'], { error: 'Unknown action.' }),
});
/** GET /admin/{slug}/grupos-pessoas?busca: church members for the leader and member pickers. */
export const staffGroupPeopleQuery = z.object({
  busca: z.string().trim().min(1, 'Required.').max(100, 'staff.groups.tooLong'),
});

const personRef = z.object({ id: z.number(), nome: z.string(), email: z.string() });
export type StaffGroupPerson = z.infer<typeof personRef>;

export const staffGroupRowSchema = z.object({
  id: z.number(),
  nome: z.string(),
  diaSemana: z.number(),
  horario: z.string(),
  bairro: z.string().nullable(),
  lider: personRef.nullable(),
  qtdeMembros: z.number(),
  pendentes: z.number(),
  aberta: z.boolean(),
  ativo: z.boolean(),
});
export type StaffGroupRow = z.infer<typeof staffGroupRowSchema>;
export const staffGroupsSchema = z.object({ grupos: z.array(staffGroupRowSchema) });
export type StaffGroups = z.infer<typeof staffGroupsSchema>;

/** GET /admin/{slug}/grupos/{id}: the group, its members, requests and attendance history. */
export const staffGroupSchema = z.object({
  grupo: staffGroupRowSchema.extend({
    descricao: z.string().nullable(),
    logradouro: z.string().nullable(),
    numero: z.string().nullable(),
    complemento: z.string().nullable(),
    cidade: z.string().nullable(),
    estado: z.string().nullable(),
    cep: z.string().nullable(),
  }),
  membros: z.array(personRef.extend({ desde: z.string() })),
  solicitacoes: z.array(groupRequestSchema),
  presenca: groupAttendanceSchema,
});
export type StaffGroup = z.infer<typeof staffGroupSchema>;
export const staffGroupPeopleSchema = z.object({ pessoas: z.array(personRef) });
