// A volunteer's side of the rotas (docs/volunteers.md): the request e-mail with its signed,
// single-purpose answer link (the signature covers the assignment, its person and when it was
// asked, so it answers that assignment only), answers from the link or /user, a decline that
// reopens the place and tells the leaders (e-mail + in-app notice + push), reminders two days
// before (claimed once across nodes), blockout dates and requests to join a team. Requests and
// reminders also go as a notice and by push (rota-notify.ts).
import { and, asc, eq, gte, inArray, isNull, ne, sql } from 'drizzle-orm';
import type { MessageLang } from '../../contract/messages/lang.ts';
import { messageLangOfLocale } from '../../contract/messages/lang.ts';
import type { LinkView, MyRotas, TeamPlanView } from '../../contract/rotas.ts';
import { signer } from '../auth/signing.ts';
import { churchToday } from '../../common/time-zone.ts';
import { churchDayOf } from '../church/church-clock.ts';
import type { Database, Db } from '../db/client.ts';
import * as t from '../db/schema/index.ts';
import { isUniqueViolation } from '../db/unique-violation.ts';
import { eachClaimed, type ClaimOptions } from '../jobs/claim.ts';
import { ApiProblem, fieldProblem, notFound } from '../http/errors.ts';
import type { Mailer } from '../mail/outbox.ts';
import type { MemberDeps } from '../member/deps.ts';
import type { MembersScope } from '../member/scope.ts';
import { syncDoorTeam } from './door-sync.ts';
import { planWhen, rotaMail } from './rota-mail.ts';
import { leadersOf, noticeAndPush, tell } from './rota-notify.ts';

const links = signer('rota-answer');

/** What the member's own rota writes need (they change no public page: nothing to announce). */
type MemberWriteDeps = Pick<MemberDeps, 'db'>;

const nameOf = (p: { first: string | null; last: string | null; email: string }) =>
  [p.first, p.last].filter(Boolean).join(' ') || p.email;

const signedText = (a: { id: number; userId: number; askedAt: Date }) =>
  `${a.id}:${a.userId}:${a.askedAt.getTime()}`;

/** The answer link's token of an assignment: `<id>.<signature>`. */
export const answerToken = (a: { id: number; userId: number; askedAt: Date }): string =>
  `${a.id}.${links.sign(signedText(a))}`;

export const answerPath = (token: string) => `/rota?t=${encodeURIComponent(token)}`;

/** An assignment with what its e-mails and pages show. */
async function assignmentRow(db: Db, where: ReturnType<typeof and>) {
  const [row] = await db
    .select({
      id: t.assignments.id,
      churchId: t.assignments.churchId,
      userId: t.assignments.userId,
      askedAt: t.assignments.askedAt,
      state: t.assignments.state,
      date: t.assignments.date,
      startTime: t.assignments.startTime,
      planId: t.assignments.planId,
      teamId: t.teams.id,
      team: t.teams.name,
      position: t.teamPositions.name,
      title: t.teamPlans.title,
      first: t.users.firstName,
      last: t.users.lastName,
      email: t.users.email,
      church: t.churches.name,
      churchCode: t.churches.code,
      locale: t.churches.locale,
    })
    .from(t.assignments)
    .innerJoin(t.teamPlans, eq(t.teamPlans.id, t.assignments.planId))
    .innerJoin(t.teams, eq(t.teams.id, t.teamPlans.teamId))
    .innerJoin(t.planPositions, eq(t.planPositions.id, t.assignments.planPositionId))
    .innerJoin(t.teamPositions, eq(t.teamPositions.id, t.planPositions.positionId))
    .innerJoin(t.users, eq(t.users.id, t.assignments.userId))
    .innerJoin(t.churches, eq(t.churches.id, t.assignments.churchId))
    .where(where);
  return row;
}
type Row = NonNullable<Awaited<ReturnType<typeof assignmentRow>>>;

const values = (row: Row, lang: MessageLang, link: string) => ({
  name: nameOf(row),
  church: row.church,
  team: row.team,
  position: row.position,
  title: row.title,
  when: planWhen(lang, row.date, row.startTime),
  link,
});

