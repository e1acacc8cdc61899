// People from a member spreadsheet (docs/staff.md "Moving in"): each row is matched by e-mail or
// CPF with a MEMBER OF THIS CHURCH and merged (blank fields filled, member number and groups
// added), or becomes a new account without a password and a membership of the church. A row whose
// e-mail or CPF belongs to an account that is not a member here writes nothing and reads nothing of
// it: it becomes an invitation the person may accept (docs/invitations.md; docs/security.md
// "Tenants never meet"). Rows are read as a stream and handled 500 at a time; a refused row never
// stops the others.
import { and, eq, inArray, isNotNull } from 'drizzle-orm';
import type { ImportField } from '../../contract/imports.ts';
import { IMPORT_INVITES_MAX } from '../../contract/invitations.ts';
import { sendWaiting } from '../invitations/invitation-sends.service.ts';
import { newInvitation } from '../invitations/invitations.service.ts';
import { insertMany } from '../db/bulk-insert.ts';
import type { Tx } from '../db/client.ts';
import * as t from '../db/schema/index.ts';
import { randomToken, sha256 } from '../auth/tokens.ts';
import { accountMail } from '../mail/templates.ts';
import {
  fold,
  normaliseCpf,
  normaliseEmail,
  normalisePhone,
  parseDate,
  splitName,
} from './formats.ts';
import {
  batchSize,
  bulk,
  CONFIRM_KEY,
  failureText,
  NOTES_KEPT,
  recordItems,
  importCountry,
  refuse,
  remark,
  sortNotes,
  letRequestsIn,
  writeBatch,
  type ImportRun,
  type LineNote,
} from './run.ts';
import { tableRows } from './tables.ts';
import { log } from '../log.ts';

/** An invitation link lasts a week: long enough for a member to read their e-mail. */
const INVITATION_MS = 7 * 24 * 60 * 60_000;

interface Candidate {
  line: number;
  email: string;
  cpf: string | null;
  first: string;
  last: string | null;
  phone: string | null;
  birth: string | null;
  street: string | null;
  neighborhood: string | null;
  city: string | null;
  state: string | null;
  zip: string | null;
  memberNumber: string | null;
  groups: string[];
}

interface Known {
  id: number;
  email: string;
  /** First and last name as written, to tell a CPF typo from the same person. */
  name: string;
  cpf: string | null;
  lastName: string | null;
  phone: string | null;
  birthDate: string | null;
  hasAddress: boolean;
  /** The membership of this church (only members of this church are ever Known). */
  membership: { id: number; memberNumber: string | null } | null;
}

/** What the walk remembers across batches: who is known, numbers taken, groups joined. */
interface State {
  /** Members of this church (and the accounts this import made), by e-mail and CPF. */
  byEmail: Map<string, Known>;
  byCpf: Map<string, Known>;
  /** E-mails and CPFs of accounts that are not members here: nothing else of them is loaded. */
  elsewhereEmails: Set<string>;
  elsewhereCpfs: Set<string>;
  /** E-mails with an invitation of this church waiting (earlier, or made by this import). */
  invited: Set<string>;
  /** Invitations this import made, and those planned in the batch being written. */
  invites: number;
  plannedInvites: number;
  numbers: Map<string, number>;
  groups: Map<string, number>;
  joined: Set<string>;
  nextFakeId: number;
  /** Lines the admin confirmed (a CPF of a member here under another name and e-mail). */
  confirmed: Set<number>;
  /** The first line of the file that matched or made each person (duplicates name it). */
  firstLine: Map<number, number>;
}

const cell = (cells: string[], mapping: (ImportField | null)[], field: ImportField) => {
  const i = mapping.indexOf(field);
  return i >= 0 ? (cells[i] ?? '').trim() : '';
};

