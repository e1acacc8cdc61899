// Invitations (docs/invitations.md): the one way a church links a person who is not yet its
// member. Staff invite an e-mail (optionally with roles); a people import invites the rows whose
// e-mail or CPF belongs to an account of elsewhere. The e-mail carries a single-use link whose
// token exists only in the e-mail: the table keeps its SHA-256, made when the e-mail is sent, so
// an invitation waiting for the church's daily allowance has no usable link yet. The person
// accepts while logged in as the invited e-mail (the only moment the church gets a member), or
// declines; staff list, resend (a new link) and withdraw.
import { and, asc, count, desc, eq, gt, inArray, isNull, sql } from 'drizzle-orm';
import {
  INVITATION_DAYS,
  INVITATION_PARAM,
  INVITATIONS_PAGE_SIZE,
  INVITE_MAILS_PER_DAY,
  type Invitation,
  type InvitationAnswer,
  type InvitationInput,
  type InvitationSent,
  type InvitationsFilter,
  type InvitationsPage,
  type InvitationView,
  type InvitationViewState,
} from '../../contract/invitations.ts';
import { message, messageLangOfLocale, type MessageLang } from '../../contract/messages/index.ts';
import { randomToken, sha256 } from '../auth/tokens.ts';
import type { Database, Tx } from '../db/client.ts';
import * as t from '../db/schema/index.ts';
import { ApiProblem, notFound } from '../http/errors.ts';
import { log } from '../log.ts';
import type { Mailer } from '../mail/outbox.ts';
import { recordAudit, type StaffActor } from '../staff/audit.ts';
import { staffWrite, type StaffWriteDeps } from '../staff/write.ts';
import { addMembership } from '../users/memberships.service.ts';
import { invitationMail } from './invitation-mail.ts';

type Row = typeof t.invitations.$inferSelect;

const DAY_MS = 24 * 60 * 60_000;
/** The first key of the per-church lock around an invitation e-mail's claim. */
const INVITE_LOCK = 7301;
const LINK_MS = INVITATION_DAYS * DAY_MS;

/** A hash no link has: the invitation is usable only once its e-mail made a real token. */
export const unsentTokenHash = () => sha256(`unsent:${randomToken()}`);

export function viewState(
  row: Pick<Row, 'state' | 'expiresAt'>,
  now = new Date(),
): InvitationViewState {
  if (row.state === 'pendente' && row.expiresAt.getTime() <= now.getTime()) return 'expirado';
  return row.state;
}

export const toInvitation = (row: Row, now = new Date()): Invitation => ({
  id: row.id,
  email: row.email,
  nome: row.name,
  roles: row.roles,
  estado: viewState(row, now),
  origem: row.importId === null ? 'equipe' : 'importacao',
  criadoPor: row.createdByName,
  criadoEm: row.createdAt.toISOString(),
  expiraEm: row.expiresAt.toISOString(),
  enviadoEm: row.sentAt?.toISOString() ?? null,
  envios: row.sends,
  respondidoEm: row.answeredAt?.toISOString() ?? null,
});

/** A pending invitation's row values (the import writes these too). */
export const newInvitation = (
  churchId: number,
  actor: { userId: number; name: string },
  values: {
    email: string;
    name: string | null;
    roles?: string[];
    importId?: number | null;
    memberNumber?: string | null;
    groupIds?: number[];
  },
  now = new Date(),
) => ({
  churchId,
  email: values.email.toLowerCase(),
  name: values.name,
  roles: values.roles ?? [],
  tokenHash: unsentTokenHash(),
  expiresAt: new Date(now.getTime() + LINK_MS),
  importId: values.importId ?? null,
  memberNumber: values.memberNumber ?? null,
  groupIds: values.groupIds ?? [],
  createdBy: actor.userId,
  createdByName: actor.name,
});

// ---- sending, under the church's daily allowance ----

interface ChurchMailInfo {
  id: number;
  name: string;
  locale: string;
}

async function mailChurch(db: Database, churchId: number): Promise<ChurchMailInfo> {
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
async function sendOne(
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

// ---- staff ----

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

/** Undo of an import: its invitations still waiting are withdrawn (accepted ones stay: the person chose). */
export async function withdrawImportInvitations(tx: Tx, churchId: number, ids: number[]) {
  if (!ids.length) return;
  await tx
    .update(t.invitations)
    .set({ state: 'revogado', answeredAt: new Date() })
    .where(
      and(
        eq(t.invitations.churchId, churchId),
        inArray(t.invitations.id, ids),
        eq(t.invitations.state, 'pendente'),
      ),
    );
}

// ---- the invited person ----

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