/** Sends the request e-mail of a new assignment (a failure is logged: the leader sees it asked). */
export async function sendRequest(
  db: Database,
  mailer: Mailer,
  assignmentId: number,
  origin: string,
  lang: MessageLang,
): Promise<void> {
  const row = await assignmentRow(db, and(eq(t.assignments.id, assignmentId)));
  if (!row) return;
  const link = `${origin}${answerPath(answerToken(row))}`;
  await tell(
    db,
    mailer,
    row.churchId,
    [{ id: row.userId, email: row.email }],
    { typeCode: 'ESCALA_PEDIDO', relatedId: String(row.id) },
    (to) => rotaMail(lang, 'request', to.email, values(row, lang, link)),
  );
}

/** The assignment a link's token names, when its signature holds (otherwise 404 teams.badLink). */
async function byToken(db: Database, churchId: number, token: string): Promise<Row> {
  const [idText, signature] = token.split('.') as [string, string];
  const row = await assignmentRow(
    db,
    and(eq(t.assignments.id, Number(idText)), eq(t.assignments.churchId, churchId)),
  );
  if (!row || !links.verify(signature, signedText(row))) throw notFound('teams.badLink');
  return row;
}

const view = (row: Row): LinkView => ({
  id: row.id,
  equipe: row.team,
  posicao: row.position,
  titulo: row.title,
  data: row.date,
  horario: row.startTime.slice(0, 5),
  estado: row.state,
  idEscala: row.planId,
  pessoa: nameOf(row),
  igreja: row.church,
});

/** GET by token: what the answer page shows (reads only). */
export async function linkView(db: Database, churchId: number, token: string): Promise<LinkView> {
  return view(await byToken(db, churchId, token));
}

/** POST by token: the answer, without a login. */
export async function answerByLink(
  db: Database,
  mailer: Mailer,
  churchId: number,
  token: string,
  answer: 'aceitar' | 'recusar',
  origin: string,
  now = new Date(),
): Promise<LinkView> {
  const row = await byToken(db, churchId, token);
  return view(await answer_(db, mailer, row, answer, origin, now));
}

/** A member answers one of their own assignments from /user. */
export async function answerAsMember(
  db: Database,
  mailer: Mailer,
  churchId: number,
  userId: number,
  assignmentId: number,
  answer: 'aceitar' | 'recusar',
  origin: string,
  now = new Date(),
): Promise<LinkView> {
  const row = await assignmentRow(
    db,
    and(
      eq(t.assignments.id, assignmentId),
      eq(t.assignments.churchId, churchId),
      eq(t.assignments.userId, userId),
    ),
  );
  if (!row) throw notFound('teams.assignmentNotFound');
  return view(await answer_(db, mailer, row, answer, origin, now));
}

async function answer_(
  db: Database,
  mailer: Mailer,
  row: Row,
  answer: 'aceitar' | 'recusar',
  origin: string,
  now: Date,
): Promise<Row> {
  if (row.date < (await churchDayOf(db, row.churchId, now)))
    throw new ApiProblem(409, 'teams.past');
  const state = answer === 'aceitar' ? 'aceita' : 'recusada';
  if (row.state === state) return row;
  if (state === 'aceita' && row.state === 'recusada') {
    // taking back a decline: the place must still be open
    const [open] = await db
      .select({
        needed: t.planPositions.needed,
        taken: sql<number>`(select count(*) from escala_pessoa a where a.escala_posicao_id = ${t.planPositions.id} and a.estado <> 'recusada')::int`,
      })
      .from(t.planPositions)
      .innerJoin(t.assignments, eq(t.assignments.planPositionId, t.planPositions.id))
      .where(eq(t.assignments.id, row.id));
    if (open && Number(open.taken) >= open.needed) throw new ApiProblem(409, 'teams.full');
  }
  try {
    await db.transaction(async (tx) => {
      await tx
        .update(t.assignments)
        .set({ state, answeredAt: now })
        .where(and(eq(t.assignments.id, row.id), eq(t.assignments.churchId, row.churchId)));
      await syncDoorTeam(tx, row.churchId, row.planId, row.userId);
      // a decline ends the volunteer's swap request: there is no place left to hand over
      if (state === 'recusada')
        await tx
          .update(t.rotaSwaps)
          .set({ state: 'cancelada' })
          .where(
            and(
              eq(t.rotaSwaps.churchId, row.churchId),
              eq(t.rotaSwaps.assignmentId, row.id),
              inArray(t.rotaSwaps.state, ['aberta', 'aguardando']),
            ),
          );
    });
  } catch (error) {
    if (isUniqueViolation(error, 'escala_pessoa_momento_uq'))
      throw new ApiProblem(409, 'teams.doubleBooked');
    throw error;
  }
  const after = { ...row, state } as Row;
  if (state === 'recusada') await tellLeaders(db, mailer, after, origin);
  return after;
}