/** A row as a candidate, or the reason it is refused; remarks for values left out. */
function readRow(
  run: ImportRun,
  line: number,
  cells: string[],
  notes: LineNote[],
): Candidate | LineNote {
  const m = run.options.mapeamento;
  const rawEmail = cell(cells, m, 'email');
  const rawCpf = cell(cells, m, 'cpf');
  let first = cell(cells, m, 'nome');
  let last: string | null = cell(cells, m, 'sobrenome') || null;
  if (!last && first) ({ first, last } = splitName(first));
  if (!first) return { linha: line, chave: 'staff.import.row.noName' };
  if (!rawEmail) return { linha: line, chave: 'staff.import.row.noEmail' };
  const email = normaliseEmail(rawEmail);
  if (!email)
    return { linha: line, chave: 'staff.import.row.badEmail', valores: { valor: rawEmail } };
  const cpf = rawCpf ? normaliseCpf(rawCpf) : null;
  // a CPF that cannot be right is left out, like a bad date: the person still comes in
  if (rawCpf && !cpf)
    notes.push({ linha: line, chave: 'staff.import.row.cpfLeftOut', valores: { valor: rawCpf } });
  const rawPhone = cell(cells, m, 'telefone');
  const phone = rawPhone ? normalisePhone(rawPhone, run.church.lang) : null;
  if (rawPhone && !phone)
    notes.push({ linha: line, chave: 'staff.import.row.badPhone', valores: { valor: rawPhone } });
  const rawBirth = cell(cells, m, 'nascimento');
  let birth = rawBirth ? parseDate(rawBirth, run.options.ordemData) : null;
  if (birth && birth > new Date().toISOString().slice(0, 10)) birth = null;
  if (rawBirth && !birth)
    notes.push({ linha: line, chave: 'staff.import.row.badDate', valores: { valor: rawBirth } });
  const groups = cell(cells, m, 'grupos')
    .split(/[;,|/]/)
    .map((g) => g.trim())
    .filter(Boolean);
  return {
    line,
    email,
    cpf,
    first: first.slice(0, 120),
    last: last?.slice(0, 120) ?? null,
    phone,
    birth,
    street: cell(cells, m, 'endereco').slice(0, 200) || null,
    neighborhood: cell(cells, m, 'bairro').slice(0, 120) || null,
    city: cell(cells, m, 'cidade').slice(0, 120) || null,
    state: cell(cells, m, 'estado').slice(0, 60) || null,
    zip: cell(cells, m, 'cep').slice(0, 20) || null,
    memberNumber: cell(cells, m, 'numeroMembro').slice(0, 40) || null,
    groups,
  };
}

async function startState(run: ImportRun): Promise<State> {
  const { db } = run;
  const churchId = run.church.id;
  const numbers = await db
    .select({ n: t.churchUsers.memberNumber, userId: t.churchUsers.userId })
    .from(t.churchUsers)
    .where(and(eq(t.churchUsers.churchId, churchId), isNotNull(t.churchUsers.memberNumber)));
  const groups = await db
    .select({ id: t.groups.id, name: t.groups.name })
    .from(t.groups)
    .where(eq(t.groups.churchId, churchId));
  return {
    byEmail: new Map(),
    byCpf: new Map(),
    elsewhereEmails: new Set(),
    elsewhereCpfs: new Set(),
    invited: new Set(),
    invites: 0,
    plannedInvites: 0,
    numbers: new Map(numbers.map((r) => [r.n!.trim().toLowerCase(), r.userId])),
    groups: new Map(groups.map((g) => [fold(g.name), g.id])),
    joined: new Set(),
    nextFakeId: -1,
    confirmed: new Set(run.options.confirmar ?? []),
    firstLine: new Map(),
  };
}

/**
 * Loads who a batch may match: members of this church by e-mail or CPF, with their membership and
 * groups here. Of an account that is not a member here only the fact that its e-mail or CPF is
 * taken is kept (the row becomes an invitation); none of its data is read.
 */
