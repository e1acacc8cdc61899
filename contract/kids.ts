// Children's ministry check-in (docs/kids.md), area `kids` (ROLE_ADMIN, ROLE_ADMIN_KIDS) under
// `/admin/{slug}/kids/…`: rooms, the sessions of a day, the station's family search and check-in
// with one security code per family, labels, pick-up against the code, the room roster, paging a
// parent and attendance. A member reads their own children's check-ins under `/user/{id}/…`.
import { z } from 'zod';
import { idParam } from './common.ts';

/** The security code's alphabet: no look-alikes (0/O, 1/I/L, 2/Z, 5/S, 8/B). */
export const KIDS_CODE_ALPHABET = 'ACDEFGHJKMNPQRTUVWXY34679';
export const KIDS_CODE_LENGTH = 4;
/** A typed or scanned code, folded the way it is printed (upper case, no spaces). */
export const kidsCode = z
  .string({ error: 'Required.' })
  .transform((v) => v.replace(/\s+/g, '').toUpperCase())
  .pipe(
    z
      .string()
      .min(1, 'Required.')
      .regex(new RegExp(`^[${KIDS_CODE_ALPHABET}]{${KIDS_CODE_LENGTH}}$`), 'staff.kids.badCode'),
  );

const text = (max: number) =>
  z
    .string({ error: 'Invalid input.' })
    .trim()
    .max(max, 'staff.kids.tooLong')
    .regex(/^[^\u0000\ud800-\udfff]*$/, 'Invalid characters.');
const optionalText = (max: number) =>
  z.preprocess(
    (v) => (typeof v === 'string' && v.trim() === '' ? null : v),
    text(max).nullable().default(null),
  );
const dayParam = z
  .string({ error: 'Required.' })
  .regex(/^\d{4}-\d{2}-\d{2}$/, 'staff.kids.badDate')
  .refine((v) => !Number.isNaN(Date.parse(`${v}T00:00:00Z`)), 'staff.kids.badDate');
const timeParam = z
  .string({ error: 'Required.' })
  .regex(/^([01]\d|2[0-3]):[0-5]\d$/, 'staff.kids.badTime');
const count = (min: number, max: number) =>
  z.coerce
    .number({ error: 'staff.kids.badNumber' })
    .int('staff.kids.badNumber')
    .min(min, 'staff.kids.badNumber')
    .max(max, 'staff.kids.badNumber');

export const kidsIdParams = z.object({ id: idParam });

/** A station's own id for a queued action (docs/kids.md "Offline"): a retry with it is the same action. */
export const kidsClientId = z
  .string({ error: 'Invalid input.' })
  .regex(/^[A-Za-z0-9-]{8,64}$/, 'Invalid input.');

// ---- rooms ----

/** A number field a form may leave blank (null). */
const blankable = (min: number, max: number) =>
  z.preprocess((v) => (v === '' || v === undefined ? null : v), count(min, max).nullable());

/**
 * POST /kids/salas and PUT /kids/salas/{id}: the whole room. A room takes children by age in
 * months, or by school year (1 = first year of primary, 0 = the year before; the ages then may be
 * left blank and are kept as 0–240).
 */
