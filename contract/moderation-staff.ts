// The staff area's moderation (docs/staff.md "Moderation"): prayer wall posts hidden and restored
// with a reason, and the chat's history with the moderation actions taken and by whom.
// Field messages are `staff.moderation.*` keys (contract/messages/staff-worship.ts).
import './common.ts'; // zod's browser setting comes before any schema
import { z } from 'zod';

export const idParams = z.object({ id: z.coerce.number().int().min(1).max(2_147_483_647) });

export const moderationQuery = z.object({
  /** `visiveis` (on the wall now) or `ocultos` (hidden by a moderator). */
  vista: z.enum(['visiveis', 'ocultos']).default('visiveis'),
  page: z.coerce.number().int().min(1).max(100_000).default(1),
});

/** POST /moderacao/oracao/{id}/ocultar and …/restaurar: why (kept in the audit log). */
export const moderationInput = z.object({
  motivo: z
    .string({ error: 'v.required' })
    .trim()
    .min(3, { error: 'staff.moderation.reasonRequired' })
    .max(300, { error: 'staff.moderation.tooLong' }),
});

export const moderatedPostSchema = z.object({
  id: z.number(),
  nome: z.string().nullable(),
  mensagem: z.string(),
  quando: z.string(),
  oculto: z.boolean(),
  /** The last moderator's decision on it, if any. */
  moderacao: z.object({ motivo: z.string(), por: z.string(), quando: z.string() }).nullable(),
});
export type ModeratedPost = z.infer<typeof moderatedPostSchema>;

export const MODERATION_PAGE_SIZE = 20;

/** A moderation action from the audit log: what, by whom, when. */
export const moderationActionSchema = z.object({
  id: z.number(),
  acao: z.string(),
  por: z.string(),
  quando: z.string(),
  resumo: z.string(),
});
export type ModerationAction = z.infer<typeof moderationActionSchema>;

export const moderationPageSchema = z.object({
  oracoes: z.array(moderatedPostSchema),
  /** The latest hide and restore decisions on the wall (`moderation.prayer.*`). */
  acoes: z.array(moderationActionSchema),
  page: z.number(),
  totalPages: z.number(),
});
export type ModerationPage = z.infer<typeof moderationPageSchema>;

export const chatHistoryQuery = z.object({
  canal: z.string().trim().max(100).optional(),
  page: z.coerce.number().int().min(1).max(100_000).default(1),
});

/** A chat message as moderators review it: deleted ones included. */
export const chatEntrySchema = z.object({
  id: z.number(),
  canal: z.string(),
  autor: z.string(),
  autorId: z.string(),
  texto: z.string(),
  quando: z.string(),
  apagada: z.boolean(),
});

export const chatHistorySchema = z.object({
  mensagens: z.array(chatEntrySchema),
  /** The latest chat moderation actions (`moderation.chat.*`); the wall's are on its page. */
  acoes: z.array(moderationActionSchema),
  canais: z.array(z.string()),
  page: z.number(),
  totalPages: z.number(),
});
export type ChatHistory = z.infer<typeof chatHistorySchema>;
export type ChatEntry = z.infer<typeof chatEntrySchema>;