async function loadKnown(run: ImportRun, state: State, batch: Candidate[]): Promise<void> {
  const { db } = run;
  const churchId = run.church.id;
  const emails = [...new Set(batch.map((c) => c.email))].filter(
    (e) => !state.byEmail.has(e) && !state.elsewhereEmails.has(e),
  );
  const cpfs = [...new Set(batch.flatMap((c) => (c.cpf ? [c.cpf] : [])))].filter(
    (c) => !state.byCpf.has(c) && !state.elsewhereCpfs.has(c),
  );
  if (!emails.length && !cpfs.length) return;
  const ids = { id: t.users.id, email: t.users.email, cpf: t.users.cpf };
  const [holders, invited] = await Promise.all([
    Promise.all([
      emails.length
        ? db
            .select(ids)
            .from(t.users)
            .where(bulk(inArray(t.users.email, emails)))
        : [],
      cpfs.length
        ? db
            .select(ids)
            .from(t.users)
            .where(bulk(inArray(t.users.cpf, cpfs)))
        : [],
    ]).then(([a, b]) => [...a, ...b]),
    emails.length
      ? db
          .select({ email: t.invitations.email })
          .from(t.invitations)
          .where(
            and(
              eq(t.invitations.churchId, churchId),
              eq(t.invitations.state, 'pendente'),
              bulk(inArray(t.invitations.email, emails)),
            ),
          )
      : [],
  ]);
  for (const i of invited) state.invited.add(i.email);
  if (!holders.length) return;
  const members = await db
    .select({
      id: t.churchUsers.id,
      userId: t.churchUsers.userId,
      memberNumber: t.churchUsers.memberNumber,
    })
    .from(t.churchUsers)
    .where(
      and(
        eq(t.churchUsers.churchId, churchId),
        bulk(
          inArray(
            t.churchUsers.userId,
            holders.map((h) => h.id),
          ),
        ),
      ),
    );
  const memberIds = [...new Set(members.map((m) => m.userId))];
  for (const h of holders)
    if (!members.some((m) => m.userId === h.id)) {
      state.elsewhereEmails.add(h.email);
      if (h.cpf) state.elsewhereCpfs.add(h.cpf);
    }
  if (!memberIds.length) return;
  const [rows, addresses, joined] = await Promise.all([
    db
      .select()
      .from(t.users)
      .where(bulk(inArray(t.users.id, memberIds))),
    db
      .selectDistinct({ userId: t.userAddresses.userId })
      .from(t.userAddresses)
      .where(bulk(inArray(t.userAddresses.userId, memberIds))),
    db
      .select({ groupId: t.groupMembers.groupId, userId: t.groupMembers.userId })
      .from(t.groupMembers)
      .where(
        and(eq(t.groupMembers.churchId, churchId), bulk(inArray(t.groupMembers.userId, memberIds))),
      ),
  ]);
  for (const j of joined) state.joined.add(`${j.groupId}:${j.userId}`);
  for (const r of rows) {
    const m = members.find((x) => x.userId === r.id)!;
    const known: Known = {
      id: r.id,
      email: r.email,
      name: [r.firstName, r.lastName].filter(Boolean).join(' '),
      cpf: r.cpf,
      lastName: r.lastName,
      phone: r.phone,
      birthDate: r.birthDate,
      hasAddress: addresses.some((a) => a.userId === r.id),
      membership: { id: m.id, memberNumber: m.memberNumber },
    };
    state.byEmail.set(r.email, known);
    if (r.cpf) state.byCpf.set(r.cpf, known);
  }
}

interface Plan {
  /** `convidar`: the e-mail or CPF is an account of elsewhere; only an invitation is written. */
  kind: 'criar' | 'atualizar' | 'iguais' | 'convidar';
  known: Known | null;
  fill: Partial<Pick<Known, 'cpf' | 'lastName' | 'phone' | 'birthDate'>>;
  address: boolean;
  memberNumber: string | null;
  groupIds: number[];
}

