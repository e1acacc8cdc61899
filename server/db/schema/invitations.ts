// Invitations (docs/invitations.md): the only way a church links a person who is not yet its
// member. The church invites an e-mail (by hand from the people page, or a row of a people import
// whose e-mail or CPF belongs to an account of elsewhere); the person accepts from the e-mailed
// link and only then becomes a member. The link's token is stored as its SHA-256 only.
import { sql } from 'drizzle-orm';
import {
  index,
  integer,
  jsonb,
  pgTable,
  serial,
  text,
  timestamp,
  uniqueIndex,
} from 'drizzle-orm/pg-core';
import { churches } from './church.ts';
import { users } from './users.ts';

/** pendente → aceito | recusado | revogado (expiry is read from `expira_em`, never stored). */
export const INVITATION_STATES = ['pendente', 'aceito', 'recusado', 'revogado'] as const;
export type InvitationState = (typeof INVITATION_STATES)[number];

export const invitations = pgTable(
  'convite',
  {
    id: serial('id').primaryKey(),
    churchId: integer('igreja_id')
      .notNull()
      .references(() => churches.id, { onDelete: 'cascade' }),
    /** Lower case; the account that accepts must have this e-mail. */
    email: text('email').notNull(),
    /** The name the church gave (the e-mail's greeting); never read from an account. */
    name: text('nome'),
    /** Staff roles the membership gets on accepting. */
    roles: jsonb('roles').$type<string[]>().notNull().default([]),
    state: text('estado').$type<InvitationState>().notNull().default('pendente'),
    tokenHash: text('token_hash').notNull().unique(),
    expiresAt: timestamp('expira_em', { withTimezone: true }).notNull(),
    /** The import whose row made it (null: invited by hand). */
    importId: integer('importacao_id'),
    /** From the import's row, applied on accepting when still free / still the church's. */
    memberNumber: text('numero_membro'),
    groupIds: jsonb('grupos').$type<number[]>().notNull().default([]),
    createdBy: integer('criado_por').references(() => users.id, { onDelete: 'set null' }),
    createdByName: text('criado_por_nome').notNull(),
    /** The link's e-mail went out (null: waiting for the church's daily allowance). */
    sentAt: timestamp('enviado_em', { withTimezone: true }),
    sends: integer('envios').notNull().default(0),
    answeredAt: timestamp('respondido_em', { withTimezone: true }),
    acceptedBy: integer('aceito_por').references(() => users.id, { onDelete: 'set null' }),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    // one open invitation per e-mail and church
    uniqueIndex('convite_pendente_uq')
      .on(t.churchId, t.email)
      .where(sql`${t.state} = 'pendente'`),
    index('convite_igreja_idx').on(t.churchId, t.createdAt),
    index('convite_a_enviar_idx')
      .on(t.churchId, t.id)
      .where(sql`${t.state} = 'pendente' and ${t.sentAt} is null`),
  ],
);

/** Every invitation e-mail sent, for the church's daily allowance (docs/invitations.md "Limits"). */
export const invitationSends = pgTable(
  'convite_envio',
  {
    id: serial('id').primaryKey(),
    churchId: integer('igreja_id')
      .notNull()
      .references(() => churches.id, { onDelete: 'cascade' }),
    invitationId: integer('convite_id')
      .notNull()
      .references(() => invitations.id, { onDelete: 'cascade' }),
    sentAt: timestamp('enviado_em', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [index('convite_envio_igreja_idx').on(t.churchId, t.sentAt)],
);