/** A decline reaches the team's leaders (or the church's admins when it has none): e-mail, notice, push. */
async function tellLeaders(db: Database, mailer: Mailer, row: Row, origin: string) {
  const lang = messageLangOfLocale(row.locale);
  const link = `${origin}/admin/teams?equipe=${row.teamId}&escala=${row.planId}`;
  await tell(
    db,
    mailer,
    row.churchId,
    await leadersOf(db, row.churchId, row.teamId),
    { typeCode: 'ESCALA_RECUSADA', relatedId: String(row.planId) },
    (to) => rotaMail(lang, 'declined', to.email, values(row, lang, link)),
  );
}

/** On the day, a volunteer checks in themselves on arrival (the leader sees who is still missing). */
export async function checkInSelf(
  { db }: MemberWriteDeps,
  scope: MembersScope,
  assignmentId: number,
  now = new Date(),
): Promise<void> {
  const [churchId, userId] = [scope.church.id, scope.user.userId];
  const today = await churchDayOf(db, churchId, now);
  const rows = await db
    .update(t.assignments)
    .set({ checkedInAt: now, noShow: false, state: 'aceita' })
    .where(
      and(
        eq(t.assignments.id, assignmentId),
        eq(t.assignments.churchId, churchId),
        eq(t.assignments.userId, userId),
        eq(t.assignments.date, today),
        ne(t.assignments.state, 'recusada'),
      ),
    )
    .returning({ id: t.assignments.id });
  if (!rows.length) throw new ApiProblem(409, 'teams.notToday');
}

/** The member's next assignments, blockouts and the church's teams (to ask to join). */
export async function myRotas(
  db: Database,
  churchId: number,
  userId: number,
  now = new Date(),
): Promise<Omit<MyRotas, 'trocas' | 'colegas'>> {
  const today = await churchDayOf(db, churchId, now);
  const rows = await db
    .select({
      id: t.assignments.id,
      equipe: t.teams.name,
      posicao: t.teamPositions.name,
      titulo: t.teamPlans.title,
      data: t.assignments.date,
      horario: t.assignments.startTime,
      estado: t.assignments.state,
      idEscala: t.assignments.planId,
    })
    .from(t.assignments)
    .innerJoin(t.teamPlans, eq(t.teamPlans.id, t.assignments.planId))
    .innerJoin(t.teams, eq(t.teams.id, t.teamPlans.teamId))
    .innerJoin(t.planPositions, eq(t.planPositions.id, t.assignments.planPositionId))
    .innerJoin(t.teamPositions, eq(t.teamPositions.id, t.planPositions.positionId))
    .where(
      and(
        eq(t.assignments.churchId, churchId),
        eq(t.assignments.userId, userId),
        gte(t.assignments.date, today),
      ),
    )
    .orderBy(asc(t.assignments.date), asc(t.assignments.startTime))
    .limit(50);
  const blocks = await db
    .select({
      id: t.blockouts.id,
      inicio: t.blockouts.startDate,
      fim: t.blockouts.endDate,
      motivo: t.blockouts.reason,
    })
    .from(t.blockouts)
    .where(
      and(
        eq(t.blockouts.churchId, churchId),
        eq(t.blockouts.userId, userId),
        gte(t.blockouts.endDate, today),
      ),
    )
    .orderBy(asc(t.blockouts.startDate));
  const teams = await db
    .select({
      id: t.teams.id,
      nome: t.teams.name,
      estado: sql<
        'ativo' | 'pedido' | null
      >`(select m.estado from equipe_membro m where m.equipe_id = equipe.id and m.usuario_id = ${userId})`,
    })
    .from(t.teams)
    .where(eq(t.teams.churchId, churchId))
    .orderBy(asc(t.teams.name));
  return {
    escalas: rows.map((r) => ({ ...r, horario: r.horario.slice(0, 5) })),
    bloqueios: blocks,
    equipes: teams.map((team) => ({ ...team, estado: team.estado ?? null })),
  };
}

