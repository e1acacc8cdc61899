// People import, writing (docs/staff.md "Moving in"): a batch's rows as accounts, memberships,
// addresses, group joins and invitations, each listed for undo (docs/performance.md "Statements of
// many rows"), and the invitations' e-mails after the commit.
import { eq } from 'drizzle-orm';
import { sendWaiting } from '../invitations/invitation-sends.service.ts';
import { newInvitation } from '../invitations/invitations.service.ts';
import { insertMany } from '../db/bulk-insert.ts';
import type { Tx } from '../db/client.ts';
import * as t from '../db/schema/index.ts';
import { randomToken, sha256 } from '../auth/tokens.ts';
import { accountMail } from '../mail/templates.ts';
import { fold } from './formats.ts';
import { bulk, NOTES_KEPT, recordItems, importCountry, type ImportRun } from './run.ts';
import { log } from '../log.ts';
import { type Candidate, type State, type Plan } from './people-match.ts';

/** An invitation link lasts a week: long enough for a member to read their e-mail. */
const INVITATION_MS = 7 * 24 * 60 * 60_000;

export interface Invite {
  userId: number;
  email: string;
  first: string;
  token: string;
}

/** Writes one row's plan; returns the ids it used and an invitation to send after commit. */
export async function writeRow(
  tx: Tx,
  run: ImportRun,
  c: Candidate,
  plan: Plan,
): Promise<{ userId: number; memberId: number; invite: Invite | null }> {
  const churchId = run.church.id;
  const items: { table: string; targetId: number }[] = [];
  if (plan.kind === 'convidar') {
    await inviteRows(tx, run, [{ c, plan }]);
    return { userId: -1, memberId: -1, invite: null };
  }
  let userId = plan.known?.id;
  let invite: Invite | null = null;
  // an account made here is listed alone: what the row adds to it goes with it (writeNewPeople)
  const created = userId === undefined;
  const list = (table: string, targetId: number) => {
    if (!created) items.push({ table, targetId });
  };
  if (userId === undefined) {
    const [row] = await tx
      .insert(t.users)
      .values({
        email: c.email,
        // no password: the account cannot log in until its person chooses one (the invitation)
        passwordHash: '',
        firstName: c.first,
        lastName: c.last,
        phone: c.phone,
        birthDate: c.birth,
        cpf: c.cpf,
      })
      .returning({ id: t.users.id });
    userId = row!.id;
    items.push({ table: 'usuario', targetId: userId });
    if (run.options.convidar) {
      const token = randomToken();
      await tx.insert(t.userTokens).values({
        userId,
        churchId,
        purpose: 'recovery',
        tokenHash: sha256(token),
        expiresAt: new Date(Date.now() + INVITATION_MS),
      });
      invite = { userId, email: c.email, first: c.first, token };
    }
  } else if (Object.keys(plan.fill).length) {
    await tx
      .update(t.users)
      .set({ ...plan.fill, updatedAt: new Date() })
      .where(eq(t.users.id, userId));
  }
  let memberId = plan.known?.membership?.id;
  if (memberId === undefined) {
    const [row] = await tx
      .insert(t.churchUsers)
      .values({ churchId, userId, memberNumber: plan.memberNumber })
      .returning({ id: t.churchUsers.id });
    memberId = row!.id;
    list('igreja_usuario', memberId);
  } else if (plan.memberNumber) {
    await tx
      .update(t.churchUsers)
      .set({ memberNumber: plan.memberNumber })
      .where(eq(t.churchUsers.id, memberId));
  }
  if (plan.address) {
    const [row] = await tx
      .insert(t.userAddresses)
      .values({
        userId,
        country: importCountry(run.church),
        state: c.state,
        city: c.city!,
        neighborhood: c.neighborhood,
        street: c.street!,
        zipCode: c.zip,
      })
      .returning({ id: t.userAddresses.id });
    list('usuario_endereco', row!.id);
  }
  for (const groupId of plan.groupIds) {
    const [row] = await tx
      .insert(t.groupMembers)
      .values({ churchId, groupId, userId })
      .onConflictDoNothing()
      .returning({ id: t.groupMembers.id });
    if (row) list('celula_membro', row.id);
  }
  await recordItems(tx, run, items);
  return { userId, memberId, invite };
}

/**
 * Invitations for rows of accounts of elsewhere (one per e-mail: one already waiting is kept),
 * listed for undo; their e-mails go out after the commit, within the church's daily allowance.
 */
export async function inviteRows(
  tx: Tx,
  run: ImportRun,
  rows: { c: Candidate; plan: Plan }[],
): Promise<void> {
  if (!rows.length) return;
  const made = await tx
    .insert(t.invitations)
    .values(
      rows.map(({ c, plan }, i) => {
        const row = newInvitation(run.church.id, run.actor, {
          email: c.email,
          name: c.first,
          importId: run.importId,
          memberNumber: plan.memberNumber,
          groupIds: plan.groupIds.filter((id) => id > 0),
        });
        return i ? row : { ...row, churchId: bulk(row.churchId) };
      }),
    )
    .onConflictDoNothing()
    .returning({ id: t.invitations.id });
  await recordItems(
    tx,
    run,
    made.map((m) => ({ table: 'convite', targetId: m.id })),
  );
}

