// Two-factor sign-in (docs/security.md "Two-factor sign-in"): an account's TOTP secret, sealed at
// rest, its single-use recovery codes (only their SHA-256 kept), and the church setting that
// requires it of the church's staff.
import { boolean, index, integer, pgTable, serial, text, timestamp } from 'drizzle-orm/pg-core';
import { churches } from './church.ts';
import { users } from './users.ts';

export const userTwoFactor = pgTable('usuario_dois_fatores', {
  userId: integer('usuario_id')
    .primaryKey()
    .references(() => users.id, { onDelete: 'cascade' }),
  /** The base32 secret sealed with AES-256-GCM (server/payments/secret-box.ts), bound to the account. */
  sealedSecret: text('segredo_selado').notNull(),
  /** False while enrolling: on once a first code confirmed the app has the secret. */
  active: boolean('flag_ativo').notNull().default(false),
  /** The last time step accepted: no code of it or before it is accepted again. */
  lastStep: integer('ultimo_passo'),
  createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  activatedAt: timestamp('ativado_em', { withTimezone: true }),
});

export const userRecoveryCodes = pgTable(
  'usuario_codigo_recuperacao',
  {
    id: serial('id').primaryKey(),
    userId: integer('usuario_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    /** SHA-256 of the code as typed without separators, in lower case. */
    codeHash: text('codigo_hash').notNull(),
    usedAt: timestamp('usado_em', { withTimezone: true }),
  },
  (t) => [index('usuario_codigo_recuperacao_usuario_idx').on(t.userId)],
);

/** A church's sign-in rules for its staff; no row: nothing required. */
export const churchSecurity = pgTable('igreja_seguranca', {
  churchId: integer('igreja_id')
    .primaryKey()
    .references(() => churches.id, { onDelete: 'cascade' }),
  /** Staff must sign in with a second factor before using /admin. */
  requireTwoFactor: boolean('exigir_dois_fatores').notNull().default(false),
  updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
});
