// The church's invitations for its admins (docs/invitations.md): list, invite an e-mail (with
// roles), resend a new link, withdraw. Every write is a staffWrite (audited); the e-mail goes
// through the daily allowance (invitation-sends.service.ts).
import { and, count, desc, eq, isNull } from 'drizzle-orm';
import {
  INVITATIONS_PAGE_SIZE,
  INVITE_MAILS_PER_DAY,
  type Invitation,
  type InvitationInput,
  type InvitationSent,
  type InvitationsFilter,
  type InvitationsPage,
} from '../../contract/invitations.ts';
import { message, type MessageLang } from '../../contract/messages/index.ts';
import type { Database, Tx } from '../db/client.ts';
import * as t from '../db/schema/index.ts';
import { ApiProblem, notFound } from '../http/errors.ts';
import type { Mailer } from '../mail/outbox.ts';
import type { StaffActor } from '../staff/audit.ts';
import { staffWrite, type StaffWriteDeps } from '../staff/write.ts';
import { mailChurch, sendOne, sentToday, unsentTokenHash } from './invitation-sends.service.ts';
import { newInvitation, toInvitation, type InvitationRow as Row } from './invitations.service.ts';

async function ownInvitation(db: Database | Tx, churchId: number, id: number): Promise<Row> {
  const [row] = await db
    .select()
    .from(t.invitations)
    .where(and(eq(t.invitations.id, id), eq(t.invitations.churchId, churchId)));
  if (!row) throw notFound('staff.invitations.notFound');
  return row;
}

export async function listInvitations(
  db: Database,
  churchId: number,
  f: InvitationsFilter,
  now = new Date(),
): Promise<InvitationsPage> {
  const where = and(
    eq(t.invitations.churchId, churchId),
    f.estado === 'pendente' ? eq(t.invitations.state, 'pendente') : undefined,
  );
  const [rows, [total], today, [waiting]] = await Promise.all([
    db
      .select()
      .from(t.invitations)
      .where(where)
      .orderBy(desc(t.invitations.createdAt), desc(t.invitations.id))
      .limit(INVITATIONS_PAGE_SIZE)
      .offset((f.page - 1) * INVITATIONS_PAGE_SIZE),
    db.select({ n: count() }).from(t.invitations).where(where),
    sentToday(db, churchId, now),
    db
      .select({ n: count() })
      .from(t.invitations)
      .where(
        and(
          eq(t.invitations.churchId, churchId),
          eq(t.invitations.state, 'pendente'),
          isNull(t.invitations.sentAt),
        ),
      ),
  ]);
  const n = total?.n ?? 0;
  return {
    convites: rows.map((r) => toInvitation(r, now)),
    total: n,
    page: f.page,
    totalPages: Math.max(1, Math.ceil(n / INVITATIONS_PAGE_SIZE)),
    enviosHoje: today,
    limiteDiario: INVITE_MAILS_PER_DAY,
    aguardandoEnvio: waiting?.n ?? 0,
  };
}

function checkRoles(actor: StaffActor, roles: string[]) {
  if (roles.includes('ROLE_SUPER_ADMIN') && !actor.roles.includes('ROLE_SUPER_ADMIN'))
    throw new ApiProblem(403, 'staff.people.superAdminOnly', {
      roles: ['staff.people.superAdminOnly'],
    });
}

export interface InvitationDeps extends StaffWriteDeps {
  mailer: Mailer;
}

async function sentAnswer(
  deps: InvitationDeps,
  actor: StaffActor,
  lang: MessageLang,
  id: number,
  origin: string,
): Promise<InvitationSent> {
  const church = await mailChurch(deps.db, actor.churchId);
  await sendOne(deps.db, deps.mailer, church, id, origin);
  const row = await ownInvitation(deps.db, actor.churchId, id);
  // sent now, or by the job's pass that came first
  const sent = row.sentAt !== null;
  return {
    convite: toInvitation(row),
    enviado: sent,
    message: message(lang, sent ? 'staff.invitations.sent' : 'staff.invitations.queued', {
      email: row.email,
      limit: INVITE_MAILS_PER_DAY,
    }),
  };
}