export const kidsRoomInput = z
  .object({
    nome: text(80).min(1, 'Required.'),
    idadeMinMeses: blankable(0, 240),
    idadeMaxMeses: blankable(0, 240),
    anoEscolarMin: blankable(0, 12),
    anoEscolarMax: blankable(0, 12),
    /** The rota position whose volunteers serve this room (docs/kids.md "Room volunteers"). */
    posicaoId: z.preprocess((v) => (v === '' || v === undefined ? null : v), idParam.nullable()),
    capacidade: count(1, 500),
    proporcao: count(1, 50),
    ativo: z.boolean({ error: 'Invalid input.' }).default(true),
  })
  .superRefine((r, ctx) => {
    const byYear = r.anoEscolarMin !== null || r.anoEscolarMax !== null;
    if (byYear) {
      for (const path of ['anoEscolarMin', 'anoEscolarMax'] as const)
        if (r[path] === null) ctx.addIssue({ code: 'custom', path: [path], message: 'Required.' });
      if (r.anoEscolarMin !== null && r.anoEscolarMax !== null && r.anoEscolarMax < r.anoEscolarMin)
        ctx.addIssue({
          code: 'custom',
          path: ['anoEscolarMax'],
          message: 'staff.kids.yearsReversed',
        });
      return;
    }
    for (const path of ['idadeMinMeses', 'idadeMaxMeses'] as const)
      if (r[path] === null) ctx.addIssue({ code: 'custom', path: [path], message: 'Required.' });
    if (r.idadeMinMeses !== null && r.idadeMaxMeses !== null && r.idadeMaxMeses < r.idadeMinMeses)
      ctx.addIssue({ code: 'custom', path: ['idadeMaxMeses'], message: 'staff.kids.agesReversed' });
  })
  .transform((r) => ({
    ...r,
    idadeMinMeses: r.idadeMinMeses ?? 0,
    idadeMaxMeses: r.idadeMaxMeses ?? 240,
  }));
export type KidsRoomInput = z.output<typeof kidsRoomInput>;

export const kidsRoomSchema = z.object({
  id: z.number(),
  nome: z.string(),
  idadeMinMeses: z.number(),
  idadeMaxMeses: z.number(),
  /** Set when the room takes children by school year instead of age. */
  anoEscolarMin: z.number().nullable(),
  anoEscolarMax: z.number().nullable(),
  posicaoId: z.number().nullable(),
  capacidade: z.number(),
  proporcao: z.number(),
  ativo: z.boolean(),
});
export type KidsRoom = z.infer<typeof kidsRoomSchema>;
export const kidsRoomsSchema = z.object({ salas: z.array(kidsRoomSchema) });

/** GET /kids/posicoes: the rota positions a room can be linked to. */
export const kidsPositionsSchema = z.object({
  posicoes: z.array(z.object({ id: z.number(), equipe: z.string(), nome: z.string() })),
});
export type KidsPositions = z.infer<typeof kidsPositionsSchema>;

// ---- sessions ----

/** GET /kids/sessoes?data: the sessions of a day (today, the church's day, when left out). */
export const kidsDayQuery = z.object({ data: dayParam.optional() });
/** POST /kids/sessoes/gerar: every active room at every service of that day's schedule. */
export const kidsGenerateInput = z.object({ data: dayParam });
/** POST /kids/sessoes: an ad-hoc session. */
export const kidsSessionInput = z.object({
  salaId: idParam,
  data: dayParam,
  horario: timeParam,
  titulo: text(80).min(1, 'Required.'),
});

export const kidsSessionSchema = z.object({
  id: z.number(),
  data: z.string(),
  horario: z.string(),
  titulo: z.string(),
  sala: z.object({ id: z.number(), nome: z.string() }),
  idadeMinMeses: z.number(),
  idadeMaxMeses: z.number(),
  anoEscolarMin: z.number().nullable(),
  anoEscolarMax: z.number().nullable(),
  capacidade: z.number(),
  proporcao: z.number(),
  /** Checked in and not yet picked up. */
  presentes: z.number(),
  /** Every check-in of the session (the attendance). */
  total: z.number(),
});
export type KidsSession = z.infer<typeof kidsSessionSchema>;
export const kidsDaySchema = z.object({ data: z.string(), sessoes: z.array(kidsSessionSchema) });
export type KidsDay = z.infer<typeof kidsDaySchema>;

// ---- the station ----

/** GET /kids/familias?busca&data&horario: phone, name or member-card QR text. */
export const kidsFamilyQuery = z.object({
  busca: z.string().trim().min(2, 'staff.kids.searchShort').max(100, 'staff.kids.tooLong'),
  data: dayParam,
  horario: timeParam,
});

