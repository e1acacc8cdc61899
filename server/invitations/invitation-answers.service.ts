// The invited person's answer (docs/invitations.md): see the invitation of a link, accept it
// while logged in as the invited e-mail (a member of the church from then on) or decline it.
import { and, eq, gt, inArray, sql } from 'drizzle-orm';
import type { InvitationAnswer, InvitationView } from '../../contract/invitations.ts';
import { message, type MessageLang } from '../../contract/messages/index.ts';
import { sha256 } from '../auth/tokens.ts';
import type { Database, Tx } from '../db/client.ts';
import * as t from '../db/schema/index.ts';
import { ApiProblem } from '../http/errors.ts';
import { recordAudit } from '../staff/audit.ts';
import { addMembership } from '../users/memberships.service.ts';
import { viewState, type InvitationRow as Row } from './invitations.service.ts';

interface Found {
  row: Row;
  church: { id: number; nome: string; codigo: string; locale: string };
}

/** The invitation of a link, usable (pending, not expired, its church active), or the reason not. */
async function byToken(db: Database | Tx, token: string, now = new Date()): Promise<Found> {
  const [found] = await db
    .select({
      row: t.invitations,
      church: {
        id: t.churches.id,
        nome: t.churches.name,
        codigo: t.churches.code,
        locale: t.churches.locale,
        active: t.churches.active,
      },
    })
    .from(t.invitations)
    .innerJoin(t.churches, eq(t.churches.id, t.invitations.churchId))
    .where(eq(t.invitations.tokenHash, sha256(token)));
  if (!found || !found.church.active || found.row.sentAt === null)
    throw new ApiProblem(404, 'invitation.invalid', { token: ['invitation.invalid'] });
  const state = viewState(found.row, now);
  if (state === 'revogado') throw new ApiProblem(410, 'invitation.revoked');
  if (state === 'aceito' || state === 'recusado') throw new ApiProblem(409, 'invitation.used');
  if (state === 'expirado') throw new ApiProblem(410, 'invitation.expired');
  const { active: _active, ...church } = found.church;
  return { row: found.row, church };
}

const publicChurch = (c: Found['church']) => ({ id: c.id, nome: c.nome, codigo: c.codigo });

export async function viewInvitation(db: Database, token: string): Promise<InvitationView> {
  const { row, church } = await byToken(db, token);
  const [account] = await db
    .select({ id: t.users.id })
    .from(t.users)
    .where(eq(t.users.email, row.email));
  return {
    igreja: publicChurch(church),
    email: row.email,
    roles: row.roles,
    expiraEm: row.expiresAt.toISOString(),
    contaExiste: !!account,
  };
}

/** The logged-in person accepts: a member of the church from now on, with the invitation's roles. */
export async function acceptInvitation(
  db: Database,
  token: string,
  user: { userId: number },
  lang: MessageLang,
): Promise<InvitationAnswer> {
  const { row, church } = await byToken(db, token);
  const [account] = await db
    .select({
      id: t.users.id,
      email: t.users.email,
      first: t.users.firstName,
      last: t.users.lastName,
    })
    .from(t.users)
    .where(eq(t.users.id, user.userId));
  if (!account || account.email.toLowerCase() !== row.email)
    throw new ApiProblem(403, 'invitation.otherAccount', undefined, { email: row.email });
  await db.transaction(async (tx) => {
    const [taken] = await tx
      .update(t.invitations)
      .set({ state: 'aceito', answeredAt: new Date(), acceptedBy: account.id })
      .where(
        and(
          eq(t.invitations.id, row.id),
          eq(t.invitations.state, 'pendente'),
          eq(t.invitations.tokenHash, row.tokenHash),
          gt(t.invitations.expiresAt, new Date()),
        ),
      )
      .returning({ id: t.invitations.id });
    if (!taken) throw new ApiProblem(409, 'invitation.used');
    const [before] = await tx
      .select({ id: t.churchUsers.id })
      .from(t.churchUsers)
      .where(and(eq(t.churchUsers.churchId, church.id), eq(t.churchUsers.userId, account.id)));
    await addMembership(tx, church.id, account.id);
    if (!before) await applyRowDetails(tx, church.id, account.id, row);
    // a former member the church invited back is active again; roles are added to any they hold
    await tx
      .update(t.churchUsers)
      .set({
        active: true,
        roles: sql`(select coalesce(jsonb_agg(distinct r), '[]'::jsonb) from jsonb_array_elements_text(${t.churchUsers.roles} || ${JSON.stringify(row.roles)}::jsonb) as r)`,
      })
      .where(and(eq(t.churchUsers.churchId, church.id), eq(t.churchUsers.userId, account.id)));
    await recordAudit(
      tx,
      {
        userId: account.id,
        name: [account.first, account.last].filter(Boolean).join(' '),
        churchId: church.id,
        roles: [],
      },
      {
        action: 'people.invite.accept',
        kind: 'convite',
        targetId: row.id,
        summary: row.email,
        details: row.roles.length ? { roles: row.roles } : {},
      },
    );
  });
  return {
    status: true,
    message: message(lang, 'invitation.accepted', { church: church.nome }),
    igreja: publicChurch(church),
  };
}

/**
 * An import's details of the row (member number, groups) on a membership the accept just made:
 * the number only while no other member holds it, the groups only while they are the church's.
 */
async function applyRowDetails(tx: Tx, churchId: number, userId: number, row: Row) {
  if (row.memberNumber) {
    const [holder] = await tx
      .select({ id: t.churchUsers.id })
      .from(t.churchUsers)
      .where(
        and(eq(t.churchUsers.churchId, churchId), eq(t.churchUsers.memberNumber, row.memberNumber)),
      );
    if (!holder)
      await tx
        .update(t.churchUsers)
        .set({ memberNumber: row.memberNumber })
        .where(and(eq(t.churchUsers.churchId, churchId), eq(t.churchUsers.userId, userId)));
  }
  if (!row.groupIds.length) return;
  const groups = await tx
    .select({ id: t.groups.id })
    .from(t.groups)
    .where(
      and(
        eq(t.groups.churchId, churchId),
        inArray(t.groups.id, row.groupIds),
        sql`${t.groups.leaderId} is distinct from ${userId}`,
      ),
    );
  if (groups.length)
    await tx
      .insert(t.groupMembers)
      .values(groups.map((g) => ({ churchId, groupId: g.id, userId })))
      .onConflictDoNothing();
}

/** The person declines (the link is proof enough: it reached their mailbox). */
export async function declineInvitation(
  db: Database,
  token: string,
  lang: MessageLang,
): Promise<InvitationAnswer> {
  const { row, church } = await byToken(db, token);
  const [done] = await db
    .update(t.invitations)
    .set({ state: 'recusado', answeredAt: new Date() })
    .where(
      and(
        eq(t.invitations.id, row.id),
        eq(t.invitations.state, 'pendente'),
        eq(t.invitations.tokenHash, row.tokenHash),
      ),
    )
    .returning({ id: t.invitations.id });
  if (!done) throw new ApiProblem(409, 'invitation.used');
  return {
    status: true,
    message: message(lang, 'invitation.declined', { church: church.nome }),
    igreja: publicChurch(church),
  };
}
