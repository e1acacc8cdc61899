// Children's ministry check-in (docs/kids.md): rooms, the sessions they run on a day, the family's
// security code of that day and each child's check-in. The database holds the two promises the
// station makes: a code is never shared by two families of a church on one day, and a child is
// checked in once per session (unique keys, so four stations at once cannot break them).
import { sql } from 'drizzle-orm';
import {
  boolean,
  check,
  index,
  integer,
  pgTable,
  serial,
  text,
  timestamp,
  uniqueIndex,
} from 'drizzle-orm/pg-core';
import { churches } from './church.ts';
import { weeklyServices } from './schedule.ts';
import { teamPositions } from './teams.ts';
import { userChildren, users } from './users.ts';

/** A room (class) for an age range; rotas point at its id for the room's volunteers. */
export const kidsRooms = pgTable(
  'kids_sala',
  {
    id: serial('id').primaryKey(),
    churchId: integer('igreja_id')
      .notNull()
      .references(() => churches.id, { onDelete: 'cascade' }),
    name: text('nome').notNull(),
    /** Ages this room takes, in whole months on the session's day (inclusive). */
    minMonths: integer('idade_min_meses').notNull(),
    maxMonths: integer('idade_max_meses').notNull(),
    /** School years this room takes instead of ages (1 = first year of primary, 0 = the year before); null: by age. */
    minYear: integer('ano_escolar_min'),
    maxYear: integer('ano_escolar_max'),
    /** The rota position whose assigned volunteers serve this room (docs/kids.md "Volunteers"). */
    positionId: integer('equipe_posicao_id').references(() => teamPositions.id, {
      onDelete: 'set null',
    }),
    capacity: integer('capacidade').notNull(),
    /** Children per adult (e.g. 5 means one adult for every 5 children). */
    ratio: integer('proporcao').notNull().default(5),
    active: boolean('flag_ativo').notNull().default(true),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    index('kids_sala_igreja_idx').on(t.churchId),
    check('kids_sala_idade_ck', sql`${t.minMonths} >= 0 and ${t.maxMonths} >= ${t.minMonths}`),
    check(
      'kids_sala_ano_ck',
      sql`(${t.minYear} is null and ${t.maxYear} is null) or (${t.minYear} >= 0 and ${t.maxYear} >= ${t.minYear})`,
    ),
  ],
);

/** A room running at a service (from the schedule) or an ad-hoc time on a day. */
export const kidsSessions = pgTable(
  'kids_sessao',
  {
    id: serial('id').primaryKey(),
    churchId: integer('igreja_id')
      .notNull()
      .references(() => churches.id, { onDelete: 'cascade' }),
    roomId: integer('sala_id')
      .notNull()
      .references(() => kidsRooms.id, { onDelete: 'cascade' }),
    /** yyyy-mm-dd, the church's local day. */
    day: text('data').notNull(),
    /** HH:MM, the church's local time. */
    time: text('horario').notNull(),
    serviceId: integer('culto_agenda_id').references(() => weeklyServices.id, {
      onDelete: 'set null',
    }),
    title: text('titulo').notNull(),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    uniqueIndex('kids_sessao_sala_data_uq').on(t.roomId, t.day, t.time),
    index('kids_sessao_igreja_data_idx').on(t.churchId, t.day),
  ],
);