export const kidsChildSchema = z.object({
  /** `m` a member's child (usuario_crianca), `v` a visitor's child. */
  tipo: z.enum(['m', 'v']),
  id: z.number(),
  nome: z.string(),
  idadeMeses: z.number(),
  /** School year on that day (1 = first year of primary; 0 or less before it). */
  anoEscolar: z.number(),
  observacoes: z.string().nullable(),
  /** The session of the slot their age (or school year) fits, if any. */
  sessaoSugerida: z.number().nullable(),
  /** Already checked in at this slot (the check-in id). */
  checkinId: z.number().nullable(),
  /** That check-in's family code: never shown, kept so the station can check a pick-up offline. */
  codigo: z.string().nullable(),
  /** That check-in's family code id (its labels), when checked in. */
  codigoId: z.number().nullable(),
  /** Pre-checked by the parent's phone and not yet confirmed at the station (arriving). */
  chegando: z.boolean(),
});
export type KidsChild = z.infer<typeof kidsChildSchema>;

export const kidsFamilySchema = z.object({
  /** `m:{userId}` or `v:{familyId}`. */
  chave: z.string(),
  responsavel: z.string(),
  telefone: z.string().nullable(),
  visitante: z.boolean(),
  criancas: z.array(kidsChildSchema),
});
export type KidsFamily = z.infer<typeof kidsFamilySchema>;
export const kidsFamiliesSchema = z.object({ familias: z.array(kidsFamilySchema) });
export type KidsFamilies = z.infer<typeof kidsFamiliesSchema>;

/** GET /kids/familias/todas?data&horario: every family with children, the station's offline list. */
export const kidsFamilyCacheQuery = z.object({ data: dayParam, horario: timeParam });

/** POST /kids/checkin: one family's children into the slot's sessions, with one code. */
export const kidsCheckinInput = z.object({
  /** Sent by a station's queue: the same id again returns the first answer. */
  clienteId: kidsClientId.optional(),
  /** The code the station printed while offline: kept unless another family holds it that day. */
  codigo: kidsCode.optional(),
  data: dayParam,
  horario: timeParam,
  estacao: optionalText(40),
  familia: z.string().regex(/^[mv]:\d{1,10}$/, 'staff.kids.familyNotFound'),
  criancas: z
    .array(
      z.object({
        tipo: z.enum(['m', 'v'], { error: 'Invalid input.' }),
        id: idParam,
        /** A room chosen by hand (override of the age rule). */
        sessaoId: idParam.optional(),
      }),
    )
    .min(1, 'staff.kids.noChildren')
    .max(20, 'staff.kids.noChildren'),
});
export type KidsCheckinInput = z.output<typeof kidsCheckinInput>;

export const kidsLabelSchema = z.object({
  checkinId: z.number(),
  nome: z.string(),
  sala: z.string(),
  horario: z.string(),
  observacoes: z.string().nullable(),
});
export type KidsLabel = z.infer<typeof kidsLabelSchema>;

/** The labels of one family check-in (its code on every child's label and the parent's tag). */
export const kidsLabelsSchema = z.object({
  codigoId: z.number(),
  codigo: z.string(),
  data: z.string(),
  responsavel: z.string(),
  etiquetas: z.array(kidsLabelSchema),
  /** The station's offline code was taken that day, so this family has a new one (reprint). */
  codigoTrocado: z.boolean().optional(),
});
export type KidsLabels = z.infer<typeof kidsLabelsSchema>;

/** POST /kids/visitantes: a visitor family and their children, added at the station. */
export const kidsVisitorInput = z.object({
  responsavel: text(120).min(1, 'Required.'),
  telefone: z
    .string({ error: 'Required.' })
    .trim()
    .min(1, 'Required.')
    .max(30, 'staff.kids.tooLong')
    .regex(/^[+\d\s().-]*\d[+\d\s().-]*$/, 'staff.kids.badPhone')
    .refine((v) => v.replace(/\D/g, '').length >= 8, 'staff.kids.badPhone'),
  criancas: z
    .array(
      z.object({
        nome: text(80).min(1, 'Required.'),
        sobrenome: optionalText(80),
        dataNascimento: dayParam,
        observacoes: optionalText(300),
      }),
    )
    .min(1, 'staff.kids.noChildren')
    .max(10, 'staff.kids.noChildren'),
});
export type KidsVisitorInput = z.output<typeof kidsVisitorInput>;

