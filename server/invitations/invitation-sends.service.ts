// An invitation's e-mail under the church's daily allowance (docs/invitations.md "Limits"): the
// link's token is made when its e-mail goes out, never before, and only while the church has sent
// fewer than its allowance in the last 24 hours.
import { and, asc, count, eq, gt, isNull, sql } from 'drizzle-orm';
import {
  INVITATION_DAYS,
  INVITATION_PARAM,
  INVITE_MAILS_PER_DAY,
} from '../../contract/invitations.ts';
import { messageLangOfLocale } from '../../contract/messages/index.ts';
import { randomToken, sha256 } from '../auth/tokens.ts';
import type { Database, Tx } from '../db/client.ts';
import * as t from '../db/schema/index.ts';
import { notFound } from '../http/errors.ts';
import { log } from '../log.ts';
import type { Mailer } from '../mail/outbox.ts';
import { invitationMail } from './invitation-mail.ts';

const DAY_MS = 24 * 60 * 60_000;
/** The first key of the per-church lock around an invitation e-mail's claim. */
const INVITE_LOCK = 7301;
export const LINK_MS = INVITATION_DAYS * DAY_MS;

/** A hash no link has: the invitation is usable only once its e-mail made a real token. */
export const unsentTokenHash = () => sha256(`unsent:${randomToken()}`);
export interface ChurchMailInfo {
  id: number;
  name: string;
  locale: string;
}

export async function mailChurch(db: Database, churchId: number): Promise<ChurchMailInfo> {
  const [row] = await db
    .select({ id: t.churches.id, name: t.churches.name, locale: t.churches.locale })
    .from(t.churches)
    .where(eq(t.churches.id, churchId));
  if (!row) throw notFound('staff.notFound');
  return row;
}

/** Invitation e-mails the church sent in the 24 hours before `now`. */
export async function sentToday(db: Database | Tx, churchId: number, now = new Date()) {
  const [row] = await db
    .select({ n: count() })
    .from(t.invitationSends)
    .where(
      and(
        eq(t.invitationSends.churchId, churchId),
        gt(t.invitationSends.sentAt, new Date(now.getTime() - DAY_MS)),
      ),
    );
  return row?.n ?? 0;
}

/**
 * Sends one pending invitation a fresh link if the church's allowance has room: the claim (a new
 * token's hash, the send counted) commits first under a per-church lock, so two nodes never pass
 * the allowance together; the e-mail goes after. A failed e-mail puts it back in the waiting list.
 */
export async function sendOne(
  db: Database,
  mailer: Mailer,
  church: ChurchMailInfo,
  invitationId: number,
  origin: string,
  now = new Date(),
): Promise<boolean> {
  const token = randomToken();
  const hash = sha256(token);
  const claimed = await db.transaction(async (tx) => {
    // the two-key lock space: no other feature's single-key locks share it
    await tx.execute(sql`select pg_advisory_xact_lock(${INVITE_LOCK}, ${church.id})`);
    if ((await sentToday(tx, church.id, now)) >= INVITE_MAILS_PER_DAY) return null;
    const [row] = await tx
      .update(t.invitations)
      .set({
        tokenHash: hash,
        expiresAt: new Date(now.getTime() + LINK_MS),
        sentAt: now,
        sends: sql`${t.invitations.sends} + 1`,
      })
      .where(
        and(
          eq(t.invitations.id, invitationId),
          eq(t.invitations.churchId, church.id),
          eq(t.invitations.state, 'pendente'),
          // once: a resend and the job's pass racing for it send one e-mail
          isNull(t.invitations.sentAt),
        ),
      )
      .returning();
    if (!row) return null;
    const [send] = await tx
      .insert(t.invitationSends)
      .values({ churchId: church.id, invitationId, sentAt: now })
      .returning({ id: t.invitationSends.id });
    return { row, sendId: send!.id };
  });
  if (!claimed) return false;
  const link = `${origin}/invitation?${INVITATION_PARAM}=${encodeURIComponent(token)}`;
  try {
    await mailer.send(
      invitationMail(messageLangOfLocale(church.locale), claimed.row.email, {
        name: claimed.row.name,
        church: church.name,
        link,
        withRoles: claimed.row.roles.length > 0,
      }),
    );
    return true;
  } catch (error) {
    log.error({ err: error, invitationId }, '[invitations] e-mail failed');
    await db.transaction(async (tx) => {
      await tx
        .update(t.invitations)
        .set({ sentAt: null, tokenHash: unsentTokenHash() })
        .where(and(eq(t.invitations.id, invitationId), eq(t.invitations.tokenHash, hash)));
      await tx.delete(t.invitationSends).where(eq(t.invitationSends.id, claimed.sendId));
    });
    return false;
  }
}

/** Sends the church's waiting invitations, oldest first, while its allowance lasts; how many went. */
export async function sendWaiting(
  db: Database,
  mailer: Mailer,
  churchId: number,
  origin: string,
  now = new Date(),
): Promise<number> {
  const church = await mailChurch(db, churchId);
  const room = INVITE_MAILS_PER_DAY - (await sentToday(db, churchId, now));
  if (room <= 0) return 0;
  const waiting = await db
    .select({ id: t.invitations.id })
    .from(t.invitations)
    .where(
      and(
        eq(t.invitations.churchId, churchId),
        eq(t.invitations.state, 'pendente'),
        isNull(t.invitations.sentAt),
      ),
    )
    .orderBy(asc(t.invitations.id))
    .limit(room);
  let sent = 0;
  for (const w of waiting) {
    if (!(await sendOne(db, mailer, church, w.id, origin, now))) break;
    sent++;
  }
  return sent;
}

/** Churches (active) with invitations waiting for their e-mail: the job's round. */
export async function churchesWithWaiting(db: Database) {
  return db
    .selectDistinct({ id: t.churches.id, code: t.churches.code })
    .from(t.invitations)
    .innerJoin(t.churches, eq(t.churches.id, t.invitations.churchId))
    .where(
      and(
        eq(t.invitations.state, 'pendente'),
        isNull(t.invitations.sentAt),
        eq(t.churches.active, true),
      ),
    );
}
