// Groups (cells, spec §2 "/groups", MOD_CELULA): the calls of spec §7 "Groups and studies" —
// `GET /igreja/{slug}/celula/` (optional `?usuario=1`), `GET /celula/{id}`,
// `GET /celula/{id}/reuniao-registro/` and `/{meetingId}`, `POST /igreja/{slug}/solicitacao-celula/admissao`
// — and the leader's calls the spec does not show, designed in the same style:
// `GET /celula/{id}/solicitacao-admissao/` and `PUT /celula/{id}/solicitacao-admissao/{requestId}`.
import { z } from 'zod';
import { idParam, slugParam } from './common.ts';

/** spec §8 "Group: no matching cell found". */
export const GROUP_NOT_FOUND = 'No matching cell found.';
/** spec §8 "Group: … request could not be sent". */
export const GROUP_REQUEST_FAILED = 'The request could not be sent.';
/** The longest message a member sends with a request, in characters. */
export const GROUP_MESSAGE_MAX = 2000;
export const GROUPS_PAGE_SIZE = 24;

const blankToUndefined = (value: unknown) =>
  typeof value === 'string' && value.trim() === '' ? undefined : value;
/** Control characters never belong in a search or a filter (a NUL byte would make PostgreSQL refuse it). */
const plainText = (max: 100) =>
  z
    .string()
    .trim()
    .max(max, { error: `At most ${max} characters.` })
    .regex(/^[^\u0000-\u001f\u007f\ud800-\udfff]*$/, { error: 'Invalid characters.' });

const coordinate = (limit: number, message: string) =>
  z.coerce
    .number({ error: message })
    .min(-limit, { error: message })
    .max(limit, { error: message });

// ---- requests ----

export const groupChurchParams = z.object({ slug: slugParam });
export const groupIdParams = z.object({ id: idParam });
export const groupMeetingParams = z.object({ id: idParam, meetingId: idParam });
export const groupRequestParams = z.object({ id: idParam, requestId: idParam });

/**
 * `GET /igreja/{slug}/celula/?busca&dia&bairro&latitude&longitude&usuario&page&limit`: search by
 * name, filter by meeting day (ISO like the services: 1 Monday … 7 Sunday) and neighbourhood; with a location the
 * nearest come first. `usuario=1` lists the caller's own groups instead (bearer required).
 */
export const groupListQuery = z
  .object({
    busca: z.preprocess(blankToUndefined, plainText(100).optional()),
    dia: z.preprocess(
      blankToUndefined,
      z.coerce
        .number({ error: 'Must be a number.' })
        .int({ error: 'Must be a whole number.' })
        .min(1, { error: 'Invalid input.' })
        .max(7, { error: 'Invalid input.' })
        .optional(),
    ),
    bairro: z.preprocess(blankToUndefined, plainText(100).optional()),
    latitude: z.preprocess(blankToUndefined, coordinate(90, 'Invalid latitude.').optional()),
    longitude: z.preprocess(blankToUndefined, coordinate(180, 'Invalid longitude.').optional()),
    usuario: z.preprocess(
      blankToUndefined,
      z.enum(['1', 'true'], { error: 'Invalid input.' }).optional(),
    ),
    page: z.preprocess(
      blankToUndefined,
      z.coerce
        .number({ error: 'Must be a number.' })
        .int({ error: 'Must be a whole number.' })
        .min(1, { error: 'Must be 1 or more.' })
        .max(10_000, { error: 'At most 10000.' })
        .default(1),
    ),
    limit: z.preprocess(
      blankToUndefined,
      z.coerce
        .number({ error: 'Must be a number.' })
        .int({ error: 'Must be a whole number.' })
        .min(1, { error: 'Must be 1 or more.' })
        .max(50, { error: 'At most 50.' })
        .default(GROUPS_PAGE_SIZE),
    ),
  })
  .superRefine((q, ctx) => {
    if ((q.latitude === undefined) !== (q.longitude === undefined)) {
      ctx.addIssue({
        code: 'custom',
        path: [q.latitude === undefined ? 'latitude' : 'longitude'],
        message: 'Latitude and longitude go together.',
      });
    }
  });
export type GroupListQuery = z.infer<typeof groupListQuery>;

/** `GET /celula/{id}?igreja=`: with `igreja`, a group of another church is a 404 (the web app always sends it). */
export const groupDetailQuery = z.object({
  igreja: z.preprocess(blankToUndefined, idParam.optional()),
});

/** `POST /igreja/{slug}/solicitacao-celula/admissao`: the caller asks to join `idCelula` (spec §4). */
export const groupJoinSchema = z.object({
  idCelula: idParam,
  mensagem: z.preprocess(
    blankToUndefined,
    z
      .string({ error: 'Invalid input.' })
      .trim()
      .max(GROUP_MESSAGE_MAX, { error: `At most ${GROUP_MESSAGE_MAX} characters.` })
      .regex(/^[^\u0000\ud800-\udfff]*$/, { error: 'Invalid characters.' })
      .optional(),
  ),
});
export type GroupJoin = z.infer<typeof groupJoinSchema>;

