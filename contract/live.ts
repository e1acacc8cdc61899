// Live services (spec §2 "/live", "/embed/player", MOD_CULTO) and the live chat (spec §2
// "/embed/chat", §3 Chat user, §4 Chat, §6 moderators). Streams are read over HTTP
// (`GET /igreja/{slug}/transmissao/`); the chat speaks socket.io events whose payloads are here.
import { z } from 'zod';
import { slugParam } from './common.ts';

export const STREAM_SERVICES = ['youtube', 'vimeo', 'facebook', 'hls', 'html'] as const;
export const streamServiceSchema = z.enum(STREAM_SERVICES);
export type StreamService = z.infer<typeof streamServiceSchema>;

export const streamSchema = z.object({
  id: z.number().int(),
  titulo: z.string(),
  descricao: z.string().nullable(),
  servico: streamServiceSchema,
  /** Video id for youtube and vimeo. */
  codigo: z.string().nullable(),
  /** HLS playlist or Facebook video address. */
  url: z.string().nullable(),
  /** Embed HTML pasted by the church (service html), shown only in a sandboxed frame. */
  html: z.string().nullable(),
  /** ISO 8601: the next (or current) start. */
  inicio: z.string(),
  duracaoMinutos: z.number().int(),
  flagAoVivo: z.boolean(),
  flagSemanal: z.boolean(),
  /** The weekly service it belongs to (schedule, `GET /igreja/{slug}/agenda/`). */
  cultoAgendaId: z.number().int().nullable(),
  /** Chat channel shown beside it. */
  canal: z.string(),
});
export type Stream = z.infer<typeof streamSchema>;

/** `GET /igreja/{slug}/transmissao/`: the stream on air (if any) and the next ones, soonest first. */
export const streamsResponseSchema = z.object({
  aoVivo: streamSchema.nullable(),
  proximas: z.array(streamSchema),
});
export type StreamsResponse = z.infer<typeof streamsResponseSchema>;
export const streamsParams = z.object({ slug: slugParam });

// ---- /embed/player (spec §2: queries service, code, html, url) ----

const httpUrl = z
  .string()
  .trim()
  .max(2000)
  .refine((v) => /^https?:\/\//i.test(v) || v.startsWith('/'), 'Invalid URL.');
export const playerQuery = z.object({
  service: streamServiceSchema.optional(),
  code: z
    .string()
    .trim()
    .max(200)
    .regex(/^[A-Za-z0-9_-]+$/, 'Invalid code.')
    .optional(),
  html: z.string().max(5000).optional(),
  url: httpUrl.optional(),
});
export type PlayerQuery = z.infer<typeof playerQuery>;

// ---- chat (socket.io) ----

export const CHAT_DEFAULT_LIMIT = 50;
export const CHAT_MAX_LIMIT = 200;
export const CHAT_MAX_LENGTH = 500;
export const CHAT_MAX_NAME = 60;
/** Roles that moderate the chat of a church (spec §6 "the chat role is carried per user"). */
export const CHAT_MODERATOR_ROLES = ['ROLE_CHAT', 'ROLE_ADMIN', 'ROLE_SUPER_ADMIN'] as const;

export const channelSchema = z
  .string()
  .trim()
  .min(1)
  .max(60)
  .regex(/^[a-z0-9][a-z0-9_-]*$/i, 'Invalid channel.');

/** spec §3 Chat user. `autenticated` (the spec's spelling) is true for logged-in members. */
export const chatUserSchema = z.object({
  id: z.string(),
  name: z.string(),
  avatar: z.string().nullable(),
  email: z.string().nullable(),
  role: z.enum(['moderator', 'member', 'guest', 'anonymous']),
  autenticated: z.boolean(),
});
export type ChatUser = z.infer<typeof chatUserSchema>;

/** `join`: the room is the church (by slug) and channel. A token makes a member; a name a guest. */
export const chatJoinPayload = z.object({
  igreja: slugParam,
  channel: channelSchema,
  token: z.string().max(4000).optional(),
  name: z.string().trim().max(CHAT_MAX_NAME).optional(),
  /** The signed anonymous id given on an earlier join, to keep the same id (spec §3). */
  anonToken: z.string().max(200).optional(),
  limitMessages: z.number().int().min(1).max(CHAT_MAX_LIMIT).optional(),
  /** The newest message id the client saw: missed ones are filled in on reconnection. */
  since: z.number().int().min(0).optional(),
  lang: z.enum(['pt', 'en', 'es']).optional(),
});
export type ChatJoinPayload = z.infer<typeof chatJoinPayload>;

export const chatMessageSchema = z.object({
  id: z.number().int(),
  authorId: z.string(),
  name: z.string(),
  avatar: z.string().nullable(),
  text: z.string(),
  /** ISO 8601. */
  createdAt: z.string(),
});
export type ChatMessage = z.infer<typeof chatMessageSchema>;

export const commitStateSchema = z.object({ id: z.string(), hands: z.number().int() }).nullable();
export type CommitState = z.infer<typeof commitStateSchema>;

export const chatJoinAnswer = z.object({
  status: z.literal(true),
  user: chatUserSchema,
  anonToken: z.string().nullable(),
  history: z.array(chatMessageSchema),
  commit: commitStateSchema,
  /** A moderator muted this person (or connection): the chat shows it at once and keeps the box shut. */
  muted: z.boolean(),
});
export type ChatJoinAnswer = z.infer<typeof chatJoinAnswer>;

export const chatFailure = z.object({ status: z.literal(false), message: z.string() });
export type ChatFailure = z.infer<typeof chatFailure>;

/** `message`: the room named again, so a message aimed at another room is refused. */
export const chatSendPayload = z.object({
  igreja: slugParam,
  channel: channelSchema,
  text: z.string(),
});
export const chatSendAnswer = z.union([
  z.object({ status: z.literal(true), message: chatMessageSchema }),
  chatFailure,
]);
export type ChatSendAnswer = z.infer<typeof chatSendAnswer>;

export const chatDeletePayload = z.object({ messageId: z.number().int().positive() });
export const chatAuthorPayload = z.object({ authorId: z.string().min(1).max(80) });
export const chatCommitAnswerPayload = z.object({
  id: z.string().max(80),
  answer: z.enum(['hand', 'dismiss']),
});
export const chatOkAnswer = z.union([
  z.object({ status: z.literal(true), count: z.number().int().optional() }),
  chatFailure,
]);
export type ChatOkAnswer = z.infer<typeof chatOkAnswer>;

/** Events the server sends to a room. */
export interface ChatServerEvents {
  message: (message: ChatMessage) => void;
  /** Messages removed by a moderator: gone for everyone at once. */
  deleted: (payload: { ids: number[] }) => void;
  /** spec §4: the commit-to-Jesus moment started (id) or ended (null). */
  commit: (state: CommitState) => void;
  /** Moderators only: the raised hands so far. */
  'commit:count': (payload: { id: string; hands: number }) => void;
  /** You were muted by a moderator for this session. */
  muted: (payload: { message: string }) => void;
  /** spec §4 users joining: someone with a name came in (once, not at each reconnect). */
  joined: (payload: { name: string }) => void;
}