// ---- pick-up, roster, paging ----

/** POST /kids/checkin/{id}/saida: the parent's code, or staff's override with a reason. */
const pickupFields = {
  codigo: z.preprocess((v) => (v === '' ? undefined : v), kidsCode.optional()),
  motivo: optionalText(300),
  clienteId: kidsClientId.optional(),
};
const codeOrReason = {
  path: ['codigo'],
  message: 'staff.kids.codeOrReason',
};
export const kidsPickupInput = z
  .object(pickupFields)
  .refine((v) => v.codigo !== undefined || v.motivo !== null, codeOrReason);
export type KidsPickupInput = z.output<typeof kidsPickupInput>;

/**
 * POST /kids/saidas: a pick-up the station queued offline, of a known check-in or of a child
 * checked in offline too (its family check-in's client id and the child).
 */
export const kidsQueuedPickupInput = z
  .object({
    ...pickupFields,
    clienteId: kidsClientId,
    checkinId: idParam.optional(),
    checkinCliente: kidsClientId.optional(),
    crianca: z.object({ tipo: z.enum(['m', 'v']), id: idParam }).optional(),
  })
  .refine((v) => v.codigo !== undefined || v.motivo !== null, codeOrReason)
  .refine((v) => v.checkinId !== undefined || (v.checkinCliente && v.crianca), {
    path: ['checkinId'],
    message: 'staff.kids.checkinNotFound',
  });
export type KidsQueuedPickupInput = z.output<typeof kidsQueuedPickupInput>;

export const kidsPickupSchema = z.object({
  checkinId: z.number(),
  nome: z.string(),
  saida: z.string(),
  override: z.boolean(),
});

export const kidsRosterEntrySchema = z.object({
  checkinId: z.number(),
  nome: z.string(),
  idadeMeses: z.number(),
  observacoes: z.string().nullable(),
  codigo: z.string(),
  responsavel: z.string(),
  entrada: z.string(),
  saida: z.string().nullable(),
  chamado: z.string().nullable(),
  visitante: z.boolean(),
  /** Pre-checked from the parent's phone, not yet in the room. */
  chegando: z.boolean(),
});
export type KidsRosterEntry = z.infer<typeof kidsRosterEntrySchema>;

export const kidsRosterSchema = z.object({
  sessao: kidsSessionSchema,
  /** Adults needed for the children present (ceil(presentes / proporcao)). */
  adultosNecessarios: z.number(),
  criancas: z.array(kidsRosterEntrySchema),
});
export type KidsRoster = z.infer<typeof kidsRosterSchema>;

/** GET /kids/porta?data: the codes paged today and not yet picked up (the door screen). */
export const kidsDoorSchema = z.object({
  chamados: z.array(z.object({ codigo: z.string(), sala: z.string(), chamado: z.string() })),
});
export type KidsDoor = z.infer<typeof kidsDoorSchema>;

// ---- after Sunday ----

/** GET /kids/frequencia?de&ate (and .csv) */
export const kidsAttendanceQuery = z.object({ de: dayParam, ate: dayParam });
export const kidsAttendanceSchema = z.object({
  sessoes: z.array(kidsSessionSchema),
  criancas: z.array(
    z.object({
      nome: z.string(),
      responsavel: z.string(),
      visitante: z.boolean(),
      vezes: z.number(),
      ultima: z.string(),
    }),
  ),
  /** Visitor families first seen in the range (to follow up). */
  visitantes: z.array(
    z.object({
      id: z.number(),
      responsavel: z.string(),
      telefone: z.string(),
      criancas: z.array(z.string()),
      desde: z.string(),
    }),
  ),
});
export type KidsAttendance = z.infer<typeof kidsAttendanceSchema>;