/** `PUT /celula/{id}/solicitacao-admissao/{requestId}`: the leader's answer. */
export const groupAnswerSchema = z.object({
  acao: z.enum(['aceitar', 'recusar'], { error: 'Unknown action.' }),
});
export type GroupAnswer = z.infer<typeof groupAnswerSchema>;

// ---- answers ----

export const groupLeaderSchema = z.object({
  id: z.number().int(),
  nome: z.string(),
  /** Public path of the leader's profile photo, when there is one. */
  imagem: z.string().nullable(),
});
export type GroupLeader = z.infer<typeof groupLeaderSchema>;

export const groupAddressSchema = z.object({
  logradouro: z.string().nullable(),
  numero: z.string().nullable(),
  complemento: z.string().nullable(),
  bairro: z.string().nullable(),
  cidade: z.string().nullable(),
  estado: z.string().nullable(),
  cep: z.string().nullable(),
  latitude: z.number().nullable(),
  longitude: z.number().nullable(),
});
export type GroupAddress = z.infer<typeof groupAddressSchema>;

/** What the caller is to the group: leader, member, waiting for an answer, or nothing yet. */
export const groupRoleSchema = z.enum(['lider', 'membro', 'pendente']).nullable();
export type GroupRole = z.infer<typeof groupRoleSchema>;

/** A group as the list shows it. */
export const groupItemSchema = z.object({
  id: z.number().int(),
  nome: z.string(),
  descricao: z.string().nullable(),
  /** ISO weekday like the services' (spec §9 lists Monday first): 1 Monday … 7 Sunday. */
  diaSemana: z.number().int().min(1).max(7),
  /** "HH:MM", the church's local time. */
  horario: z.string(),
  bairro: z.string().nullable(),
  cidade: z.string().nullable(),
  lider: groupLeaderSchema.nullable(),
  qtdeMembros: z.number().int(),
  /** Kilometres from the given location (one decimal); null without a location or coordinates. */
  distancia: z.number().nullable(),
  /** Only in `?usuario=1` lists: the caller's role. */
  papel: z.enum(['lider', 'membro']).optional(),
});
export type GroupItem = z.infer<typeof groupItemSchema>;

/** `GET /igreja/{slug}/celula/`: `filtros` are the values the day and neighbourhood filters offer. */
export const groupListResponseSchema = z.object({
  celulas: z.array(groupItemSchema),
  total: z.number().int(),
  page: z.number().int(),
  limit: z.number().int(),
  filtros: z.object({ dias: z.array(z.number().int()), bairros: z.array(z.string()) }),
});
export type GroupListResponse = z.infer<typeof groupListResponseSchema>;

export const groupStudyRefSchema = z.object({ id: z.number().int(), titulo: z.string() });
export type GroupStudyRef = z.infer<typeof groupStudyRefSchema>;

/** `GET /celula/{id}`: `minhaParticipacao` is null for a visitor (no bearer). */
export const groupDetailSchema = groupItemSchema
  .omit({ papel: true, distancia: true, bairro: true, cidade: true })
  .extend({
    igreja: z.object({ id: z.number().int(), slug: z.string(), codigo: z.string() }),
    endereco: groupAddressSchema,
    estudos: z.array(groupStudyRefSchema),
    /** False when the staff or the leader marked the group full (new requests refused). */
    aberta: z.boolean(),
    minhaParticipacao: groupRoleSchema,
  });
export type GroupDetail = z.infer<typeof groupDetailSchema>;

/** One meeting record (spec §7 reuniao-registro): members and the leader only. */
export const groupMeetingSchema = z.object({
  id: z.number().int(),
  /** ISO 8601. */
  data: z.string(),
  tema: z.string(),
  estudo: groupStudyRefSchema.nullable(),
  qtdePresentes: z.number().int(),
  observacoes: z.string().nullable(),
});
export type GroupMeeting = z.infer<typeof groupMeetingSchema>;

const groupRefSchema = z.object({ id: z.number().int(), nome: z.string() });

/** `GET /celula/{id}/reuniao-registro/`: newest first. */
export const groupMeetingsResponseSchema = z.object({
  celula: groupRefSchema,
  reunioes: z.array(groupMeetingSchema),
});
export type GroupMeetingsResponse = z.infer<typeof groupMeetingsResponseSchema>;
/** `GET /celula/{id}/reuniao-registro/{meetingId}` */
export const groupMeetingResponseSchema = z.object({
  celula: groupRefSchema,
  reuniao: groupMeetingSchema,
});
export type GroupMeetingResponse = z.infer<typeof groupMeetingResponseSchema>;

