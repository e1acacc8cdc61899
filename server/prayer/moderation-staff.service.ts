// The staff area's moderation (docs/staff.md "Moderation"): prayer wall posts hidden and restored
// with a reason (the post's `flag_ativo`, and the decision in `oracao_moderacao`), the chat's
// history with deleted messages, and the moderation actions from the audit log, each part's with
// its own page (the wall's hides and restores, the chat's deletions and mutes, which the chat
// records there through `recordChatModeration` where they are stored).
import { and, count, desc, eq, like } from 'drizzle-orm';
import {
  MODERATION_PAGE_SIZE,
  type ChatHistory,
  type ModeratedPost,
  type ModerationAction,
  type ModerationPage,
} from '../../contract/moderation-staff.ts';
import type { Database, Tx } from '../db/client.ts';
import * as t from '../db/schema/index.ts';
import { ApiProblem, notFound } from '../http/errors.ts';
import { recordAudit, type StaffActor } from '../staff/audit.ts';
import { staffWrite, type StaffWriteDeps } from '../staff/write.ts';
import { log } from '../log.ts';

const CHAT_PAGE_SIZE = 50;
const snippet = (text: string) => (text.length > 80 ? `${text.slice(0, 79)}…` : text);

/** The church's wall posts: on the wall now, or hidden by a moderator; newest first. */
export async function moderationPage(
  db: Database,
  churchId: number,
  view: 'visiveis' | 'ocultos',
  page: number,
): Promise<ModerationPage> {
  const where = and(
    eq(t.prayers.churchId, churchId),
    eq(t.prayers.publishOnWall, true),
    view === 'visiveis'
      ? eq(t.prayers.active, true)
      : and(eq(t.prayers.active, false), eq(t.prayerModeration.hidden, true)),
  );
  const [rows, [total], acoes] = await Promise.all([
    db
      .select({ post: t.prayers, mod: t.prayerModeration })
      .from(t.prayers)
      .leftJoin(t.prayerModeration, eq(t.prayerModeration.prayerId, t.prayers.id))
      .where(where)
      .orderBy(desc(t.prayers.createdAt), desc(t.prayers.id))
      .limit(MODERATION_PAGE_SIZE)
      .offset((page - 1) * MODERATION_PAGE_SIZE),
    db
      .select({ n: count() })
      .from(t.prayers)
      .leftJoin(t.prayerModeration, eq(t.prayerModeration.prayerId, t.prayers.id))
      .where(where),
    moderationActions(db, churchId, 'moderation.prayer.%'),
  ]);
  return {
    oracoes: rows.map(({ post, mod }) => toPost(post, mod)),
    acoes,
    page,
    totalPages: Math.max(1, Math.ceil((total?.n ?? 0) / MODERATION_PAGE_SIZE)),
  };
}

/** The latest moderation records of the audit log of one part (the wall's or the chat's). */
async function moderationActions(
  db: Database,
  churchId: number,
  pattern: 'moderation.prayer.%' | 'moderation.chat.%',
): Promise<ModerationAction[]> {
  const rows = await db
    .select()
    .from(t.auditLog)
    .where(and(eq(t.auditLog.churchId, churchId), like(t.auditLog.action, pattern)))
    .orderBy(desc(t.auditLog.createdAt), desc(t.auditLog.id))
    .limit(50);
  return rows.map((a) => ({
    id: a.id,
    acao: a.action,
    por: a.userName,
    quando: a.createdAt.toISOString(),
    resumo: a.summary,
  }));
}

function toPost(
  post: typeof t.prayers.$inferSelect,
  mod: typeof t.prayerModeration.$inferSelect | null,
): ModeratedPost {
  return {
    id: post.id,
    nome: post.name,
    mensagem: post.message,
    quando: post.createdAt.toISOString(),
    oculto: !post.active,
    moderacao: mod
      ? { motivo: mod.reason, por: mod.userName, quando: mod.updatedAt.toISOString() }
      : null,
  };
}

async function wallPost(tx: Tx, churchId: number, id: number) {
  const [row] = await tx
    .select({ post: t.prayers, mod: t.prayerModeration })
    .from(t.prayers)
    .leftJoin(t.prayerModeration, eq(t.prayerModeration.prayerId, t.prayers.id))
    .where(
      and(
        eq(t.prayers.churchId, churchId),
        eq(t.prayers.id, id),
        eq(t.prayers.publishOnWall, true),
      ),
    );
  if (!row) throw notFound('staff.moderation.notFound');
  return row;
}