/** The invitations' e-mails (as many as the church's allowance takes; the job sends the rest). */
export async function sendRowInvitations(run: ImportRun): Promise<void> {
  if (!run.mailer || !run.siteUrl) return;
  try {
    await sendWaiting(run.db, run.mailer, run.church.id, run.siteUrl);
  } catch (error) {
    log.error({ err: error }, '[import] invitations not sent now; the job sends them');
  }
}

/** New accounts of a batch in a few statements (the bulk of a first import), same result as writeRow. */
export async function writeNewPeople(
  tx: Tx,
  run: ImportRun,
  fresh: { c: Candidate; plan: Plan }[],
): Promise<{ userId: number; memberId: number; invite: Invite | null }[]> {
  if (!fresh.length) return [];
  const churchId = run.church.id;
  const users = await insertMany(
    tx,
    t.users,
    fresh.map(({ c }) => ({
      email: c.email,
      passwordHash: '', // no password until its person chooses one (the invitation)
      firstName: c.first,
      lastName: c.last,
      phone: c.phone,
      birthDate: c.birth,
      cpf: c.cpf,
    })),
    { returning: ['id', 'email'] },
  );
  const userOf = new Map(users.map((u) => [u.email, u.id]));
  const userIds = fresh.map(({ c }) => userOf.get(c.email)!);
  const members = await insertMany(
    tx,
    t.churchUsers,
    fresh.map(({ plan }, i) => ({
      churchId,
      userId: userIds[i]!,
      memberNumber: plan.memberNumber,
    })),
    { returning: ['id', 'userId'] },
  );
  const memberOf = new Map(members.map((m) => [m.userId, m.id]));
  // only the accounts are listed: their membership, address, group joins and token are theirs
  // alone and go with them (undo.ts), and each listed row costs the batch two key checks
  const items = users.map((u) => ({ table: 'usuario', targetId: u.id }));
  const country = importCountry(run.church);
  const withAddress = fresh.flatMap(({ c, plan }, i) =>
    plan.address ? [{ c, userId: userIds[i]! }] : [],
  );
  await insertMany(
    tx,
    t.userAddresses,
    withAddress.map(({ c, userId }) => ({
      userId,
      country,
      state: c.state,
      city: c.city!,
      neighborhood: c.neighborhood,
      street: c.street!,
      zipCode: c.zip,
    })),
  );
  const joins = fresh.flatMap(({ plan }, i) =>
    plan.groupIds.map((groupId) => ({ churchId, groupId, userId: userIds[i]! })),
  );
  await insertMany(tx, t.groupMembers, joins, { onConflictDoNothing: true });
  const invites: (Invite | null)[] = fresh.map(({ c }, i) =>
    run.options.convidar
      ? { userId: userIds[i]!, email: c.email, first: c.first, token: randomToken() }
      : null,
  );
  const sent = invites.filter((i): i is Invite => i !== null);
  const expiresAt = new Date(Date.now() + INVITATION_MS);
  await insertMany(
    tx,
    t.userTokens,
    sent.map((i) => ({
      userId: i.userId,
      churchId,
      purpose: 'recovery' as const,
      tokenHash: sha256(i.token),
      expiresAt,
    })),
  );
  await recordItems(tx, run, items);
  return fresh.map((_, i) => ({
    userId: userIds[i]!,
    memberId: memberOf.get(userIds[i]!)!,
    invite: invites[i]!,
  }));
}

export async function sendInvites(run: ImportRun, invites: Invite[]): Promise<void> {
  if (!run.mailer || !run.siteUrl) return;
  const lang = run.church.lang;
  for (const i of invites) {
    const link = `${run.siteUrl}/access?resetToken=${encodeURIComponent(i.token)}`;
    try {
      await run.mailer.send(
        accountMail('invitation', lang, i.email, { name: i.first, church: run.church.name, link }),
      );
      run.tally.convidadas++;
    } catch (error) {
      log.error({ err: error, userId: i.userId }, '[import] invitation e-mail failed');
    }
  }
}

export const listGroups = (run: ImportRun, names: string[]) => {
  for (const name of names)
    if (run.tally.gruposCriar.length < NOTES_KEPT) run.tally.gruposCriar.push(name);
};

/**
 * Creates the groups a file names that the church lacks, hidden (inactive, no meeting day known)
 * for the team to complete; listed in importacao_item so undo removes them while still empty.
 * Their ids go into the state at once; the caller forgets them if the transaction fails.
 */
export async function createGroups(
  tx: Tx,
  run: ImportRun,
  state: State,
  names: string[],
): Promise<string[]> {
  if (!names.length) return [];
  const rows = await tx
    .insert(t.groups)
    .values(
      names.map((name) => ({
        churchId: run.church.id,
        name,
        weekday: 7, // ISO Sunday, like the services
        time: '19:00',
        active: false,
      })),
    )
    .returning({ id: t.groups.id, name: t.groups.name });
  for (const r of rows) state.groups.set(fold(r.name), r.id);
  await recordItems(
    tx,
    run,
    rows.map((r) => ({ table: 'celula', targetId: r.id })),
  );
  return names;
}

export const forgetGroups = (state: State, names: string[]) =>
  names.forEach((name) => state.groups.delete(fold(name)));