export const groupRequestStatusSchema = z.enum(['pendente', 'aceita', 'recusada']);
export type GroupRequestStatus = z.infer<typeof groupRequestStatusSchema>;

/** An admission request as the leader sees it (and the member, in the answer to the POST). */
export const groupRequestSchema = z.object({
  id: z.number().int(),
  idCelula: z.number().int(),
  situacao: groupRequestStatusSchema,
  mensagem: z.string().nullable(),
  /** ISO 8601. */
  dataCadastro: z.string(),
  dataResposta: z.string().nullable(),
  usuario: z.object({ id: z.number().int(), nome: z.string(), imagem: z.string().nullable() }),
});
export type GroupRequest = z.infer<typeof groupRequestSchema>;

/** `POST /igreja/{slug}/solicitacao-celula/admissao` answer (201). */
export const groupJoinResponseSchema = z.object({
  status: z.literal(true),
  message: z.string(),
  solicitacao: groupRequestSchema,
});
/** `GET /celula/{id}/solicitacao-admissao/`: pending first (oldest first), then the answered ones, newest first. */
export const groupRequestsResponseSchema = z.object({
  celula: groupRefSchema,
  solicitacoes: z.array(groupRequestSchema),
});
export type GroupRequestsResponse = z.infer<typeof groupRequestsResponseSchema>;
/** `PUT /celula/{id}/solicitacao-admissao/{requestId}` answer. */
export const groupAnswerResponseSchema = z.object({
  status: z.literal(true),
  message: z.string(),
  solicitacao: groupRequestSchema,
});

/** Notification type codes of this area (spec §3 Notification tipo.codigo); idEntidadeRelacionada is the group id. */
export const GROUP_NOTIFICATION_TYPES = {
  request: 'CELULA_SOLICITACAO',
  answer: 'CELULA_RESPOSTA',
  /** The leader's notice of the next meeting (docs/notifications.md "A group's next meeting"). */
  meeting: 'CELULA_ENCONTRO',
} as const;

// ---- leaders' meetings, attendance and leaving (docs/groups.md "Meetings and attendance") ----

/** `POST /celula/{id}/reuniao-registro/`: the leader records a meeting and ticks who came. */
export const groupMeetingInput = z.object({
  /** ISO 8601 with its offset (the browser converts the local date and time). */
  data: z
    .string({ error: 'groups.badDate' })
    .max(40, 'groups.badDate')
    .refine((v) => !Number.isNaN(Date.parse(v)), 'groups.badDate'),
  tema: z
    .string({ error: 'groups.themeRequired' })
    .trim()
    .min(1, 'groups.themeRequired')
    .max(200, 'groups.tooLong')
    .regex(/^[^\u0000-\u001f\u007f\ud800-\udfff]*$/, 'Invalid characters.'),
  idEstudo: idParam.nullable().default(null),
  /** The ids of the members (and the leader) who came. */
  presentes: z.array(idParam).max(500, 'groups.tooLong').default([]),
  /** People who came without being members (visitors), counted in `qtdePresentes`. */
  visitantes: z.coerce.number({ error: 'Must be a number.' }).int().min(0).max(500).default(0),
  observacoes: z.preprocess(
    blankToUndefined,
    z
      .string({ error: 'Invalid input.' })
      .trim()
      .max(GROUP_MESSAGE_MAX, { error: `At most ${GROUP_MESSAGE_MAX} characters.` })
      .regex(/^[^\u0000\ud800-\udfff]*$/, { error: 'Invalid characters.' })
      .optional(),
  ),
});
export type GroupMeetingInput = z.input<typeof groupMeetingInput>;

/** A group's attendance: the roster (leader first) with how often each came, and the meetings with who came. */
export const groupAttendanceSchema = z.object({
  celula: groupRefSchema,
  membros: z.array(
    z.object({
      id: z.number().int(),
      nome: z.string(),
      lider: z.boolean(),
      /** Meetings (of `reunioes`) this person came to. */
      presencas: z.number().int(),
    }),
  ),
  /** Newest first, at most 100. */
  reunioes: z.array(
    z.object({
      id: z.number().int(),
      data: z.string(),
      tema: z.string(),
      qtdePresentes: z.number().int(),
      presentes: z.array(z.number().int()),
    }),
  ),
  /** The studies the group follows (the meeting form's choices). */
  estudos: z.array(groupStudyRefSchema),
});
export type GroupAttendance = z.infer<typeof groupAttendanceSchema>;

/** `POST /celula/{id}/reuniao-registro/` answer (201), and `PUT /celula/{id}/reuniao-registro/{meetingId}` (a correction, 200). */
export const groupMeetingCreatedSchema = z.object({
  status: z.literal(true),
  message: z.string(),
  reuniao: groupMeetingSchema,
});
/** `DELETE /celula/{id}/participacao`: the member leaves the group. */
export const groupLeftSchema = z.object({ status: z.literal(true), message: z.string() });