/** A visitor family added at a station: the guardian the team can follow up. */
export const kidsVisitorFamilies = pgTable(
  'kids_familia_visitante',
  {
    id: serial('id').primaryKey(),
    churchId: integer('igreja_id')
      .notNull()
      .references(() => churches.id, { onDelete: 'cascade' }),
    guardianName: text('responsavel_nome').notNull(),
    phone: text('telefone').notNull(),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [index('kids_familia_visitante_igreja_idx').on(t.churchId)],
);

export const kidsVisitorChildren = pgTable(
  'kids_crianca_visitante',
  {
    id: serial('id').primaryKey(),
    churchId: integer('igreja_id')
      .notNull()
      .references(() => churches.id, { onDelete: 'cascade' }),
    familyId: integer('familia_id')
      .notNull()
      .references(() => kidsVisitorFamilies.id, { onDelete: 'cascade' }),
    firstName: text('nome').notNull(),
    lastName: text('sobrenome'),
    birthDate: text('data_nascimento').notNull(),
    /** Allergies and notes, printed in bold on the label. */
    comments: text('observacoes'),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [index('kids_crianca_visitante_familia_idx').on(t.churchId, t.familyId)],
);

/** One family check-in of a day: its security code, on every child's label and the parent's tag. */
export const kidsCodes = pgTable(
  'kids_codigo',
  {
    id: serial('id').primaryKey(),
    churchId: integer('igreja_id')
      .notNull()
      .references(() => churches.id, { onDelete: 'cascade' }),
    day: text('data').notNull(),
    code: text('codigo').notNull(),
    /** The member whose children these are, or the visitor family. */
    guardianId: integer('responsavel_usuario_id').references(() => users.id, {
      onDelete: 'set null',
    }),
    visitorFamilyId: integer('familia_visitante_id').references(() => kidsVisitorFamilies.id, {
      onDelete: 'cascade',
    }),
    station: text('estacao'),
    createdBy: integer('criado_por').references(() => users.id, { onDelete: 'set null' }),
    /** The station's own id for this check-in, so a retry of a queued one never checks in twice. */
    clientId: text('cliente_id'),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    uniqueIndex('kids_codigo_igreja_data_uq').on(t.churchId, t.day, t.code),
    uniqueIndex('kids_codigo_cliente_uq')
      .on(t.churchId, t.clientId)
      .where(sql`${t.clientId} is not null`),
  ],
);

/** A child in a session: in by whom and when, out by whom and when (or by an override with a reason). */
export const kidsCheckins = pgTable(
  'kids_checkin',
  {
    id: serial('id').primaryKey(),
    churchId: integer('igreja_id')
      .notNull()
      .references(() => churches.id, { onDelete: 'cascade' }),
    sessionId: integer('sessao_id')
      .notNull()
      .references(() => kidsSessions.id, { onDelete: 'cascade' }),
    codeId: integer('codigo_id')
      .notNull()
      .references(() => kidsCodes.id, { onDelete: 'cascade' }),
    childId: integer('crianca_id').references(() => userChildren.id, { onDelete: 'cascade' }),
    visitorChildId: integer('crianca_visitante_id').references(() => kidsVisitorChildren.id, {
      onDelete: 'cascade',
    }),
    station: text('estacao'),
    /** The room was chosen by hand rather than by the child's age. */
    roomOverride: boolean('flag_sala_manual').notNull().default(false),
    checkedInBy: integer('entrada_por').references(() => users.id, { onDelete: 'set null' }),
    checkedInAt: timestamp('entrada_em', { withTimezone: true }).notNull().defaultNow(),
    checkedOutBy: integer('saida_por').references(() => users.id, { onDelete: 'set null' }),
    checkedOutAt: timestamp('saida_em', { withTimezone: true }),
    /** Set when staff let the child leave without the code. */
    overrideReason: text('motivo_override'),
    /** The station's id for the pick-up, so a queued pick-up sent twice is one pick-up. */
    outClientId: text('saida_cliente_id'),
    /** The teacher paged the parent (the door screen shows the code). */
    pagedAt: timestamp('chamado_em', { withTimezone: true }),
    /**
     * Pre-checked by the parent from their phone and not yet at the station (docs/kids.md
     * "From the parent's phone"): the place in the room is held, the child is not in the room.
     */
    arriving: boolean('flag_chegando').notNull().default(false),
  },
  (t) => [
    uniqueIndex('kids_checkin_sessao_crianca_uq')
      .on(t.sessionId, t.childId)
      .where(sql`${t.childId} is not null`),
    uniqueIndex('kids_checkin_sessao_visitante_uq')
      .on(t.sessionId, t.visitorChildId)
      .where(sql`${t.visitorChildId} is not null`),
    index('kids_checkin_igreja_idx').on(t.churchId, t.sessionId),
    index('kids_checkin_codigo_idx').on(t.codeId),
    check('kids_checkin_crianca_ck', sql`(${t.childId} is null) <> (${t.visitorChildId} is null)`),
  ],
);
