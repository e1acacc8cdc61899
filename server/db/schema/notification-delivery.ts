// Reaching members outside the site (issue 45): each member's choices per kind of notice and
// channel, the devices that accepted web push, and what each push send reached.
import {
  boolean,
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

/**
 * A member's choice for one kind of notice on one channel. No row: on (the default); a row
 * keeps the member's last choice (docs/notifications.md "Preferences").
 */
export const notificationPreferences = pgTable(
  'notificacao_preferencia',
  {
    id: serial('id').primaryKey(),
    churchId: integer('igreja_id')
      .notNull()
      .references(() => churches.id, { onDelete: 'cascade' }),
    userId: integer('usuario_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    /** A NoticeKind of contract/notification-preferences.ts. */
    kind: text('tipo').notNull(),
    /** A Channel of contract/notification-preferences.ts. */
    channel: text('canal').notNull(),
    on: boolean('ativo').notNull(),
    updatedAt: timestamp('data_ultima_alteracao', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [uniqueIndex('notificacao_preferencia_uq').on(t.churchId, t.userId, t.kind, t.channel)],
);

/** One device (browser) of a member that accepted web push at a church. */
export const pushSubscriptions = pgTable(
  'push_inscricao',
  {
    id: serial('id').primaryKey(),
    churchId: integer('igreja_id')
      .notNull()
      .references(() => churches.id, { onDelete: 'cascade' }),
    userId: integer('usuario_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    /** The push service's URL for this browser; a browser has one per site. */
    endpoint: text('endpoint').notNull(),
    /** The browser's P-256 public key and auth secret (base64url), which encrypt each message. */
    p256dh: text('p256dh').notNull(),
    auth: text('auth').notNull(),
    /** What the member sees in their devices list ("Chrome on Android"). */
    label: text('rotulo').notNull(),
    createdAt: timestamp('data_cadastro', { withTimezone: true }).notNull().defaultNow(),
    lastSuccessAt: timestamp('data_ultimo_envio', { withTimezone: true }),
  },
  (t) => [
    uniqueIndex('push_inscricao_endpoint_uq').on(t.churchId, t.endpoint),
    index('push_inscricao_usuario_idx').on(t.churchId, t.userId),
  ],
);

/** One notice's push send: how many devices it reached (shown to staff beside the notice). */
export const pushSends = pgTable(
  'push_envio',
  {
    id: serial('id').primaryKey(),
    churchId: integer('igreja_id')
      .notNull()
      .references(() => churches.id, { onDelete: 'cascade' }),
    /** The first notification row of the send (the staff list's id of the notice). */
    notificationId: integer('notificacao_id').notNull(),
    /** 'queued', 'sending', 'done'. */
    status: text('status').notNull().default('queued'),
    reached: integer('alcancados').notNull().default(0),
    failed: integer('falhas').notNull().default(0),
    removed: integer('removidos').notNull().default(0),
    /** A product message's words in every language (title and text by `pt`/`en`/`es`): each member gets theirs; null: the notice's own. */
    texts: jsonb('textos').$type<Record<string, { title: string; body: string }>>(),
    /** The preference kind its audience gave it (noticeKindOf); null: inferred from the notice. */
    kind: text('tipo'),
    createdAt: timestamp('data_cadastro', { withTimezone: true }).notNull().defaultNow(),
    finishedAt: timestamp('data_conclusao', { withTimezone: true }),
  },
  (t) => [uniqueIndex('push_envio_notificacao_uq').on(t.churchId, t.notificationId)],
);

/**
 * A stream's occurrence whose "We're live" notice was sent (or skipped): inserted once per
 * church, stream and start, so two nodes never send it twice (docs/notifications.md "Live service").
 */
export const liveNotices = pgTable(
  'notificacao_ao_vivo',
  {
    id: serial('id').primaryKey(),
    churchId: integer('igreja_id')
      .notNull()
      .references(() => churches.id, { onDelete: 'cascade' }),
    streamId: integer('transmissao_id').notNull(),
    /** The occurrence's scheduled start (a weekly stream has one a week). */
    occurrence: timestamp('ocorrencia', { withTimezone: true }).notNull(),
    /** The notice sent, or null when one had just been sent by staff. */
    notificationId: integer('notificacao_id'),
    createdAt: timestamp('data_cadastro', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [uniqueIndex('notificacao_ao_vivo_uq').on(t.churchId, t.streamId, t.occurrence)],
);

/**
 * The language a member chose for what the church sends them (e-mails, pushes); no row: the
 * church's (docs/notifications.md "Language").
 */
export const notificationLanguages = pgTable(
  'notificacao_idioma',
  {
    id: serial('id').primaryKey(),
    churchId: integer('igreja_id')
      .notNull()
      .references(() => churches.id, { onDelete: 'cascade' }),
    userId: integer('usuario_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    /** A Lang of contract/language.ts. */
    language: text('idioma').notNull(),
    updatedAt: timestamp('data_ultima_alteracao', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [uniqueIndex('notificacao_idioma_uq').on(t.churchId, t.userId)],
);

/**
 * A staff notice to send later (docs/notifications.md "Scheduled sends"): the form as staff
 * filled it, and when. The job claims a due row by moving it from `agendada` to `enviando` in one
 * update, so one node sends it once; then it goes through the same send as "Send now".
 */
export const scheduledNotices = pgTable(
  'notificacao_agendada',
  {
    id: serial('id').primaryKey(),
    churchId: integer('igreja_id')
      .notNull()
      .references(() => churches.id, { onDelete: 'cascade' }),
    /** The staff member who scheduled it: the send is audited as theirs. */
    userId: integer('usuario_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    /** The notice as POST /admin/{slug}/notificacoes takes it (contract/notifications-staff.ts). */
    notice: jsonb('dados').$type<Record<string, unknown>>().notNull(),
    sendAt: timestamp('enviar_em', { withTimezone: true }).notNull(),
    /** 'agendada', 'enviando', 'enviada', 'cancelada', 'falhou'. */
    status: text('status').notNull().default('agendada'),
    /** The notice it became (the staff list's id). */
    notificationId: integer('notificacao_id'),
    /** Why it could not go (a field problem's key, e.g. the group was removed). */
    failure: text('falha'),
    /**
     * The claim's lease (docs/notifications.md "Scheduled sends"): when and by whom the row was
     * last moved to `enviando`. A row still `enviando` long after is taken over by another run.
     */
    claimedAt: timestamp('reivindicada_em', { withTimezone: true }),
    claimedBy: text('reivindicada_por'),
    createdAt: timestamp('data_cadastro', { withTimezone: true }).notNull().defaultNow(),
    updatedAt: timestamp('data_ultima_alteracao', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    index('notificacao_agendada_devida_idx').on(t.status, t.sendAt),
    index('notificacao_agendada_igreja_idx').on(t.churchId, t.status),
  ],
);

/**
 * A group's next meeting announced by its leader (docs/notifications.md "A group's next
 * meeting"): one row per group and meeting, so a leader announces each meeting once.
 */
export const groupMeetingNotices = pgTable(
  'grupo_aviso_encontro',
  {
    id: serial('id').primaryKey(),
    churchId: integer('igreja_id')
      .notNull()
      .references(() => churches.id, { onDelete: 'cascade' }),
    groupId: integer('grupo_id').notNull(),
    meetingAt: timestamp('encontro', { withTimezone: true }).notNull(),
    userId: integer('usuario_id').references(() => users.id, { onDelete: 'set null' }),
    createdAt: timestamp('data_cadastro', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [uniqueIndex('grupo_aviso_encontro_uq').on(t.churchId, t.groupId, t.meetingAt)],
);