/** GET /user/{id}/kids-checkins?cliente: a member's children's check-ins, newest first. */
export const memberKidsCheckinsSchema = z.object({
  checkins: z.array(
    z.object({
      crianca: z.string(),
      sala: z.string(),
      data: z.string(),
      horario: z.string(),
      entrada: z.string(),
      saida: z.string().nullable(),
    }),
  ),
});
export type MemberKidsCheckins = z.infer<typeof memberKidsCheckinsSchema>;

/** GET /user/{id}/kids-rooms?cliente&data: the rosters of the rooms the member serves that day. */
export const volunteerRoomsQuery = z.object({ data: dayParam });
export const volunteerRoomsSchema = z.object({ salas: z.array(kidsRosterSchema) });
export type VolunteerRooms = z.infer<typeof volunteerRoomsSchema>;

// ---- a parent's pre-check-in from their phone (docs/kids.md "From the parent's phone") ----

/** Pre-check-in opens this long before the service time and closes this long after it. */
export const KIDS_PRECHECKIN_OPENS_MIN = 120;
export const KIDS_PRECHECKIN_CLOSES_MIN = 90;

/**
 * The phone's offset from UTC in minutes (Brazil: -180), so the church's day and time are the
 * phone's own; the window is a convenience, not a security boundary (only the member's children).
 */
const utcOffset = z.coerce
  .number({ error: 'Invalid input.' })
  .int('Invalid input.')
  .min(-840, 'Invalid input.')
  .max(840, 'Invalid input.');

/** GET /user/{id}/kids-precheckin?cliente&fuso: today's services with sessions, and the family's codes. */
export const kidsPrecheckinQuery = z.object({ fuso: utcOffset });

/** POST /user/{id}/kids-precheckin?cliente: the ticked children into the service at `horario`. */
export const kidsPrecheckinInput = z.object({
  fuso: utcOffset,
  horario: timeParam,
  criancas: z.array(idParam).min(1, 'staff.kids.noChildren').max(20, 'staff.kids.noChildren'),
});
export type KidsPrecheckinInput = z.output<typeof kidsPrecheckinInput>;

export const kidsPrecheckinSchema = z.object({
  /** The church's day (the phone's). */
  data: z.string(),
  servicos: z.array(
    z.object({
      horario: z.string(),
      /** Pre-check-in is open now for this service. */
      aberto: z.boolean(),
      /** HH:MM when it opens (the service time minus the opening window). */
      abre: z.string(),
      criancas: z.array(
        z.object({
          id: z.number(),
          nome: z.string(),
          /** The room the child's age or school year fits at this service, if any. */
          sala: z.string().nullable(),
          /** Already pre-checked or checked in at this service. */
          checkin: z.boolean(),
        }),
      ),
    }),
  ),
  /** The family's codes of today, each with its children: the phone shows them as the pick-up tag. */
  codigos: z.array(
    z.object({
      codigoId: z.number(),
      codigo: z.string(),
      horario: z.string(),
      /** Not yet confirmed at the station (can still be cancelled). */
      chegando: z.boolean(),
      criancas: z.array(z.object({ nome: z.string(), sala: z.string() })),
    }),
  ),
});
export type KidsPrecheckin = z.infer<typeof kidsPrecheckinSchema>;

/**
 * POST /kids/recusas: wrong pick-up codes the station refused while offline, sent with its queue
 * so each is recorded like an online refusal (who, which station, the code, when).
 */
export const kidsOfflineRefusalInput = z
  .object({
    clienteId: kidsClientId,
    checkinId: idParam.optional(),
    checkinCliente: kidsClientId.optional(),
    crianca: z.object({ tipo: z.enum(['m', 'v']), id: idParam }).optional(),
    /** As typed (a wrong code may not even be of the code's alphabet). */
    codigo: text(20).min(1, 'Required.'),
    estacao: optionalText(40),
    /** When the station refused it (ISO). */
    em: z.iso.datetime({ offset: true, error: 'Invalid input.' }),
  })
  .refine((v) => v.checkinId !== undefined || (v.checkinCliente && v.crianca), {
    path: ['checkinId'],
    message: 'staff.kids.checkinNotFound',
  });
export type KidsOfflineRefusalInput = z.output<typeof kidsOfflineRefusalInput>;
