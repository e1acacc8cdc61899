// Live services (spec §2 "/live", MOD_CULTO) and the live chat (spec §3 Chat user, §4 Chat, §6):
// a church's streams, live now or upcoming, and the chat messages kept for history on join.
import { boolean, index, integer, pgTable, serial, text, timestamp } from 'drizzle-orm/pg-core';
import { churches } from './church.ts';
import { weeklyServices } from './schedule.ts';
import { users } from './users.ts';

/** One stream: where it plays (service + code/url/html), when, and the chat channel beside it. */
export const liveStreams = pgTable(
  'transmissao',
  {
    id: serial('id').primaryKey(),
    churchId: integer('igreja_id')
      .notNull()
      .references(() => churches.id, { onDelete: 'cascade' }),
    title: text('titulo').notNull(),
    description: text('descricao'),
    /** youtube | vimeo | facebook | hls | html (contract/live.ts streamServices). */
    service: text('servico').notNull(),
    /** Video id (YouTube, Vimeo) — the player builds the embed address from it. */
    code: text('codigo'),
    /** HLS playlist or Facebook video address. */
    url: text('url'),
    /** An embed snippet the church pasted (service html); shown only inside a sandboxed frame. */
    html: text('html'),
    startsAt: timestamp('inicio', { withTimezone: true }).notNull(),
    durationMinutes: integer('duracao_minutos').notNull().default(120),
    /** Repeats every week from `inicio` (a weekly service of the schedule). */
    weekly: boolean('flag_semanal').notNull().default(false),
    /** On air now (set by the church when the broadcast starts). */
    live: boolean('flag_ao_vivo').notNull().default(false),
    weeklyServiceId: integer('culto_agenda_id').references(() => weeklyServices.id, {
      onDelete: 'set null',
    }),
    /** The chat channel shown beside the stream (spec §2 /embed/chat channel). */
    channel: text('canal').notNull().default('culto'),
    active: boolean('flag_ativo').notNull().default(true),
  },
  (t) => [index('transmissao_igreja_idx').on(t.churchId, t.startsAt)],
);

/** A chat message; `flag_ativo` false once a moderator deleted it (spec §6). */
export const chatMessages = pgTable(
  'chat_mensagem',
  {
    id: serial('id').primaryKey(),
    churchId: integer('igreja_id')
      .notNull()
      .references(() => churches.id, { onDelete: 'cascade' }),
    channel: text('canal').notNull(),
    /** `u<userId>` for members, `a<random>` for name-only and anonymous users (spec §3 Chat user). */
    authorId: text('autor_id').notNull(),
    userId: integer('usuario_id').references(() => users.id, { onDelete: 'set null' }),
    authorName: text('autor_nome').notNull(),
    authorAvatar: text('autor_avatar'),
    text: text('texto').notNull(),
    active: boolean('flag_ativo').notNull().default(true),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    index('chat_mensagem_canal_idx').on(t.churchId, t.channel, t.id),
    index('chat_mensagem_autor_idx').on(t.churchId, t.authorId),
  ],
);
