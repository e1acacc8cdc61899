// E-mail announcements (docs/notifications.md "E-mail announcements"): one send per notice or
// product message, one row per recipient claimed before its message goes (so a retry never sends
// twice), and the addresses whose mail server refused them for good.
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

/** What the staff page shows of whom a send was for (the form's audience, with its name). */
export type EmailAudience = { tipo: string; nome?: string };

/** One e-mail send: a staff notice's e-mail copies, an event reminder, a new event. */
export const emailSends = pgTable(
  'email_envio',
  {
    id: serial('id').primaryKey(),
    churchId: integer('igreja_id')
      .notNull()
      .references(() => churches.id, { onDelete: 'cascade' }),
    /** The first notification row of a staff notice (the staff list's id); null for product mail. */
    notificationId: integer('notificacao_id'),
    /** A NoticeKind (contract/notification-preferences.ts): whose e-mail preference applies. */
    kind: text('tipo').notNull(),
    /** Product mail's once-only key (`evento:12:lembrete`): two nodes never make the same send. */
    origin: text('origem'),
    subject: text('titulo').notNull(),
    body: text('corpo').notNull(),
    /** Product mail's subject and text in every language (by `pt`/`en`/`es`): each member gets theirs; null: `subject`/`body` for all. */
    texts: jsonb('textos').$type<Record<string, { subject: string; body: string }>>(),
    /** The page the message links to, if any (absolute URL). */
    link: text('link'),
    audience: jsonb('publico').$type<EmailAudience>().notNull(),
    /** 'preparando' while its recipients are added, 'enviando' until none is pending, then 'concluido'. */
    status: text('status').notNull().default('enviando'),
    total: integer('total').notNull().default(0),
    sent: integer('enviados').notNull().default(0),
    failed: integer('falhas').notNull().default(0),
    skipped: integer('pulados').notNull().default(0),
    bounced: integer('devolvidos').notNull().default(0),
    createdBy: integer('criado_por').references(() => users.id, { onDelete: 'set null' }),
    createdAt: timestamp('data_cadastro', { withTimezone: true }).notNull().defaultNow(),
    finishedAt: timestamp('data_conclusao', { withTimezone: true }),
  },
  (t) => [
    index('email_envio_igreja_idx').on(t.churchId, t.createdAt),
    index('email_envio_status_idx').on(t.status),
    uniqueIndex('email_envio_origem_uq')
      .on(t.churchId, t.origin)
      .where(sql`${t.origin} is not null`),
  ],
);

/**
 * One recipient of a send: 'pendente' → 'enviando' (claimed by one node, in its own commit) →
 * 'enviado' | 'falhou' | 'pulado' (preference off) | 'devolvido' (address bouncing). A claimed row
 * is never handed out again, so a message goes at most once.
 */
export const emailRecipients = pgTable(
  'email_destinatario',
  {
    id: serial('id').primaryKey(),
    churchId: integer('igreja_id')
      .notNull()
      .references(() => churches.id, { onDelete: 'cascade' }),
    sendId: integer('envio_id')
      .notNull()
      .references(() => emailSends.id, { onDelete: 'cascade' }),
    userId: integer('usuario_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    status: text('status').notNull().default('pendente'),
    error: text('erro'),
    updatedAt: timestamp('data_ultima_alteracao', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    uniqueIndex('email_destinatario_uq').on(t.sendId, t.userId),
    index('email_destinatario_status_idx').on(t.sendId, t.status),
  ],
);

/**
 * An address a mail server refused for good (an SMTP 5xx) or whose owner complained. Kept per
 * address for the whole platform: a mailbox that does not exist does not exist for any church.
 */
export const emailBounces = pgTable('email_devolvido', {
  email: text('email').primaryKey(),
  /** The SMTP reply code (550…) or 0 for a complaint. */
  code: integer('codigo').notNull(),
  reason: text('motivo').notNull(),
  createdAt: timestamp('data_cadastro', { withTimezone: true }).notNull().defaultNow(),
});
