// Groups (cells, spec §2 "/groups", MOD_CELULA; §7 "Groups and studies"): the church's groups with
// their leader, meeting day and address, the studies they follow, their members, the admission
// requests members send to the leader (spec §4) and the records of past meetings.
import { sql } from 'drizzle-orm';
import {
  boolean,
  check,
  doublePrecision,
  index,
  integer,
  pgTable,
  serial,
  text,
  timestamp,
  uniqueIndex,
} from 'drizzle-orm/pg-core';
import { churches } from './church.ts';
import { contents } from './content.ts';
import { users } from './users.ts';

/** A group (célula). `weekday` is ISO like the services' (spec §9): 1 Monday … 7 Sunday; `time` is "HH:MM" local time. */
export const groups = pgTable(
  'celula',
  {
    id: serial('id').primaryKey(),
    churchId: integer('igreja_id')
      .notNull()
      .references(() => churches.id, { onDelete: 'cascade' }),
    name: text('nome').notNull(),
    description: text('descricao'),
    leaderId: integer('lider_id').references(() => users.id, { onDelete: 'set null' }),
    weekday: integer('dia_semana').notNull(),
    time: text('horario').notNull(),
    street: text('logradouro'),
    number: text('numero'),
    complement: text('complemento'),
    neighborhood: text('bairro'),
    city: text('cidade'),
    state: text('estado'),
    zipCode: text('cep'),
    latitude: doublePrecision('latitude'),
    longitude: doublePrecision('longitude'),
    active: boolean('flag_ativo').notNull().default(true),
    /** Open to join requests, or full (docs/staff.md "Groups"). */
    open: boolean('flag_aberta').notNull().default(true),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    index('celula_igreja_idx').on(t.churchId, t.name),
    check('celula_dia_semana_ck', sql`${t.weekday} between 1 and 7`),
  ],
);

/** The studies (conteudo rows of kind estudo) a group follows. */
export const groupStudies = pgTable(
  'celula_estudo',
  {
    id: serial('id').primaryKey(),
    churchId: integer('igreja_id')
      .notNull()
      .references(() => churches.id, { onDelete: 'cascade' }),
    groupId: integer('celula_id')
      .notNull()
      .references(() => groups.id, { onDelete: 'cascade' }),
    studyId: integer('estudo_id')
      .notNull()
      .references(() => contents.id, { onDelete: 'cascade' }),
    position: integer('ordem').notNull().default(0),
  },
  (t) => [uniqueIndex('celula_estudo_uq').on(t.groupId, t.studyId)],
);

/** A member of a group (the leader is not listed here: `celula.lider_id`). */
export const groupMembers = pgTable(
  'celula_membro',
  {
    id: serial('id').primaryKey(),
    churchId: integer('igreja_id')
      .notNull()
      .references(() => churches.id, { onDelete: 'cascade' }),
    groupId: integer('celula_id')
      .notNull()
      .references(() => groups.id, { onDelete: 'cascade' }),
    userId: integer('usuario_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    uniqueIndex('celula_membro_uq').on(t.groupId, t.userId),
    index('celula_membro_usuario_idx').on(t.churchId, t.userId),
    // by account alone: deleting accounts checks this table once per account (an import's undo)
    index('celula_membro_conta_idx').on(t.userId),
  ],
);

export type GroupRequestStatus = 'pendente' | 'aceita' | 'recusada';

/** A request to join a group (spec §4 "a group participation request goes to the leader"). */
export const groupRequests = pgTable(
  'celula_solicitacao',
  {
    id: serial('id').primaryKey(),
    churchId: integer('igreja_id')
      .notNull()
      .references(() => churches.id, { onDelete: 'cascade' }),
    groupId: integer('celula_id')
      .notNull()
      .references(() => groups.id, { onDelete: 'cascade' }),
    userId: integer('usuario_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    message: text('mensagem'),
    status: text('situacao').$type<GroupRequestStatus>().notNull().default('pendente'),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    answeredAt: timestamp('respondida_em', { withTimezone: true }),
  },
  // One pending request per member and group: a second one while it waits is refused (409).
  (t) => [
    uniqueIndex('celula_solicitacao_pendente_uq')
      .on(t.groupId, t.userId)
      .where(sql`${t.status} = 'pendente'`),
    index('celula_solicitacao_celula_idx').on(t.churchId, t.groupId, t.createdAt),
  ],
);

/** The record of a meeting that took place (spec §7 reuniao-registro). */
export const groupMeetings = pgTable(
  'celula_reuniao',
  {
    id: serial('id').primaryKey(),
    churchId: integer('igreja_id')
      .notNull()
      .references(() => churches.id, { onDelete: 'cascade' }),
    groupId: integer('celula_id')
      .notNull()
      .references(() => groups.id, { onDelete: 'cascade' }),
    date: timestamp('data', { withTimezone: true }).notNull(),
    theme: text('tema').notNull(),
    studyId: integer('estudo_id').references(() => contents.id, { onDelete: 'set null' }),
    attendance: integer('qtde_presentes').notNull().default(0),
    notes: text('observacoes'),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [index('celula_reuniao_celula_idx').on(t.churchId, t.groupId, t.date)],
);
