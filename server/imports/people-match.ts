// People import, matching (docs/staff.md "Moving in"): a row read as a candidate, who of this church
// it may be (by e-mail or CPF, members here only; an account elsewhere is only known to be taken),
// and what it would do — the same plan in the dry run and the import.
import { and, eq, isNotNull, or } from 'drizzle-orm';
import type { ImportField } from '../../contract/imports.ts';
import { IMPORT_INVITES_MAX } from '../../contract/invitations.ts';
import { churchToday } from '../../common/time-zone.ts';
import * as t from '../db/schema/index.ts';
import {
  fold,
  normaliseCpf,
  normaliseEmail,
  normalisePhone,
  parseDate,
  splitName,
} from './formats.ts';
import { anyOf, CONFIRM_KEY, type ImportRun, type LineNote } from './run.ts';

export interface Candidate {
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

export interface Known {
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
export interface State {
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
export function readRow(
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
  // born after today on the church's clock cannot be right (docs/volunteers.md "Which clock")
  if (birth && birth > churchToday(run.church.timeZone)) birth = null;
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

export async function startState(run: ImportRun): Promise<State> {
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
export async function loadKnown(run: ImportRun, state: State, batch: Candidate[]): Promise<void> {
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
    db
      .select(ids)
      .from(t.users)
      .where(or(anyOf(t.users.email, emails), anyOf(t.users.cpf, cpfs))),
    emails.length
      ? db
          .select({ email: t.invitations.email })
          .from(t.invitations)
          .where(
            and(
              eq(t.invitations.churchId, churchId),
              eq(t.invitations.state, 'pendente'),
              anyOf(t.invitations.email, emails),
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
        anyOf(
          t.churchUsers.userId,
          holders.map((h) => h.id),
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
    db.select().from(t.users).where(anyOf(t.users.id, memberIds)),
    db
      .selectDistinct({ userId: t.userAddresses.userId })
      .from(t.userAddresses)
      .where(anyOf(t.userAddresses.userId, memberIds)),
    db
      .select({ groupId: t.groupMembers.groupId, userId: t.groupMembers.userId })
      .from(t.groupMembers)
      .where(and(eq(t.groupMembers.churchId, churchId), anyOf(t.groupMembers.userId, memberIds))),
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

export interface Plan {
  /** `convidar`: the e-mail or CPF is an account of elsewhere; only an invitation is written. */
  kind: 'criar' | 'atualizar' | 'iguais' | 'convidar';
  known: Known | null;
  fill: Partial<Pick<Known, 'cpf' | 'lastName' | 'phone' | 'birthDate'>>;
  address: boolean;
  memberNumber: string | null;
  groupIds: number[];
}

/** What a row would do, from what is known now; null with a note when it must be refused. */
export function planRow(state: State, c: Candidate, notes: LineNote[]): Plan | LineNote {
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
export function remember(
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

/** Group names of these rows that no group of the church has (each once, as first written). */
export function unknownGroups(state: State, batch: Candidate[]): string[] {
  const names = new Map<string, string>();
  for (const c of batch)
    for (const name of c.groups) {
      const key = fold(name);
      if (key && !state.groups.has(key) && !names.has(key)) names.set(key, name.slice(0, 120));
    }
  return [...names.values()];
}