export async function addBlockout(
  { db }: MemberWriteDeps,
  scope: MembersScope,
  input: { inicio: string; fim: string; motivo: string | null },
): Promise<{ id: number }> {
  const [row] = await db
    .insert(t.blockouts)
    .values({
      churchId: scope.church.id,
      userId: scope.user.userId,
      startDate: input.inicio,
      endDate: input.fim,
      reason: input.motivo,
    })
    .returning({ id: t.blockouts.id });
  return row!;
}

export async function removeBlockout(
  { db }: MemberWriteDeps,
  scope: MembersScope,
  id: number,
): Promise<void> {
  const gone = await db
    .delete(t.blockouts)
    .where(
      and(
        eq(t.blockouts.id, id),
        eq(t.blockouts.churchId, scope.church.id),
        eq(t.blockouts.userId, scope.user.userId),
      ),
    )
    .returning({ id: t.blockouts.id });
  if (!gone.length) throw notFound('teams.notFound');
}

/** A member asks to join a team; a leader or admin approves it. */
export async function requestToJoin(
  { db }: MemberWriteDeps,
  scope: MembersScope,
  teamId: number,
): Promise<void> {
  const [churchId, userId] = [scope.church.id, scope.user.userId];
  const [team] = await db
    .select({ id: t.teams.id })
    .from(t.teams)
    .where(and(eq(t.teams.id, teamId), eq(t.teams.churchId, churchId)));
  if (!team) throw notFound('teams.notFound');
  const made = await db
    .insert(t.teamMembers)
    .values({ churchId, teamId, userId, state: 'pedido' })
    .onConflictDoNothing()
    .returning({ id: t.teamMembers.id });
  if (!made.length) throw fieldProblem(409, 'idEquipe', 'teams.alreadyMember');
}

/**
 * A plan as its team reads it on a phone: who serves where and, for worship, the set list with
 * keys. Only the team's members (and the church's staff, through the staff area) see it.
 */
export async function teamPlanView(
  db: Database,
  churchId: number,
  userId: number,
  planId: number,
): Promise<TeamPlanView> {
  const [plan] = await db
    .select({
      id: t.teamPlans.id,
      teamId: t.teamPlans.teamId,
      team: t.teams.name,
      kind: t.teams.kind,
      title: t.teamPlans.title,
      date: t.teamPlans.date,
      time: t.teamPlans.startTime,
      notes: t.teamPlans.notes,
      setListId: t.teamPlans.setListId,
      onTeam: sql<boolean>`exists (select 1 from equipe_membro m where m.equipe_id = ${t.teamPlans.teamId} and m.usuario_id = ${userId} and m.estado = 'ativo')`,
      admin: sql<boolean>`exists (select 1 from igreja_usuario u where u.igreja_id = ${churchId} and u.usuario_id = ${userId} and u.flag_ativo and u.roles @> '["ROLE_ADMIN"]'::jsonb)`,
    })
    .from(t.teamPlans)
    .innerJoin(t.teams, eq(t.teams.id, t.teamPlans.teamId))
    .where(and(eq(t.teamPlans.id, planId), eq(t.teamPlans.churchId, churchId)));
  if (!plan || !(plan.onTeam || plan.admin)) throw notFound('teams.planNotFound');
  const people = await db
    .select({
      position: t.teamPositions.name,
      order: t.teamPositions.position,
      positionId: t.teamPositions.id,
      first: t.users.firstName,
      last: t.users.lastName,
      email: t.users.email,
      state: t.assignments.state,
    })
    .from(t.planPositions)
    .innerJoin(t.teamPositions, eq(t.teamPositions.id, t.planPositions.positionId))
    .leftJoin(
      t.assignments,
      and(
        eq(t.assignments.planPositionId, t.planPositions.id),
        ne(t.assignments.state, 'recusada'),
      ),
    )
    .leftJoin(t.users, eq(t.users.id, t.assignments.userId))
    .where(eq(t.planPositions.planId, planId))
    .orderBy(asc(t.teamPositions.position), asc(t.teamPositions.id), asc(t.assignments.id));
  const positions = new Map<number, TeamPlanView['posicoes'][number]>();
  for (const p of people) {
    const entry = positions.get(p.positionId) ?? { nome: p.position, pessoas: [] };
    if (p.state && p.email)
      entry.pessoas.push({
        nome: nameOf({ first: p.first, last: p.last, email: p.email }),
        estado: p.state,
      });
    positions.set(p.positionId, entry);
  }
  let repertorio: TeamPlanView['repertorio'] = null;
  const setListId =
    plan.setListId ??
    (plan.kind === 'louvor'
      ? ((
          await db
            .select({ id: t.praiseSetLists.id })
            .from(t.praiseSetLists)
            .where(
              and(eq(t.praiseSetLists.churchId, churchId), eq(t.praiseSetLists.date, plan.date)),
            )
            .orderBy(asc(t.praiseSetLists.id))
            .limit(1)
        )[0]?.id ?? null)
      : null);
  if (setListId) {
    const [list] = await db
      .select()
      .from(t.praiseSetLists)
      .where(and(eq(t.praiseSetLists.id, setListId), eq(t.praiseSetLists.churchId, churchId)));
    if (list) {
      const ids = list.items.map((i) => i.louvorId);
      const songs = ids.length
        ? await db
            .select({ id: t.praises.id, title: t.praises.title, key: t.praises.tone })
            .from(t.praises)
            .where(and(eq(t.praises.churchId, churchId), inArray(t.praises.id, ids)))
        : [];
      repertorio = {
        id: list.id,
        titulo: list.title,
        musicas: list.items.flatMap((item) => {
          const song = songs.find((s) => s.id === item.louvorId);
          return song
            ? [{ id: song.id, titulo: song.title, tom: item.tom ?? song.key ?? null }]
            : [];
        }),
      };
    }
  }
  return {
    id: plan.id,
    equipe: plan.team,
    titulo: plan.title,
    data: plan.date,
    horario: plan.time.slice(0, 5),
    observacao: plan.notes,
    posicoes: [...positions.values()],
    repertorio,
  };
}

