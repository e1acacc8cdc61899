// People from a member spreadsheet (docs/staff.md "Moving in"): each row is matched by e-mail or
// CPF with a MEMBER OF THIS CHURCH and merged (blank fields filled, member number and groups
// added), or becomes a new account without a password and a membership of the church. A row whose
// e-mail or CPF belongs to an account that is not a member here writes nothing and reads nothing of
// it: it becomes an invitation the person may accept (docs/invitations.md; docs/security.md
// "Tenants never meet"). Rows are read as a stream and handled in batches; a refused row never
// stops the others. Matching is in people-match.ts, writing in people-write.ts.
import { fold } from './formats.ts';
import {
  BATCH,
  batchSize,
  failureText,
  NOTES_KEPT,
  refuse,
  remark,
  sortNotes,
  letRequestsIn,
  pagesFirst,
  writeBatch,
  type ImportRun,
  type LineNote,
} from './run.ts';
import { tableRows } from './tables.ts';
import {
  type Candidate,
  type State,
  type Plan,
  readRow,
  startState,
  loadKnown,
  planRow,
  remember,
  unknownGroups,
} from './people-match.ts';
import {
  type Invite,
  writeRow,
  inviteRows,
  sendRowInvitations,
  writeNewPeople,
  sendInvites,
  listGroups,
  createGroups,
  forgetGroups,
} from './people-write.ts';

/**
 * Handles one batch (up to BATCH rows, no key twice): who its rows may be is read once, then every
 * row is planned, and (not in the dry run) written in transactions as long as the pages being read
 * allow (writeBatch sizes them). Read per cut batch, a 20,000-row import on PGlite with pages being
 * read made 1,768 look-ups of ~11 rows, 4 s of its 32 s; per 500 rows, 40 (docs/performance.md
 * "Imports that slowed down as they went").
 */
async function handleBatch(run: ImportRun, state: State, batch: Candidate[]): Promise<void> {
  await pagesFirst(run); // building and reading loadKnown's statements is a turn's work
  await loadKnown(run, state, batch);
  if (!run.write) {
    // the dry run counts a group to create once; later rows join it like a known one
    const names = unknownGroups(state, batch);
    for (const name of names) state.groups.set(fold(name), state.nextFakeId--);
    listGroups(run, names);
    for (const [i, c] of batch.entries()) {
      await letRequestsIn(run, i + 1);
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
  let invited = false;
  for (let from = 0; from < batch.length;) {
    const part = batch.slice(from, from + batchSize(run));
    from += part.length;
    if (await writePart(run, state, part)) invited = true;
  }
  if (invited) await sendRowInvitations(run);
}

/** Writes rows whose people loadKnown has read in one transaction; true when one was an invitation. */
async function writePart(run: ImportRun, state: State, batch: Candidate[]): Promise<boolean> {
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
    return false;
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
  return outcomes.some((o) => 'plan' in o && o.plan.kind === 'convidar');
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
    await letRequestsIn(run, done);
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
      if (batch.length >= BATCH) {
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
