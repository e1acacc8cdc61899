// Undoing an import (docs/staff.md "Moving in"): exactly the rows it created are removed, in one
// transaction, unless something was done with one of them since — then nothing is removed and the
// answer says what. "Done with", per kind: a person chose a password, signed in, was given a staff
// role, or has gifts or registrations the import did not bring; a gift's yearly statement was
// sent; a song is in a set list or has scores; an event was published, edited or has tickets
// sold; a post was edited. Fields an import filled in on people who were already there stay; a
// group it created goes only while empty.
import { and, eq, gt, inArray, isNull, ne, notInArray, or, sql, type Column } from 'drizzle-orm';
import type { Tx } from '../db/client.ts';
import * as t from '../db/schema/index.ts';
import { bulk, type LineNote } from './run.ts';
import { withdrawImportInvitations } from '../invitations/invitations.service.ts';

type Use = Omit<LineNote, 'linha'>;

/** A list of the import's ids: a text of its own each time, so planned and freed, not kept (run.ts `bulk`). */
const within = (column: Column, ids: number[]) => bulk(inArray(column, ids));

const nameOf = (u: { firstName: string; lastName: string | null; email: string }) =>
  `${[u.firstName, u.lastName].filter(Boolean).join(' ')} (${u.email})`;

/** Removes the import's rows; answers what blocks it instead (then the caller rolls back). */
export async function undoRows(
  tx: Tx,
  churchId: number,
  importId: number,
  since: Date,
): Promise<Use[]> {
  const items = await tx
    .select({ table: t.importItems.table, id: t.importItems.targetId })
    .from(t.importItems)
    .where(and(eq(t.importItems.importId, importId), eq(t.importItems.churchId, churchId)));
  const ids = (table: string) => items.filter((i) => i.table === table).map((i) => i.id);
  const users = ids('usuario');
  const members = ids('igreja_usuario');
  const gifts = ids('pagamento');
  const songs = ids('louvor');
  const events = ids('evento');
  const posts = ids('conteudo');
  const uses: Use[] = [];

  // people: the accounts created and the memberships added
  // memberships listed, and those of the accounts the import made (listed with their account alone)
  const memberRows =
    members.length || users.length
      ? await tx
          .select({ userId: t.churchUsers.userId, roles: t.churchUsers.roles })
          .from(t.churchUsers)
          .where(
            and(
              eq(t.churchUsers.churchId, churchId),
              or(
                members.length ? within(t.churchUsers.id, members) : undefined,
                users.length ? within(t.churchUsers.userId, users) : undefined,
              ),
            ),
          )
      : [];
  const people = [...new Set([...users, ...memberRows.map((m) => m.userId)])];
  if (people.length) {
    const rows = await tx.select().from(t.users).where(within(t.users.id, people));
    const byId = new Map(rows.map((r) => [r.id, r]));
    const who = (id: number) => (byId.get(id) ? nameOf(byId.get(id)!) : String(id));
    const created = new Set(users); // a list of 20,000 is not searched once per row
    for (const r of rows)
      if (created.has(r.id) && r.passwordHash !== '')
        uses.push({ chave: 'staff.import.use.password', valores: { valor: who(r.id) } });
    const sessions = await tx
      .selectDistinct({ userId: t.refreshTokens.userId })
      .from(t.refreshTokens)
      .where(within(t.refreshTokens.userId, users.length ? users : [-1]));
    for (const s of sessions)
      uses.push({ chave: 'staff.import.use.login', valores: { valor: who(s.userId) } });
    for (const m of memberRows)
      if (m.roles.length)
        uses.push({ chave: 'staff.import.use.roles', valores: { valor: who(m.userId) } });
    const paid = await tx
      .selectDistinct({ userId: t.payments.userId })
      .from(t.payments)
      .where(
        and(
          within(t.payments.userId, people),
          eq(t.payments.churchId, churchId),
          gifts.length ? notInArray(t.payments.id, gifts) : undefined,
        ),
      );
    const registered = await tx
      .selectDistinct({ userId: t.registrations.userId })
      .from(t.registrations)
      .where(and(within(t.registrations.userId, people), eq(t.registrations.churchId, churchId)));
    for (const id of new Set([...paid, ...registered].map((p) => p.userId!)))
      uses.push({ chave: 'staff.import.use.payments', valores: { valor: who(id) } });
  }

  // gifts: a statement of their year sent to their giver after the import
  if (gifts.length) {
    const sent = await tx
      .selectDistinct({ year: t.sentStatements.year })
      .from(t.sentStatements)
      .innerJoin(
        t.payments,
        and(
          eq(t.payments.churchId, t.sentStatements.churchId),
          sql`${t.sentStatements.giver} = 'u:' || ${t.payments.userId}`,
          sql`extract(year from ${t.payments.createdAt} at time zone 'UTC') = ${t.sentStatements.year}`,
        ),
      )
      .where(
        and(
          eq(t.sentStatements.churchId, churchId),
          within(t.payments.id, gifts),
          gt(t.sentStatements.sentAt, since),
        ),
      );
    for (const s of sent)
      uses.push({ chave: 'staff.import.use.statement', valores: { valor: s.year } });
  }

  if (songs.length) {
    const rows = await tx
      .select({ id: t.praises.id, title: t.praises.title, scores: t.praises.scores })
      .from(t.praises)
      .where(and(eq(t.praises.churchId, churchId), within(t.praises.id, songs)));
    const lists = await tx
      .select({ items: t.praiseSetLists.items })
      .from(t.praiseSetLists)
      .where(eq(t.praiseSetLists.churchId, churchId));
    const listed = new Set(lists.flatMap((l) => l.items.map((i) => i.louvorId)));
    for (const r of rows)
      if (listed.has(r.id) || r.scores.length)
        uses.push({ chave: 'staff.import.use.setList', valores: { valor: r.title } });
  }

  if (events.length) {
    const rows = await tx
      .select({
        id: t.events.id,
        title: t.events.title,
        active: t.events.active,
        version: t.events.version,
      })
      .from(t.events)
      .where(and(eq(t.events.churchId, churchId), within(t.events.id, events)));
    const sold = await tx
      .selectDistinct({ eventId: t.registrations.eventId })
      .from(t.registrations)
      .where(and(eq(t.registrations.churchId, churchId), within(t.registrations.eventId, events)));
    for (const r of rows)
      if (r.active || r.version > 1 || sold.some((s) => s.eventId === r.id))
        uses.push({ chave: 'staff.import.use.published', valores: { valor: r.title } });
  }

  if (posts.length) {
    const rows = await tx
      .select({ title: t.contents.title })
      .from(t.contents)
      .where(
        and(
          eq(t.contents.churchId, churchId),
          within(t.contents.id, posts),
          gt(t.contents.version, 1),
        ),
      );
    for (const r of rows)
      uses.push({ chave: 'staff.import.use.edited', valores: { valor: r.title } });
  }

  if (uses.length) return uses;

  const drop = async (table: string, run: (list: number[]) => Promise<unknown>) => {
    const list = ids(table);
    if (list.length) await run(list);
  };
  // invitations still waiting are withdrawn; an accepted one stays (the person chose to join)
  await drop('convite', (l) => withdrawImportInvitations(tx, churchId, l));
  await drop('celula_membro', (l) =>
    tx
      .delete(t.groupMembers)
      .where(and(eq(t.groupMembers.churchId, churchId), within(t.groupMembers.id, l))),
  );
  await drop('usuario_endereco', (l) =>
    tx.delete(t.userAddresses).where(within(t.userAddresses.id, l)),
  );
  await drop('pagamento', (l) =>
    tx.delete(t.payments).where(and(eq(t.payments.churchId, churchId), within(t.payments.id, l))),
  );
  await drop('pagamento_motivo', async (l) => {
    // a reason the import created stays when a gift from elsewhere uses it now
    // (or a recurring gift: the reason may have been shown on /give since)
    const used = [
      ...(await tx
        .selectDistinct({ id: t.paymentLines.reasonId })
        .from(t.paymentLines)
        .where(within(t.paymentLines.reasonId, l))),
      ...(await tx
        .selectDistinct({ id: t.recurringGifts.reasonId })
        .from(t.recurringGifts)
        .where(within(t.recurringGifts.reasonId, l))),
    ];
    const free = l.filter((id) => !used.some((u) => u.id === id));
    if (free.length)
      await tx
        .delete(t.paymentReasons)
        .where(and(eq(t.paymentReasons.churchId, churchId), within(t.paymentReasons.id, free)));
  });
  await drop('igreja_usuario', (l) =>
    tx
      .delete(t.churchUsers)
      .where(and(eq(t.churchUsers.churchId, churchId), within(t.churchUsers.id, l))),
  );
  if (users.length) {
    // the accounts made here take their membership and group joins in this church with them
    await tx
      .delete(t.groupMembers)
      .where(and(eq(t.groupMembers.churchId, churchId), within(t.groupMembers.userId, users)));
    await tx
      .delete(t.churchUsers)
      .where(and(eq(t.churchUsers.churchId, churchId), within(t.churchUsers.userId, users)));
    // an account another church has since added stays for it (only this church's membership goes)
    const elsewhere = await tx
      .selectDistinct({ userId: t.churchUsers.userId })
      .from(t.churchUsers)
      .where(and(within(t.churchUsers.userId, users), ne(t.churchUsers.churchId, churchId)));
    const kept = new Set(elsewhere.map((e) => e.userId));
    const gone = users.filter((id) => !kept.has(id));
    if (gone.length) await tx.delete(t.users).where(within(t.users.id, gone));
  }
  await drop('celula', async (l) => {
    // a group the import created goes only while it is still empty (no member, no leader)
    const busy = await tx
      .selectDistinct({ id: t.groupMembers.groupId })
      .from(t.groupMembers)
      .where(within(t.groupMembers.groupId, l));
    const free = l.filter((id) => !busy.some((b) => b.id === id));
    if (free.length)
      await tx
        .delete(t.groups)
        .where(
          and(
            eq(t.groups.churchId, churchId),
            within(t.groups.id, free),
            isNull(t.groups.leaderId),
          ),
        );
  });
  await drop('louvor', (l) =>
    tx.delete(t.praises).where(and(eq(t.praises.churchId, churchId), within(t.praises.id, l))),
  );
  await drop('evento', (l) =>
    tx.delete(t.events).where(and(eq(t.events.churchId, churchId), within(t.events.id, l))),
  );
  await drop('conteudo', (l) =>
    tx.delete(t.contents).where(and(eq(t.contents.churchId, churchId), within(t.contents.id, l))),
  );
  await drop('conteudo_categoria', (l) =>
    tx
      .delete(t.contentCategories)
      .where(and(eq(t.contentCategories.churchId, churchId), within(t.contentCategories.id, l))),
  );
  await tx
    .delete(t.redirects)
    .where(and(eq(t.redirects.churchId, churchId), eq(t.redirects.importId, importId)));
  // the import's list goes too, so the same file can be imported again
  await tx
    .delete(t.importItems)
    .where(and(eq(t.importItems.importId, importId), eq(t.importItems.churchId, churchId)));
  return [];
}