/**
 * Reminders two days before: every asked or accepted assignment of the day after tomorrow (or
 * sooner, when it was scheduled late) on its church's clock (docs/volunteers.md "Which clock"),
 * not yet reminded, each claimed once across nodes.
 */
export async function sendReminders(
  db: Database,
  options: ClaimOptions & { origin: (code: string) => string; now: Date },
): Promise<number> {
  // every church's today is within a day of UTC's: only rows in that range look up their zone
  const utcDay = churchToday('UTC', options.now);
  const at = options.now.toISOString();
  const sent = await eachClaimed(
    db,
    options,
    async (tx) =>
      (
        await tx
          .select({ id: t.assignments.id })
          .from(t.assignments)
          .where(
            and(
              isNull(t.assignments.remindedAt),
              ne(t.assignments.state, 'recusada'),
              sql`${t.assignments.date} between ${utcDay}::date - 1 and ${utcDay}::date + 3`,
              // from the church's today to the day after tomorrow (igreja_fuso: its zone, migration 0061)
              sql`${t.assignments.date} - (select (${at}::timestamptz at time zone igreja_fuso(c.fuso_horario, c.pais, c.idioma))::date from igreja c where c.id = ${t.assignments.churchId}) between 0 and 2`,
            ),
          )
          .orderBy(asc(t.assignments.id))
          .limit(1)
          .for('update', { skipLocked: true })
      )[0],
    async (tx, claimed, mails) => {
      await tx
        .update(t.assignments)
        .set({ remindedAt: options.now })
        .where(eq(t.assignments.id, claimed.id));
      const row = await assignmentRow(tx, and(eq(t.assignments.id, claimed.id)));
      if (!row) return 0;
      const lang = messageLangOfLocale(row.locale);
      const link = `${options.origin(row.churchCode)}${answerPath(answerToken(row))}`;
      const mail = rotaMail(lang, 'reminder', row.email, values(row, lang, link));
      await noticeAndPush(
        tx,
        row.churchId,
        [row.userId],
        {
          title: mail.subject,
          body: mail.text.split('\n')[0]!,
          typeCode: 'ESCALA_LEMBRETE',
          relatedId: String(row.id),
        },
        options.now,
      );
      mails.push(mail);
      return 1;
    },
  );
  return sent.length;
}