/**
 * Invites an e-mail. The answer is the same whether or not an account has this e-mail elsewhere:
 * nothing of another church's person is read or shown; only a member of this church is told apart.
 */
export async function createInvitation(
  deps: InvitationDeps,
  actor: StaffActor,
  lang: MessageLang,
  input: InvitationInput,
  origin: string,
): Promise<InvitationSent> {
  const roles = [...new Set(input.roles)];
  checkRoles(actor, roles);
  const email = input.email.toLowerCase();
  const [member] = await deps.db
    .select({ id: t.churchUsers.id })
    .from(t.churchUsers)
    .innerJoin(t.users, eq(t.users.id, t.churchUsers.userId))
    .where(and(eq(t.churchUsers.churchId, actor.churchId), eq(t.users.email, email)));
  if (member)
    throw new ApiProblem(409, 'staff.invitations.alreadyMember', {
      email: ['staff.invitations.alreadyMember'],
    });
  const row = await staffWrite(
    deps,
    actor,
    (r: Row) => ({
      action: 'people.invite',
      kind: 'convite',
      targetId: r.id,
      summary: email,
      details: roles.length ? { roles } : {},
    }),
    async (tx) => {
      const [r] = await tx
        .insert(t.invitations)
        .values(newInvitation(actor.churchId, actor, { email, name: input.nome, roles }))
        .onConflictDoNothing()
        .returning();
      if (!r)
        throw new ApiProblem(409, 'staff.invitations.alreadyInvited', {
          email: ['staff.invitations.alreadyInvited'],
        });
      return r;
    },
    { purge: false },
  );
  return sentAnswer(deps, actor, lang, row.id, origin);
}

/** A new link for a pending (or expired) invitation; the old link stops working. */
export async function resendInvitation(
  deps: InvitationDeps,
  actor: StaffActor,
  lang: MessageLang,
  id: number,
  origin: string,
): Promise<InvitationSent> {
  const row = await ownInvitation(deps.db, actor.churchId, id);
  if (row.state !== 'pendente') throw new ApiProblem(409, 'staff.invitations.notPending');
  await staffWrite(
    deps,
    actor,
    { action: 'people.invite.resend', kind: 'convite', targetId: id, summary: row.email },
    async (tx) => {
      // the old link dies now; the new one is made when its e-mail goes out
      const [moved] = await tx
        .update(t.invitations)
        .set({ sentAt: null, tokenHash: unsentTokenHash() })
        .where(
          and(
            eq(t.invitations.id, id),
            eq(t.invitations.churchId, actor.churchId),
            eq(t.invitations.state, 'pendente'),
          ),
        )
        .returning({ id: t.invitations.id });
      if (!moved) throw new ApiProblem(409, 'staff.invitations.notPending');
    },
    { purge: false },
  );
  return sentAnswer(deps, actor, lang, id, origin);
}

/** Withdraws a pending invitation: its link stops working at once. */
export async function revokeInvitation(
  deps: StaffWriteDeps,
  actor: StaffActor,
  id: number,
): Promise<Invitation> {
  const row = await ownInvitation(deps.db, actor.churchId, id);
  const done = await staffWrite(
    deps,
    actor,
    { action: 'people.invite.revoke', kind: 'convite', targetId: id, summary: row.email },
    async (tx) => {
      const [r] = await tx
        .update(t.invitations)
        .set({ state: 'revogado', answeredAt: new Date() })
        .where(
          and(
            eq(t.invitations.id, id),
            eq(t.invitations.churchId, actor.churchId),
            eq(t.invitations.state, 'pendente'),
          ),
        )
        .returning();
      if (!r) throw new ApiProblem(409, 'staff.invitations.notPending');
      return r;
    },
    { purge: false },
  );
  return toInvitation(done);
}
