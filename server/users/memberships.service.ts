// A user's memberships of churches (spec §7 "Auth and user"): which churches hold the account,
// its roles there, joining, leaving on a deletion request, and the change of church.
import { and, asc, eq, inArray } from 'drizzle-orm';
import type { ChurchAccount } from '../../contract/user.ts';
import { verifyPassword } from '../auth/passwords.ts';
import type { Database, Db, Tx } from '../db/client.ts';
import * as t from '../db/schema/index.ts';
import { ApiProblem, fieldProblem } from '../http/errors.ts';
import { message, messageLangOfLocale } from '../../contract/messages/index.ts';
import { removePersonalData } from './deletion.service.ts';
import { stopMoneyAt } from './leaving.ts';
import { moneyStoppedMail } from './leaving-mail.ts';
import type { Mailer } from '../mail/outbox.ts';
import { log } from '../log.ts';
import { toChurchAccount } from './user.serializers.ts';

/** Church ids named by ?cliente= (one church) or ?organizacao= (its churches). */
export async function scopeChurchIds(
  db: Database,
  q: { cliente?: number | undefined; organizacao?: string | undefined },
): Promise<number[]> {
  if (q.cliente !== undefined) return [q.cliente];
  const rows = await db
    .select({ id: t.churches.id })
    .from(t.churches)
    .innerJoin(t.organizations, eq(t.organizations.id, t.churches.organizationId))
    .where(eq(t.organizations.slug, q.organizacao!));
  return rows.map((r) => r.id);
}

export async function churchAccountsOf(
  db: Database,
  userId: number,
  churchIds: number[],
): Promise<ChurchAccount[]> {
  if (!churchIds.length) return [];
  const rows = await db
    .select({ m: t.churchUsers, church: t.churches, congregation: t.congregations })
    .from(t.churchUsers)
    .innerJoin(t.churches, eq(t.churches.id, t.churchUsers.churchId))
    .leftJoin(t.congregations, eq(t.congregations.id, t.churchUsers.congregationId))
    .where(and(eq(t.churchUsers.userId, userId), inArray(t.churchUsers.churchId, churchIds)))
    .orderBy(asc(t.churches.name));
  return rows.map((r) => toChurchAccount(r.m, r.church, r.congregation));
}

export async function rolesOf(db: Database, userId: number, churchIds: number[]) {
  const rows = churchIds.length
    ? await db
        .select({ id: t.churches.id, code: t.churches.code, roles: t.churchUsers.roles })
        .from(t.churchUsers)
        .innerJoin(t.churches, eq(t.churches.id, t.churchUsers.churchId))
        .where(and(eq(t.churchUsers.userId, userId), inArray(t.churchUsers.churchId, churchIds)))
    : [];
  return rows.map((r) => ({ igreja: { id: r.id, codigo: r.code }, roles: r.roles }));
}

async function nextMemberNumber(userId: number): Promise<string> {
  return String(1000 + userId);
}

/** Makes the user a member of the church (a no-op when they already are). */
export async function addMembership(db: Db, churchId: number, userId: number): Promise<void> {
  await db
    .insert(t.churchUsers)
    .values({ churchId, userId, memberNumber: await nextMemberNumber(userId) })
    .onConflictDoNothing();
}

/** What leaving a church removes: the member's custom field values, card and membership. */
async function leaveChurch(tx: Tx, userId: number, churchId: number): Promise<void> {
  await tx
    .delete(t.customFieldValues)
    .where(and(eq(t.customFieldValues.userId, userId), eq(t.customFieldValues.churchId, churchId)));
  await tx
    .delete(t.memberCards)
    .where(and(eq(t.memberCards.userId, userId), eq(t.memberCards.churchId, churchId)));
  await tx
    .delete(t.churchUsers)
    .where(and(eq(t.churchUsers.userId, userId), eq(t.churchUsers.churchId, churchId)));
}

/**
 * A deletion request (spec §7 pedido-exclusao, password confirmed): carried out at once by the one
 * removal (deletion.service.ts), recorded as done by the person, so the staff's list shows it
 * done; their payments stay as financial records.
 */
export async function requestDeletion(
  db: Database,
  userId: number,
  churchId: number,
  password: string,
): Promise<void> {
  const [user] = await db.select().from(t.users).where(eq(t.users.id, userId));
  if (!user || !(await verifyPassword(user.passwordHash, password)))
    throw fieldProblem(422, 'senha', 'auth.wrongPassword');
  const [church] = await db
    .select({ locale: t.churches.locale })
    .from(t.churches)
    .where(eq(t.churches.id, churchId));
  const lang = messageLangOfLocale(church?.locale);
  await db.transaction(async (tx) => {
    const [request] = await tx
      .insert(t.deletionRequests)
      .values({ churchId, userId: user.id, email: user.email })
      .returning({ id: t.deletionRequests.id });
    await tx.insert(t.deletionsDone).values({
      requestId: request!.id,
      churchId,
      byName: message(lang, 'staff.people.byThemself'),
    });
    await removePersonalData(tx, churchId, user.id, message(lang, 'staff.people.removedName'));
  });
}

/**
 * Moves the member, their member number and children to another church of the same organisation.
 * What kept charging at the church left (recurring gifts, the Play plan) stops in the same
 * transaction (leaving.ts), and the member is e-mailed what stopped; their roles there stay behind.
 */
export async function changeChurch(
  db: Database,
  mailer: Mailer,
  membership: { userId: number; memberNumber: string | null },
  fromId: number,
  toId: number,
) {
  if (fromId === toId) throw new ApiProblem(400, 'church.sameChurch');
  const [from] = await db.select().from(t.churches).where(eq(t.churches.id, fromId));
  const [to] = await db.select().from(t.churches).where(eq(t.churches.id, toId));
  // Change of church happens inside the organisation of the church picker (spec §2 Other).
  if (!to || !to.active || !from?.organizationId || to.organizationId !== from.organizationId)
    throw new ApiProblem(404, 'church.notFound');
  const { userId } = membership;
  const stopped = await db.transaction(async (tx) => {
    const existing = await tx
      .select({ id: t.churchUsers.id })
      .from(t.churchUsers)
      .where(and(eq(t.churchUsers.userId, userId), eq(t.churchUsers.churchId, toId)));
    if (existing.length)
      await tx
        .update(t.churchUsers)
        .set({ active: true })
        .where(eq(t.churchUsers.id, existing[0]!.id));
    else
      await tx
        .insert(t.churchUsers)
        .values({ churchId: toId, userId, memberNumber: membership.memberNumber });
    await tx
      .update(t.userChildren)
      .set({ churchId: toId })
      .where(and(eq(t.userChildren.userId, userId), eq(t.userChildren.churchId, fromId)));
    const running = await stopMoneyAt(tx, fromId, userId);
    await leaveChurch(tx, userId, fromId);
    return running;
  });
  const [user] = await db
    .select({ email: t.users.email, name: t.users.firstName })
    .from(t.users)
    .where(eq(t.users.id, userId));
  const mail =
    user &&
    moneyStoppedMail(
      messageLangOfLocale(from.locale),
      user.email,
      { name: user.name, from: from.name, to: to.name },
      stopped,
    );
  // the move is done; a mail that fails to send never undoes it
  if (mail)
    await mailer
      .send(mail)
      .catch((error: unknown) => log.error({ err: error }, '[users] e-mail failed'));
  return to;
}