/** What a row would do, from what is known now; null with a note when it must be refused. */
function planRow(state: State, c: Candidate, notes: LineNote[]): Plan | LineNote {
  const byEmail = state.byEmail.get(c.email) ?? null;
  const byCpf = c.cpf ? (state.byCpf.get(c.cpf) ?? null) : null;
  if (byEmail && byCpf && byEmail.id !== byCpf.id)
    return { linha: c.line, chave: 'staff.import.row.twoPeople' };
  // the CPF of a member here, but neither their e-mail nor their name: likely a typo in the CPF,
  // which would put this row's data on someone else; merged only when the admin confirms the line
  if (
    byCpf &&
    !byEmail &&
    fold(`${c.first} ${c.last ?? ''}`) !== fold(byCpf.name) &&
    !state.confirmed.has(c.line)
  )
    return {
      linha: c.line,
      chave: CONFIRM_KEY,
      valores: { valor: c.cpf!, pessoa: `${byCpf.name} (${byCpf.email})` },
    };
  const known = byEmail ?? byCpf;
  if (
    !known &&
    (state.elsewhereEmails.has(c.email) ||
      (c.cpf && state.elsewhereCpfs.has(c.cpf)) ||
      state.invited.has(c.email))
  ) {
    if (!state.invited.has(c.email)) {
      if (state.invites + state.plannedInvites >= IMPORT_INVITES_MAX)
        return {
          linha: c.line,
          chave: 'staff.import.row.inviteLimit',
          valores: { max: IMPORT_INVITES_MAX },
        };
      state.plannedInvites++;
    }
    // the church's own details of the row wait in the invitation for the person's accept
    let memberNumber: string | null = null;
    if (c.memberNumber) {
      if (state.numbers.has(c.memberNumber.toLowerCase()))
        notes.push({
          linha: c.line,
          chave: 'staff.import.row.numberTaken',
          valores: { valor: c.memberNumber },
        });
      else memberNumber = c.memberNumber;
    }
    const groupIds = c.groups.flatMap((name) => {
      const id = state.groups.get(fold(name));
      if (id === undefined)
        notes.push({ linha: c.line, chave: 'staff.import.row.noGroup', valores: { valor: name } });
      return id === undefined ? [] : [id];
    });
    return { kind: 'convidar', known: null, fill: {}, address: false, memberNumber, groupIds };
  }
  const fill: Plan['fill'] = {};
  if (known) {
    // a CPF held by any other account is never written (nor said to be held)
    if (c.cpf && !known.cpf && !state.byCpf.has(c.cpf) && !state.elsewhereCpfs.has(c.cpf))
      fill.cpf = c.cpf;
    if (c.last && !known.lastName) fill.lastName = c.last;
    if (c.phone && !known.phone) fill.phone = c.phone;
    if (c.birth && !known.birthDate) fill.birthDate = c.birth;
  }
  const address = !!(c.street && c.city) && !known?.hasAddress;
  let memberNumber: string | null = null;
  if (c.memberNumber && !known?.membership?.memberNumber) {
    const holder = state.numbers.get(c.memberNumber.toLowerCase());
    if (holder !== undefined && holder !== known?.id)
      notes.push({
        linha: c.line,
        chave: 'staff.import.row.numberTaken',
        valores: { valor: c.memberNumber },
      });
    else memberNumber = c.memberNumber;
  }
  const groupIds: number[] = [];
  for (const name of c.groups) {
    const id = state.groups.get(fold(name));
    if (id === undefined)
      notes.push({ linha: c.line, chave: 'staff.import.row.noGroup', valores: { valor: name } });
    else if (!known || !state.joined.has(`${id}:${known.id}`)) groupIds.push(id);
  }
  const earlier = known ? state.firstLine.get(known.id) : undefined;
  if (earlier !== undefined && earlier !== c.line)
    notes.push({ linha: c.line, chave: 'staff.import.row.sameAs', valores: { n: earlier } });
  const changes =
    Object.keys(fill).length > 0 || address || memberNumber !== null || groupIds.length > 0;
  const kind = !known ? 'criar' : changes ? 'atualizar' : 'iguais';
  return { kind, known, fill, address, memberNumber, groupIds };
}

/** Remembers what a row did (after its transaction committed, or at once in the dry run). */
function remember(
  state: State,
  c: Candidate,
  plan: Plan,
  ids: { userId: number; memberId: number },
) {
  if (plan.kind === 'convidar') {
    if (!state.invited.has(c.email)) {
      state.invited.add(c.email);
      state.invites++;
      state.plannedInvites = Math.max(0, state.plannedInvites - 1);
    }
    return;
  }
  const known: Known = plan.known ?? {
    id: ids.userId,
    email: c.email,
    name: [c.first, c.last].filter(Boolean).join(' '),
    cpf: c.cpf,
    lastName: c.last,
    phone: c.phone,
    birthDate: c.birth,
    hasAddress: false,
    membership: null,
  };
  Object.assign(known, plan.fill);
  known.hasAddress ||= plan.address;
  known.membership ??= { id: ids.memberId, memberNumber: null };
  if (plan.memberNumber) {
    known.membership.memberNumber = plan.memberNumber;
    state.numbers.set(plan.memberNumber.toLowerCase(), known.id);
  }
  for (const g of plan.groupIds) state.joined.add(`${g}:${known.id}`);
  if (!state.firstLine.has(known.id)) state.firstLine.set(known.id, c.line);
  state.byEmail.set(known.email, known);
  if (known.cpf) state.byCpf.set(known.cpf, known);
}

interface Invite {
  userId: number;
  email: string;
  first: string;
  token: string;
}