/** Hides a post from the wall (or restores one a moderator hid), with the reason and who. */
export function setHidden(
  deps: StaffWriteDeps,
  actor: StaffActor,
  id: number,
  hidden: boolean,
  reason: string,
) {
  return staffWrite(
    deps,
    actor,
    (post: ModeratedPost) => ({
      action: hidden ? 'moderation.prayer.hide' : 'moderation.prayer.restore',
      kind: 'oracao',
      targetId: id,
      summary: `${snippet(post.mensagem)} — ${reason}`,
      details: { motivo: reason },
    }),
    async (tx) => {
      const { post, mod } = await wallPost(tx, actor.churchId, id);
      if (hidden && !post.active) {
        // an author's own deletion is not on the wall: nothing to hide
        if (!mod?.hidden) throw notFound('staff.moderation.notFound');
        throw new ApiProblem(409, 'staff.moderation.alreadyHidden');
      }
      if (!hidden && (post.active || !mod?.hidden))
        throw new ApiProblem(409, 'staff.moderation.notHidden');
      const [saved] = await tx
        .update(t.prayers)
        .set({ active: !hidden })
        .where(eq(t.prayers.id, id))
        .returning();
      const decision = {
        hidden,
        reason,
        userId: actor.userId,
        userName: actor.name,
        updatedAt: new Date(),
      };
      const [moderation] = await tx
        .insert(t.prayerModeration)
        .values({ prayerId: id, churchId: actor.churchId, ...decision })
        .onConflictDoUpdate({ target: t.prayerModeration.prayerId, set: decision })
        .returning();
      return toPost(saved!, moderation!);
    },
  );
}

/** The chat's messages (deleted ones marked) and the moderation actions taken, newest first. */
export async function chatHistory(
  db: Database,
  churchId: number,
  channel: string | undefined,
  page: number,
): Promise<ChatHistory> {
  const where = and(
    eq(t.chatMessages.churchId, churchId),
    channel ? eq(t.chatMessages.channel, channel) : undefined,
  );
  const [rows, [total], channels, actions] = await Promise.all([
    db
      .select()
      .from(t.chatMessages)
      .where(where)
      .orderBy(desc(t.chatMessages.id))
      .limit(CHAT_PAGE_SIZE)
      .offset((page - 1) * CHAT_PAGE_SIZE),
    db.select({ n: count() }).from(t.chatMessages).where(where),
    db
      .selectDistinct({ canal: t.chatMessages.channel })
      .from(t.chatMessages)
      .where(eq(t.chatMessages.churchId, churchId))
      .orderBy(t.chatMessages.channel),
    moderationActions(db, churchId, 'moderation.chat.%'),
  ]);
  return {
    mensagens: rows.map((m) => ({
      id: m.id,
      canal: m.channel,
      autor: m.authorName,
      autorId: m.authorId,
      texto: m.text,
      quando: m.createdAt.toISOString(),
      apagada: !m.active,
    })),
    acoes: actions,
    canais: channels.map((c) => c.canal),
    page,
    totalPages: Math.max(1, Math.ceil((total?.n ?? 0) / CHAT_PAGE_SIZE)),
  };
}

/**
 * A chat moderator's action, recorded in the church's audit log where the chat stores it
 * (server/chat/chat.handlers.ts): who (a member moderator, `u<userId>`), what, on whose messages.
 */
export async function recordChatModeration(
  db: Database,
  room: { churchId: number; channel: string },
  moderator: { id: string; name: string } | undefined,
  action: 'delete' | 'deleteAuthor' | 'mute' | 'unmute',
  target: { messageId: number } | { authorId: string },
): Promise<void> {
  // chat moderators are always logged-in members (`u<userId>`, server/chat/chat.service.ts)
  if (!moderator || !/^u\d+$/.test(moderator.id)) return;
  const userId = Number(moderator.id.slice(1));
  // the chat never fails a moderator's action because its record could not be written
  try {
    await recordChatAction(db, room, { userId, name: moderator.name }, action, target);
  } catch (error) {
    log.error({ err: error }, '[moderation] chat moderation audit failed');
  }
}

async function recordChatAction(
  db: Database,
  room: { churchId: number; channel: string },
  moderator: { userId: number; name: string },
  action: 'delete' | 'deleteAuthor' | 'mute' | 'unmute',
  target: { messageId: number } | { authorId: string },
) {
  const { userId } = moderator;
  const [message] = await db
    .select({ id: t.chatMessages.id, author: t.chatMessages.authorName, text: t.chatMessages.text })
    .from(t.chatMessages)
    .where(
      and(
        eq(t.chatMessages.churchId, room.churchId),
        'messageId' in target
          ? eq(t.chatMessages.id, target.messageId)
          : eq(t.chatMessages.authorId, target.authorId),
      ),
    )
    .orderBy(desc(t.chatMessages.id))
    .limit(1);
  const author = message?.author ?? ('authorId' in target ? target.authorId : '?');
  const summary =
    action === 'delete' && message
      ? `${author}: ${snippet(message.text)}`
      : `${author} (${room.channel})`;
  await recordAudit(
    db,
    { userId, name: moderator.name, churchId: room.churchId, roles: [] },
    {
      action: `moderation.chat.${action}`,
      kind: 'chat',
      targetId: 'messageId' in target ? target.messageId : target.authorId,
      summary,
      details: { canal: room.channel },
    },
  );
}
