// Volunteer teams and rotas (docs/volunteers.md, SUNDAY.md "One model for who serves where,
// when"): team → position → plan (a service date or an event) → assignment (a person in a
// position of a plan: asked → accepted / declined → checked in; no-show).
import { sql } from 'drizzle-orm';
import {
  boolean,
  check,
  date,
  index,
  integer,
  pgTable,
  serial,
  text,
  time,
  timestamp,
  uniqueIndex,
} from 'drizzle-orm/pg-core';
import { churches } from './church.ts';
import { events } from './events.ts';
import { weeklyServices } from './schedule.ts';
import { praiseSetLists } from './staff-worship.ts';
import { users } from './users.ts';

/** A group of people who serve (Worship, Door, Kids, Media, Welcome). */
export const teams = pgTable(
  'equipe',
  {
    id: serial('id').primaryKey(),
    churchId: integer('igreja_id')
      .notNull()
      .references(() => churches.id, { onDelete: 'cascade' }),
    name: text('nome').notNull(),
    description: text('descricao'),
    /** `louvor`: its plans show the service's set list; `porta`: an event's door team. */
    kind: text('tipo').$type<'geral' | 'louvor' | 'porta'>().notNull().default('geral'),
    /** A swap between volunteers waits for a leader's yes (otherwise the first to accept takes it). */
    swapApproval: boolean('flag_troca_aprovacao').notNull().default(false),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [uniqueIndex('equipe_igreja_nome_uq').on(t.churchId, t.name)],
);

/** A role inside a team; `needed` is the weekly template: how many each new plan asks for. */
export const teamPositions = pgTable(
  'equipe_posicao',
  {
    id: serial('id').primaryKey(),
    churchId: integer('igreja_id')
      .notNull()
      .references(() => churches.id, { onDelete: 'cascade' }),
    teamId: integer('equipe_id')
      .notNull()
      .references(() => teams.id, { onDelete: 'cascade' }),
    name: text('nome').notNull(),
    needed: integer('quantidade').notNull().default(1),
    position: integer('ordem').notNull().default(0),
  },
  (t) => [
    uniqueIndex('equipe_posicao_nome_uq').on(t.teamId, t.name),
    check('equipe_posicao_quantidade_ck', sql`${t.needed} between 0 and 50`),
  ],
);

/** A person on a team: `pedido` until staff or a leader approves their request; leaders run the team. */
export const teamMembers = pgTable(
  'equipe_membro',
  {
    id: serial('id').primaryKey(),
    churchId: integer('igreja_id')
      .notNull()
      .references(() => churches.id, { onDelete: 'cascade' }),
    teamId: integer('equipe_id')
      .notNull()
      .references(() => teams.id, { onDelete: 'cascade' }),
    userId: integer('usuario_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    leader: boolean('flag_lider').notNull().default(false),
    state: text('estado').$type<'ativo' | 'pedido'>().notNull().default('ativo'),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    uniqueIndex('equipe_membro_uq').on(t.teamId, t.userId),
    index('equipe_membro_usuario_idx').on(t.churchId, t.userId),
  ],
);

/** One occasion a team serves: a service of the weekly schedule on a date, or an event. */
export const teamPlans = pgTable(
  'escala',
  {
    id: serial('id').primaryKey(),
    churchId: integer('igreja_id')
      .notNull()
      .references(() => churches.id, { onDelete: 'cascade' }),
    teamId: integer('equipe_id')
      .notNull()
      .references(() => teams.id, { onDelete: 'cascade' }),
    serviceId: integer('culto_agenda_id').references(() => weeklyServices.id, {
      onDelete: 'set null',
    }),
    eventId: integer('evento_id').references(() => events.id, { onDelete: 'cascade' }),
    setListId: integer('louvor_repertorio_id').references(() => praiseSetLists.id, {
      onDelete: 'set null',
    }),
    title: text('titulo').notNull(),
    /** The church's local day and time the team serves (double-booking is per day and time). */
    date: date('data', { mode: 'string' }).notNull(),
    startTime: time('horario').notNull(),
    notes: text('observacao'),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    uniqueIndex('escala_equipe_momento_uq').on(t.teamId, t.date, t.startTime),
    index('escala_igreja_data_idx').on(t.churchId, t.date),
  ],
);

/** How many of a position one plan needs. */
export const planPositions = pgTable(
  'escala_posicao',
  {
    id: serial('id').primaryKey(),
    churchId: integer('igreja_id')
      .notNull()
      .references(() => churches.id, { onDelete: 'cascade' }),
    planId: integer('escala_id')
      .notNull()
      .references(() => teamPlans.id, { onDelete: 'cascade' }),
    positionId: integer('equipe_posicao_id')
      .notNull()
      .references(() => teamPositions.id, { onDelete: 'cascade' }),
    needed: integer('quantidade').notNull().default(1),
  },
  (t) => [uniqueIndex('escala_posicao_uq').on(t.planId, t.positionId)],
);

export type AssignmentState = 'pedida' | 'aceita' | 'recusada';

/**
 * A person in a position of a plan. The plan's day and time are copied here so one unique key
 * refuses a second live assignment of the same person at the same moment, whoever schedules it
 * (two leaders at once: one wins). A declined row stays for history and frees the moment.
 */
export const assignments = pgTable(
  'escala_pessoa',
  {
    id: serial('id').primaryKey(),
    churchId: integer('igreja_id')
      .notNull()
      .references(() => churches.id, { onDelete: 'cascade' }),
    planId: integer('escala_id')
      .notNull()
      .references(() => teamPlans.id, { onDelete: 'cascade' }),
    planPositionId: integer('escala_posicao_id')
      .notNull()
      .references(() => planPositions.id, { onDelete: 'cascade' }),
    userId: integer('usuario_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    date: date('data', { mode: 'string' }).notNull(),
    startTime: time('horario').notNull(),
    state: text('estado').$type<AssignmentState>().notNull().default('pedida'),
    askedAt: timestamp('pedida_em', { withTimezone: true }).notNull().defaultNow(),
    answeredAt: timestamp('respondida_em', { withTimezone: true }),
    remindedAt: timestamp('lembrete_em', { withTimezone: true }),
    checkedInAt: timestamp('presenca_em', { withTimezone: true }),
    noShow: boolean('flag_falta').notNull().default(false),
    scheduledBy: integer('escalado_por').references(() => users.id, { onDelete: 'set null' }),
  },
  (t) => [
    uniqueIndex('escala_pessoa_momento_uq')
      .on(t.churchId, t.userId, t.date, t.startTime)
      .where(sql`${t.state} <> 'recusada'`),
    index('escala_pessoa_escala_idx').on(t.planId),
    index('escala_pessoa_usuario_idx').on(t.churchId, t.userId, t.date),
  ],
);

/** Days a volunteer cannot serve (set on /user). */
export const blockouts = pgTable(
  'equipe_bloqueio',
  {
    id: serial('id').primaryKey(),
    churchId: integer('igreja_id')
      .notNull()
      .references(() => churches.id, { onDelete: 'cascade' }),
    userId: integer('usuario_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    startDate: date('inicio', { mode: 'string' }).notNull(),
    endDate: date('fim', { mode: 'string' }).notNull(),
    reason: text('motivo'),
  },
  (t) => [
    index('equipe_bloqueio_usuario_idx').on(t.churchId, t.userId, t.startDate),
    check('equipe_bloqueio_datas_ck', sql`${t.endDate} >= ${t.startDate}`),
  ],
);

export type SwapState = 'aberta' | 'aguardando' | 'feita' | 'recusada' | 'cancelada';

/**
 * A volunteer who cannot serve asks for a swap (docs/volunteers.md "Swaps"): open to the team or
 * to one named member; the first to accept takes the place (one conditional update decides), or
 * waits for a leader when the team asks for approval. One live swap per assignment.
 */
export const rotaSwaps = pgTable(
  'escala_troca',
  {
    id: serial('id').primaryKey(),
    churchId: integer('igreja_id')
      .notNull()
      .references(() => churches.id, { onDelete: 'cascade' }),
    teamId: integer('equipe_id')
      .notNull()
      .references(() => teams.id, { onDelete: 'cascade' }),
    planId: integer('escala_id')
      .notNull()
      .references(() => teamPlans.id, { onDelete: 'cascade' }),
    assignmentId: integer('escala_pessoa_id')
      .notNull()
      .references(() => assignments.id, { onDelete: 'cascade' }),
    requestedBy: integer('pedida_por')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    /** A named member; null: any member of the team. */
    targetUserId: integer('para_usuario_id').references(() => users.id, { onDelete: 'cascade' }),
    state: text('estado').$type<SwapState>().notNull().default('aberta'),
    takenBy: integer('tomada_por').references(() => users.id, { onDelete: 'set null' }),
    takenAt: timestamp('tomada_em', { withTimezone: true }),
    newAssignmentId: integer('nova_escala_pessoa_id').references(() => assignments.id, {
      onDelete: 'set null',
    }),
    decidedBy: integer('decidida_por').references(() => users.id, { onDelete: 'set null' }),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    uniqueIndex('escala_troca_viva_uq')
      .on(t.assignmentId)
      .where(sql`${t.state} in ('aberta', 'aguardando')`),
    index('escala_troca_equipe_idx').on(t.churchId, t.teamId, t.state),
    index('escala_troca_escala_idx').on(t.planId),
  ],
);