/** Writes one row's plan; returns the ids it used and an invitation to send after commit. */
async function writeRow(
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
async function inviteRows(
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
async function sendRowInvitations(run: ImportRun): Promise<void> {
  if (!run.mailer || !run.siteUrl) return;
  try {
    await sendWaiting(run.db, run.mailer, run.church.id, run.siteUrl);
  } catch (error) {
    log.error({ err: error }, '[import] invitations not sent now; the job sends them');
  }
}

/** New accounts of a batch in a few statements (the bulk of a first import), same result as writeRow. */
async function writeNewPeople(
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

async function sendInvites(run: ImportRun, invites: Invite[]): Promise<void> {
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

/** Group names of these rows that no group of the church has (each once, as first written). */
function unknownGroups(state: State, batch: Candidate[]): string[] {
  const names = new Map<string, string>();
  for (const c of batch)
    for (const name of c.groups) {
      const key = fold(name);
      if (key && !state.groups.has(key) && !names.has(key)) names.set(key, name.slice(0, 120));
    }
  return [...names.values()];
}

const listGroups = (run: ImportRun, names: string[]) => {
  for (const name of names)
    if (run.tally.gruposCriar.length < NOTES_KEPT) run.tally.gruposCriar.push(name);
};

/**
 * Creates the groups a file names that the church lacks, hidden (inactive, no meeting day known)
 * for the team to complete; listed in importacao_item so undo removes them while still empty.
 * Their ids go into the state at once; the caller forgets them if the transaction fails.
 */
async function createGroups(
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

const forgetGroups = (state: State, names: string[]) =>
  names.forEach((name) => state.groups.delete(fold(name)));

/** Handles one batch: plans every row, then (not in the dry run) writes them in one transaction. */
async function handleBatch(run: ImportRun, state: State, batch: Candidate[]): Promise<void> {
  await loadKnown(run, state, batch);
  if (!run.write) {
    // the dry run counts a group to create once; later rows join it like a known one
    const names = unknownGroups(state, batch);
    for (const name of names) state.groups.set(fold(name), state.nextFakeId--);
    listGroups(run, names);
    for (const [i, c] of batch.entries()) {
      await letRequestsIn(i + 1);
      const notes: LineNote[] = [];
      const plan = planRow(state, c, notes);
      if ('chave' in plan) {
        refuse(run.tally, plan);
        continue;
      }
      notes.forEach((n) => remark(run.tally, n));
      count(run, c, plan);
      remember(state, c, plan, { userId: state.nextFakeId--, memberId: state.nextFakeId-- });
    }
    return;
  }
  const lines: [number, number] = [batch[0]!.line, batch.at(-1)!.line];
  type Outcome =
    | { c: Candidate; refused: LineNote }
    | { c: Candidate; plan: Plan; notes: LineNote[]; ids: Awaited<ReturnType<typeof writeRow>> };
  let outcomes: Outcome[];
  let made: string[] = [];
  state.plannedInvites = 0;
  try {
    // a batch holds no e-mail, CPF or member number twice (importPeople), so its rows' plans are independent
    outcomes = await writeBatch(run, lines, async (tx) => {
      made = await createGroups(tx, run, state, unknownGroups(state, batch));
      const out: Outcome[] = [];
      const fresh: { c: Candidate; plan: Plan; notes: LineNote[] }[] = [];
      const invite: { c: Candidate; plan: Plan }[] = [];
      for (const c of batch) {
        const notes: LineNote[] = [];
        const plan = planRow(state, c, notes);
        if ('chave' in plan) out.push({ c, refused: plan });
        else if (plan.kind === 'convidar') {
          invite.push({ c, plan });
          out.push({ c, plan, notes, ids: { userId: -1, memberId: -1, invite: null } });
        } else if (plan.known === null) fresh.push({ c, plan, notes });
        else out.push({ c, plan, notes, ids: await writeRow(tx, run, c, plan) });
      }
      await inviteRows(tx, run, invite);
      const ids = await writeNewPeople(tx, run, fresh);
      fresh.forEach((f, i) => out.push({ ...f, ids: ids[i]! }));
      return out;
    });
  } catch {
    forgetGroups(state, made);
    state.plannedInvites = 0;
    // one row at a time: a row the database refuses is reported, the others are kept
    for (const c of batch) await handleOne(run, state, c);
    return;
  }
  listGroups(run, made);
  const invites: Invite[] = [];
  for (const o of outcomes) {
    if ('refused' in o) {
      refuse(run.tally, o.refused);
      continue;
    }
    remember(state, o.c, o.plan, o.ids);
    o.notes.forEach((n) => remark(run.tally, n));
    count(run, o.c, o.plan);
    if (o.ids.invite) invites.push(o.ids.invite);
  }
  await sendInvites(run, invites);
  if (outcomes.some((o) => 'plan' in o && o.plan.kind === 'convidar'))
    await sendRowInvitations(run);
}

/** Counts a row's outcome; rows to invite are also listed by line (never with any of their data). */
function count(run: ImportRun, c: Candidate, plan: Plan) {
  run.tally[plan.kind]++;
  if (plan.kind === 'convidar' && run.tally.convidarLinhas.length < NOTES_KEPT)
    run.tally.convidarLinhas.push(c.line);
  const lines = { atualizar: run.tally.atualizarLinhas, iguais: run.tally.iguaisLinhas }[
    plan.kind as 'atualizar' | 'iguais'
  ];
  if (lines && lines.length < NOTES_KEPT) lines.push(c.line);
}

async function handleOne(run: ImportRun, state: State, c: Candidate): Promise<void> {
  await loadKnown(run, state, [c]);
  // a refusal does not depend on groups: refused before any group is created for the row
  const first = planRow(state, c, []);
  state.plannedInvites = 0;
  if ('chave' in first) return refuse(run.tally, first);
  let made: string[] = [];
  try {
    const { plan, notes, ids } = await writeBatch(run, [c.line, c.line], async (tx) => {
      made = await createGroups(tx, run, state, unknownGroups(state, [c]));
      const notes: LineNote[] = [];
      state.plannedInvites = 0;
      const plan = planRow(state, c, notes) as Plan;
      return { plan, notes, ids: await writeRow(tx, run, c, plan) };
    });
    listGroups(run, made);
    remember(state, c, plan, ids);
    notes.forEach((n) => remark(run.tally, n));
    count(run, c, plan);
    if (ids.invite) await sendInvites(run, [ids.invite]);
    if (plan.kind === 'convidar') await sendRowInvitations(run);
  } catch (error) {
    forgetGroups(state, made);
    state.plannedInvites = 0;
    refuse(run.tally, {
      linha: c.line,
      chave: 'staff.import.row.notSaved',
      valores: { motivo: failureText(error) },
    });
  }
}

/** The people of a spreadsheet: the dry run (run.write null) or the import. */
export async function importPeople(run: ImportRun, bytes: Buffer, total: number): Promise<void> {
  const state = await startState(run);
  let header = true;
  let batch: Candidate[] = [];
  const keys = new Set<string>();
  // the same person twice: the first is written before the second is matched with it, so the
  // second (and any row sharing a key with it) waits for the next batch instead of cutting this
  // one short — a file with a repeat every few rows still goes in batches of 500
  let carried: { c: Candidate; own: string[] }[] = [];
  const carriedKeys = new Set<string>();
  const place = (row: { c: Candidate; own: string[] }) => {
    if (row.own.some((k) => keys.has(k) || carriedKeys.has(k))) {
      carried.push(row);
      row.own.forEach((k) => carriedKeys.add(k));
    } else {
      batch.push(row.c);
      row.own.forEach((k) => keys.add(k));
    }
  };
  const flush = async () => {
    if (batch.length) await handleBatch(run, state, batch);
    batch = [];
    keys.clear();
    const waiting = carried;
    carried = [];
    carriedKeys.clear();
    waiting.forEach(place);
  };
  let done = 0;
  for await (const row of tableRows(bytes)) {
    if (header) {
      header = false;
      continue;
    }
    await letRequestsIn(done);
    const notes: LineNote[] = [];
    const read = readRow(run, row.line, row.cells, notes);
    if ('chave' in read) refuse(run.tally, read);
    else {
      notes.forEach((n) => remark(run.tally, n));
      const own = [
        `e:${read.email}`,
        read.cpf && `c:${read.cpf}`,
        read.memberNumber && `n:${read.memberNumber.toLowerCase()}`,
      ].filter((k): k is string => !!k);
      if (batch.length >= batchSize(run)) {
        await flush();
        await run.progress(done, total);
      }
      place({ c: read, own });
    }
    done++;
  }
  while (batch.length || carried.length) await flush();
  sortNotes(run.tally);
  await run.progress(done, Math.max(done, total));
}
