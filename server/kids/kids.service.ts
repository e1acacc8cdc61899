// Children's ministry check-in (docs/kids.md): rooms, sessions, the station's family search and
// check-in, labels, pick-up against the family's code, rosters, paging and attendance. Every query
// filters on the church; every staff write goes through staffWrite (audit + purge). The two rules a
// mistake would break are held by the database: a code is unique per church and day
// (kids_codigo_igreja_data_uq, a new random code is drawn on a clash) and a child is checked in once
// per session (the partial unique keys of kids_checkin).
import { randomInt } from 'node:crypto';
import { and, asc, desc, eq, gte, inArray, isNull, lte, or, sql, type SQL } from 'drizzle-orm';
import {
  KIDS_CODE_ALPHABET,
  KIDS_CODE_LENGTH,
  type KidsAttendance,
  type KidsCheckinInput,
  type KidsChild,
  type KidsDay,
  type KidsDoor,
  type KidsFamily,
  type KidsLabels,
  type KidsRoom,
  type KidsRoomInput,
  type KidsRoster,
  type KidsSession,
  type KidsVisitorInput,
  type MemberKidsCheckins,
} from '../../contract/kids.ts';
import type { MessageLang } from '../../contract/messages/lang.ts';
import { kidsMessage } from '../../contract/messages/staff-kids.ts';
import type { Database, Tx } from '../db/client.ts';
import * as t from '../db/schema/index.ts';
import { folded, searchPattern } from '../db/search.ts';
import { ApiProblem, fieldProblem, notFound } from '../http/errors.ts';
import { csvDocument, type CsvValue } from '../http/csv.ts';
import { recordAudit, type StaffActor } from '../staff/audit.ts';
import { staffWrite, type StaffWriteDeps } from '../staff/write.ts';

// ---- small rules ----

/** A fresh security code: crypto-random over the alphabet without look-alikes. */
export function newCode(): string {
  let code = '';
  for (let i = 0; i < KIDS_CODE_LENGTH; i++)
    code += KIDS_CODE_ALPHABET[randomInt(KIDS_CODE_ALPHABET.length)];
  return code;
}

/** Whole months from a birth date to a day (both yyyy-mm-dd); 0 for a date in the future. */
export function ageInMonths(birth: string, day: string): number {
  const [by, bm, bd] = birth.split('-').map(Number) as [number, number, number];
  const [y, m, d] = day.split('-').map(Number) as [number, number, number];
  const months = (y - by) * 12 + (m - bm) - (d < bd ? 1 : 0);
  return Math.max(0, months);
}

/** The UTC day (yyyy-mm-dd); pages send the church's own day, this is only the default. */
export const todayUtc = (now = new Date()): string => now.toISOString().slice(0, 10);

const fullName = (first: string, last: string | null) => [first, last].filter(Boolean).join(' ');
const iso = (d: Date | null) => (d ? d.toISOString() : null);

// ---- rooms ----

const toRoom = (r: typeof t.kidsRooms.$inferSelect): KidsRoom => ({
  id: r.id,
  nome: r.name,
  idadeMinMeses: r.minMonths,
  idadeMaxMeses: r.maxMonths,
  capacidade: r.capacity,
  proporcao: r.ratio,
  ativo: r.active,
});

export async function listRooms(db: Database, churchId: number): Promise<{ salas: KidsRoom[] }> {
  const rows = await db
    .select()
    .from(t.kidsRooms)
    .where(eq(t.kidsRooms.churchId, churchId))
    .orderBy(asc(t.kidsRooms.minMonths), asc(t.kidsRooms.id));
  return { salas: rows.map(toRoom) };
}

const roomColumns = (b: KidsRoomInput) => ({
  name: b.nome,
  minMonths: b.idadeMinMeses,
  maxMonths: b.idadeMaxMeses,
  capacity: b.capacidade,
  ratio: b.proporcao,
  active: b.ativo,
});

export async function createRoom(
  deps: StaffWriteDeps,
  actor: StaffActor,
  b: KidsRoomInput,
): Promise<KidsRoom> {
  return staffWrite(
    deps,
    actor,
    (room: KidsRoom) => ({
      action: 'kids.create',
      kind: 'kids_sala',
      targetId: room.id,
      summary: room.nome,
    }),
    async (tx) => {
      const [row] = await tx
        .insert(t.kidsRooms)
        .values({ churchId: actor.churchId, ...roomColumns(b) })
        .returning();
      return toRoom(row!);
    },
    { purge: false },
  );
}

export async function updateRoom(
  deps: StaffWriteDeps,
  actor: StaffActor,
  id: number,
  b: KidsRoomInput,
): Promise<KidsRoom> {
  return staffWrite(
    deps,
    actor,
    { action: 'kids.update', kind: 'kids_sala', targetId: id, summary: b.nome },
    async (tx) => {
      const [row] = await tx
        .update(t.kidsRooms)
        .set(roomColumns(b))
        .where(and(eq(t.kidsRooms.id, id), eq(t.kidsRooms.churchId, actor.churchId)))
        .returning();
      if (!row) throw notFound('staff.kids.roomNotFound');
      return toRoom(row);
    },
    { purge: false },
  );
}

// ---- sessions ----

const present = sql<number>`count(${t.kidsCheckins.id}) filter (where ${t.kidsCheckins.checkedOutAt} is null)`;

async function sessionsWhere(db: Database | Tx, where: SQL | undefined): Promise<KidsSession[]> {
  const rows = await db
    .select({
      s: t.kidsSessions,
      r: t.kidsRooms,
      presentes: sql<number>`${present}::int`,
      total: sql<number>`count(${t.kidsCheckins.id})::int`,
    })
    .from(t.kidsSessions)
    .innerJoin(t.kidsRooms, eq(t.kidsRooms.id, t.kidsSessions.roomId))
    .leftJoin(t.kidsCheckins, eq(t.kidsCheckins.sessionId, t.kidsSessions.id))
    .where(where)
    .groupBy(t.kidsSessions.id, t.kidsRooms.id)
    .orderBy(asc(t.kidsSessions.day), asc(t.kidsSessions.time), asc(t.kidsRooms.minMonths));
  return rows.map(({ s, r, presentes, total }) => ({
    id: s.id,
    data: s.day,
    horario: s.time,
    titulo: s.title,
    sala: { id: r.id, nome: r.name },
    idadeMinMeses: r.minMonths,
    idadeMaxMeses: r.maxMonths,
    capacidade: r.capacity,
    proporcao: r.ratio,
    presentes: Number(presentes),
    total: Number(total),
  }));
}

export async function daySessions(db: Database, churchId: number, day: string): Promise<KidsDay> {
  return {
    data: day,
    sessoes: await sessionsWhere(
      db,
      and(eq(t.kidsSessions.churchId, churchId), eq(t.kidsSessions.day, day)),
    ),
  };
}

/** ISO weekday (1 = Monday … 7 = Sunday) of a yyyy-mm-dd day, as the schedule counts them. */
const isoWeekday = (day: string) => ((new Date(`${day}T12:00:00Z`).getUTCDay() + 6) % 7) + 1;

/** Every active room at every active service of that weekday; sessions already there are kept. */
export async function generateSessions(
  deps: StaffWriteDeps,
  actor: StaffActor,
  day: string,
): Promise<KidsDay> {
  const { db } = deps;
  const services = await db
    .select()
    .from(t.weeklyServices)
    .where(
      and(
        eq(t.weeklyServices.churchId, actor.churchId),
        eq(t.weeklyServices.weekday, isoWeekday(day)),
        eq(t.weeklyServices.active, true),
      ),
    )
    .orderBy(asc(t.weeklyServices.startTime));
  if (!services.length) throw fieldProblem(422, 'data', 'staff.kids.noServices');
  const rooms = await db
    .select()
    .from(t.kidsRooms)
    .where(and(eq(t.kidsRooms.churchId, actor.churchId), eq(t.kidsRooms.active, true)));
  const values = services.flatMap((s) =>
    rooms.map((r) => ({
      churchId: actor.churchId,
      roomId: r.id,
      day,
      time: String(s.startTime).slice(0, 5),
      serviceId: s.id,
      title: s.title,
    })),
  );
  await staffWrite(
    deps,
    actor,
    { action: 'kids.generate', kind: 'kids_sessao', targetId: day, summary: day },
    async (tx) => {
      if (values.length) await tx.insert(t.kidsSessions).values(values).onConflictDoNothing();
    },
    { purge: false },
  );
  return daySessions(db, actor.churchId, day);
}

export async function addSession(
  deps: StaffWriteDeps,
  actor: StaffActor,
  b: { salaId: number; data: string; horario: string; titulo: string },
): Promise<KidsDay> {
  const [room] = await deps.db
    .select()
    .from(t.kidsRooms)
    .where(and(eq(t.kidsRooms.id, b.salaId), eq(t.kidsRooms.churchId, actor.churchId)));
  if (!room) throw fieldProblem(404, 'salaId', 'staff.kids.roomNotFound');
  await staffWrite(
    deps,
    actor,
    { action: 'kids.create', kind: 'kids_sessao', summary: `${room.name} ${b.data} ${b.horario}` },
    async (tx) => {
      const [row] = await tx
        .insert(t.kidsSessions)
        .values({
          churchId: actor.churchId,
          roomId: room.id,
          day: b.data,
          time: b.horario,
          title: b.titulo,
        })
        .onConflictDoNothing()
        .returning({ id: t.kidsSessions.id });
      if (!row) throw fieldProblem(409, 'horario', 'staff.kids.sessionExists');
    },
    { purge: false },
  );
  return daySessions(deps.db, actor.churchId, b.data);
}

// ---- the station: finding a family ----

interface ChildRow {
  tipo: 'm' | 'v';
  id: number;
  firstName: string;
  lastName: string | null;
  birthDate: string;
  comments: string | null;
}

/** The room of the slot whose age range fits, the narrowest first. */
function fitting(sessions: KidsSession[], months: number): KidsSession | null {
  const fits = sessions
    .filter((s) => months >= s.idadeMinMeses && months <= s.idadeMaxMeses)
    .sort((a, b) => a.idadeMaxMeses - a.idadeMinMeses - (b.idadeMaxMeses - b.idadeMinMeses));
  return fits[0] ?? null;
}

async function slotSessions(db: Database | Tx, churchId: number, day: string, time: string) {
  return sessionsWhere(
    db,
    and(
      eq(t.kidsSessions.churchId, churchId),
      eq(t.kidsSessions.day, day),
      eq(t.kidsSessions.time, time),
      eq(t.kidsRooms.active, true),
    ),
  );
}

/** The member-card QR's text (server/users/members.service.ts): `{church}:{number}:{card id}`. */
const CARD_QR = /^([a-z0-9-]+):(\d+):(\d{1,10})$/i;

export async function findFamilies(
  db: Database,
  churchId: number,
  q: { busca: string; data: string; horario: string },
): Promise<{ familias: KidsFamily[] }> {
  const term = q.busca.trim();
  const digits = term.replace(/\D/g, '');
  const phoneLike = /^[+\d\s().-]+$/.test(term) && digits.length >= 4;
  const card = CARD_QR.exec(term);

  // members with children in this church: by the card's QR, phone digits, or a parent's or child's name
  let memberWhere: SQL;
  if (card) {
    memberWhere = sql`${t.users.id} in (select ${t.memberCards.userId} from ${t.memberCards} where ${t.memberCards.id} = ${Number(card[3])} and ${t.memberCards.churchId} = ${churchId} and ${t.memberCards.active})`;
  } else if (phoneLike) {
    memberWhere = sql`regexp_replace(coalesce(${t.users.phone}, ''), '\\D', '', 'g') like ${`%${digits}%`}`;
  } else {
    const pattern = searchPattern(term);
    memberWhere = or(
      sql`${t.users.searchText} like ${pattern}`,
      sql`exists (select 1 from ${t.userChildren} c where c.usuario_id = ${t.users.id} and c.igreja_id = ${churchId} and ${folded(sql`c.nome || ' ' || coalesce(c.sobrenome, '')`)} like ${pattern})`,
    )!;
  }
  const members = await db
    .select({
      id: t.users.id,
      first: t.users.firstName,
      last: t.users.lastName,
      phone: t.users.phone,
    })
    .from(t.users)
    .innerJoin(
      t.churchUsers,
      and(eq(t.churchUsers.userId, t.users.id), eq(t.churchUsers.churchId, churchId)),
    )
    .where(
      and(
        memberWhere,
        sql`exists (select 1 from ${t.userChildren} c where c.usuario_id = ${t.users.id} and c.igreja_id = ${churchId})`,
      ),
    )
    .orderBy(asc(t.users.firstName), asc(t.users.id))
    .limit(10);

  let visitors: (typeof t.kidsVisitorFamilies.$inferSelect)[] = [];
  if (!card) {
    const visitorWhere = phoneLike
      ? sql`regexp_replace(${t.kidsVisitorFamilies.phone}, '\\D', '', 'g') like ${`%${digits}%`}`
      : or(
          sql`${folded(t.kidsVisitorFamilies.guardianName)} like ${searchPattern(term)}`,
          sql`exists (select 1 from ${t.kidsVisitorChildren} c where c.familia_id = ${t.kidsVisitorFamilies.id} and ${folded(sql`c.nome || ' ' || coalesce(c.sobrenome, '')`)} like ${searchPattern(term)})`,
        );
    visitors = await db
      .select()
      .from(t.kidsVisitorFamilies)
      .where(and(eq(t.kidsVisitorFamilies.churchId, churchId), visitorWhere))
      .orderBy(desc(t.kidsVisitorFamilies.id))
      .limit(10);
  }

  const [memberKids, visitorKids, sessions] = await Promise.all([
    members.length
      ? db
          .select()
          .from(t.userChildren)
          .where(
            and(
              eq(t.userChildren.churchId, churchId),
              inArray(
                t.userChildren.userId,
                members.map((m) => m.id),
              ),
            ),
          )
          .orderBy(asc(t.userChildren.birthDate))
      : [],
    visitors.length
      ? db
          .select()
          .from(t.kidsVisitorChildren)
          .where(
            inArray(
              t.kidsVisitorChildren.familyId,
              visitors.map((v) => v.id),
            ),
          )
          .orderBy(asc(t.kidsVisitorChildren.birthDate))
      : [],
    slotSessions(db, churchId, q.data, q.horario),
  ]);
  const sessionIds = sessions.map((s) => s.id);
  const inSlot = sessionIds.length
    ? await db
        .select({
          id: t.kidsCheckins.id,
          childId: t.kidsCheckins.childId,
          visitorChildId: t.kidsCheckins.visitorChildId,
        })
        .from(t.kidsCheckins)
        .where(inArray(t.kidsCheckins.sessionId, sessionIds))
    : [];
  const child = (c: ChildRow): KidsChild => {
    const months = ageInMonths(c.birthDate, q.data);
    const already = inSlot.find((r) =>
      c.tipo === 'm' ? r.childId === c.id : r.visitorChildId === c.id,
    );
    return {
      tipo: c.tipo,
      id: c.id,
      nome: fullName(c.firstName, c.lastName),
      idadeMeses: months,
      observacoes: c.comments,
      sessaoSugerida: fitting(sessions, months)?.id ?? null,
      checkinId: already?.id ?? null,
    };
  };
  return {
    familias: [
      ...members.map((m) => ({
        chave: `m:${m.id}`,
        responsavel: fullName(m.first, m.last),
        telefone: m.phone,
        visitante: false,
        criancas: memberKids
          .filter((c) => c.userId === m.id)
          .map((c) => child({ tipo: 'm', ...c })),
      })),
      ...visitors.map((v) => ({
        chave: `v:${v.id}`,
        responsavel: v.guardianName,
        telefone: v.phone,
        visitante: true,
        criancas: visitorKids
          .filter((c) => c.familyId === v.id)
          .map((c) => child({ tipo: 'v', ...c })),
      })),
    ],
  };
}

/** A visitor family and their children, added at the station (the team follows them up). */
export async function addVisitorFamily(
  deps: StaffWriteDeps,
  actor: StaffActor,
  b: KidsVisitorInput,
): Promise<{ chave: string }> {
  return staffWrite(
    deps,
    actor,
    (r: { chave: string }) => ({
      action: 'kids.add',
      kind: 'kids_familia_visitante',
      targetId: r.chave.slice(2),
      summary: b.responsavel,
    }),
    async (tx) => {
      const [family] = await tx
        .insert(t.kidsVisitorFamilies)
        .values({ churchId: actor.churchId, guardianName: b.responsavel, phone: b.telefone })
        .returning();
      await tx.insert(t.kidsVisitorChildren).values(
        b.criancas.map((c) => ({
          churchId: actor.churchId,
          familyId: family!.id,
          firstName: c.nome,
          lastName: c.sobrenome,
          birthDate: c.dataNascimento,
          comments: c.observacoes,
        })),
      );
      return { chave: `v:${family!.id}` };
    },
    { purge: false },
  );
}

// ---- the station: checking in ----

/** Thrown inside a code claim when another family holds the code that day: draw again. */
const MAX_CODE_TRIES = 30;

async function claimCode(
  tx: Tx,
  actor: StaffActor,
  day: string,
  family: { guardianId: number | null; visitorFamilyId: number | null },
  station: string | null,
): Promise<{ id: number; code: string }> {
  for (let i = 0; i < MAX_CODE_TRIES; i++) {
    const code = newCode();
    const [row] = await tx
      .insert(t.kidsCodes)
      .values({
        churchId: actor.churchId,
        day,
        code,
        ...family,
        station,
        createdBy: actor.userId,
      })
      .onConflictDoNothing()
      .returning({ id: t.kidsCodes.id, code: t.kidsCodes.code });
    if (row) return row;
  }
  // 25^4 = 390,625 codes a day: a church never gets here
  throw new ApiProblem(503, 'api.unavailable');
}

export async function checkIn(
  deps: StaffWriteDeps,
  actor: StaffActor,
  b: KidsCheckinInput,
): Promise<KidsLabels> {
  const churchId = actor.churchId;
  const [kind, rawId] = b.familia.split(':') as ['m' | 'v', string];
  const familyId = Number(rawId);
  return staffWrite(
    deps,
    actor,
    (labels: KidsLabels) => ({
      action: 'kids.checkin',
      kind: 'kids_checkin',
      targetId: labels.codigoId,
      summary: `${labels.codigo} · ${labels.etiquetas.map((e) => e.nome).join(', ')}`.slice(0, 300),
    }),
    async (tx) => {
      // the family and its ticked children, all of this church
      let guardian: string;
      let children: ChildRow[];
      if (kind === 'm') {
        const [user] = await tx
          .select({ first: t.users.firstName, last: t.users.lastName })
          .from(t.users)
          .innerJoin(
            t.churchUsers,
            and(eq(t.churchUsers.userId, t.users.id), eq(t.churchUsers.churchId, churchId)),
          )
          .where(eq(t.users.id, familyId));
        if (!user) throw fieldProblem(404, 'familia', 'staff.kids.familyNotFound');
        guardian = fullName(user.first, user.last);
        const ids = b.criancas.filter((c) => c.tipo === 'm').map((c) => c.id);
        children = (
          ids.length
            ? await tx
                .select()
                .from(t.userChildren)
                .where(
                  and(
                    inArray(t.userChildren.id, ids),
                    eq(t.userChildren.userId, familyId),
                    eq(t.userChildren.churchId, churchId),
                  ),
                )
            : []
        ).map((c) => ({ tipo: 'm' as const, ...c }));
      } else {
        const [family] = await tx
          .select()
          .from(t.kidsVisitorFamilies)
          .where(
            and(
              eq(t.kidsVisitorFamilies.id, familyId),
              eq(t.kidsVisitorFamilies.churchId, churchId),
            ),
          );
        if (!family) throw fieldProblem(404, 'familia', 'staff.kids.familyNotFound');
        guardian = family.guardianName;
        const ids = b.criancas.filter((c) => c.tipo === 'v').map((c) => c.id);
        children = (
          ids.length
            ? await tx
                .select()
                .from(t.kidsVisitorChildren)
                .where(
                  and(
                    inArray(t.kidsVisitorChildren.id, ids),
                    eq(t.kidsVisitorChildren.familyId, familyId),
                  ),
                )
            : []
        ).map((c) => ({ tipo: 'v' as const, ...c }));
      }
      if (children.length !== b.criancas.length)
        throw fieldProblem(404, 'criancas', 'staff.kids.childNotFound');

      // each child's room: chosen by hand, or the one their age fits
      const sessions = await slotSessions(tx, churchId, b.data, b.horario);
      const placed = b.criancas.map((pick) => {
        const c = children.find((x) => x.tipo === pick.tipo && x.id === pick.id)!;
        const name = fullName(c.firstName, c.lastName);
        const chosen = pick.sessaoId ? sessions.find((s) => s.id === pick.sessaoId) : undefined;
        if (pick.sessaoId && !chosen)
          throw fieldProblem(404, 'criancas', 'staff.kids.sessionNotFound');
        const session = chosen ?? fitting(sessions, ageInMonths(c.birthDate, b.data));
        if (!session) throw fieldProblem(422, 'criancas', 'staff.kids.noRoom', { name });
        return { child: c, name, session, override: Boolean(chosen) };
      });

      // capacity: the sessions are locked so two stations cannot both fill the last place
      const sessionIds = [...new Set(placed.map((p) => p.session.id))].sort((a, b) => a - b);
      await tx
        .select({ id: t.kidsSessions.id })
        .from(t.kidsSessions)
        .where(inArray(t.kidsSessions.id, sessionIds))
        .orderBy(asc(t.kidsSessions.id))
        .for('update');
      const counts = await tx
        .select({ sessionId: t.kidsCheckins.sessionId, n: sql<number>`count(*)::int` })
        .from(t.kidsCheckins)
        .where(
          and(inArray(t.kidsCheckins.sessionId, sessionIds), isNull(t.kidsCheckins.checkedOutAt)),
        )
        .groupBy(t.kidsCheckins.sessionId);
      for (const id of sessionIds) {
        const session = placed.find((p) => p.session.id === id)!.session;
        const now = Number(counts.find((c) => c.sessionId === id)?.n ?? 0);
        const adding = placed.filter((p) => p.session.id === id).length;
        if (now + adding > session.capacidade)
          throw fieldProblem(409, 'criancas', 'staff.kids.roomFull', {
            room: session.sala.nome,
            capacity: String(session.capacidade),
          });
      }

      const code = await claimCode(
        tx,
        actor,
        b.data,
        kind === 'm'
          ? { guardianId: familyId, visitorFamilyId: null }
          : { guardianId: null, visitorFamilyId: familyId },
        b.estacao,
      );
      const etiquetas = [];
      for (const p of placed) {
        const [row] = await tx
          .insert(t.kidsCheckins)
          .values({
            churchId,
            sessionId: p.session.id,
            codeId: code.id,
            childId: p.child.tipo === 'm' ? p.child.id : null,
            visitorChildId: p.child.tipo === 'v' ? p.child.id : null,
            station: b.estacao,
            roomOverride: p.override,
            checkedInBy: actor.userId,
          })
          .onConflictDoNothing()
          .returning({ id: t.kidsCheckins.id });
        if (!row) throw fieldProblem(409, 'criancas', 'staff.kids.alreadyIn', { name: p.name });
        etiquetas.push({
          checkinId: row.id,
          nome: p.name,
          sala: p.session.sala.nome,
          horario: p.session.horario,
          observacoes: p.child.comments,
        });
      }
      return {
        codigoId: code.id,
        codigo: code.code,
        data: b.data,
        responsavel: guardian,
        etiquetas,
      };
    },
    { purge: false },
  );
}

// ---- labels, roster, pick-up ----

const childName = sql<string>`coalesce(${t.userChildren.firstName} || coalesce(' ' || ${t.userChildren.lastName}, ''), ${t.kidsVisitorChildren.firstName} || coalesce(' ' || ${t.kidsVisitorChildren.lastName}, ''))`;
const childBirth = sql<string>`coalesce(${t.userChildren.birthDate}, ${t.kidsVisitorChildren.birthDate})`;
const childNotes = sql<
  string | null
>`coalesce(${t.userChildren.comments}, ${t.kidsVisitorChildren.comments})`;
const guardianName = sql<string>`coalesce(${t.users.firstName} || coalesce(' ' || ${t.users.lastName}, ''), ${t.kidsVisitorFamilies.guardianName}, '')`;

/** A check-in with its child, code, session, room and guardian. */
function checkinQuery(db: Database | Tx) {
  return db
    .select({
      id: t.kidsCheckins.id,
      sessionId: t.kidsCheckins.sessionId,
      codeId: t.kidsCodes.id,
      code: t.kidsCodes.code,
      guardianId: t.kidsCodes.guardianId,
      visitor: sql<boolean>`${t.kidsCheckins.visitorChildId} is not null`,
      name: childName,
      birth: childBirth,
      notes: childNotes,
      guardian: guardianName,
      room: t.kidsRooms.name,
      day: t.kidsSessions.day,
      time: t.kidsSessions.time,
      inAt: t.kidsCheckins.checkedInAt,
      outAt: t.kidsCheckins.checkedOutAt,
      pagedAt: t.kidsCheckins.pagedAt,
    })
    .from(t.kidsCheckins)
    .innerJoin(t.kidsCodes, eq(t.kidsCodes.id, t.kidsCheckins.codeId))
    .innerJoin(t.kidsSessions, eq(t.kidsSessions.id, t.kidsCheckins.sessionId))
    .innerJoin(t.kidsRooms, eq(t.kidsRooms.id, t.kidsSessions.roomId))
    .leftJoin(t.userChildren, eq(t.userChildren.id, t.kidsCheckins.childId))
    .leftJoin(t.kidsVisitorChildren, eq(t.kidsVisitorChildren.id, t.kidsCheckins.visitorChildId))
    .leftJoin(t.users, eq(t.users.id, t.kidsCodes.guardianId))
    .leftJoin(t.kidsVisitorFamilies, eq(t.kidsVisitorFamilies.id, t.kidsCodes.visitorFamilyId));
}

/** The labels of a family check-in (or one child's label, for a reprint). */
export async function labelsOf(
  db: Database,
  churchId: number,
  codeId: number,
  onlyCheckin?: number,
): Promise<KidsLabels> {
  const rows = await checkinQuery(db)
    .where(
      and(
        eq(t.kidsCheckins.codeId, codeId),
        eq(t.kidsCheckins.churchId, churchId),
        onlyCheckin ? eq(t.kidsCheckins.id, onlyCheckin) : undefined,
      ),
    )
    .orderBy(asc(t.kidsCheckins.id));
  const first = rows[0];
  if (!first) throw notFound('staff.kids.checkinNotFound');
  return {
    codigoId: first.codeId,
    codigo: first.code,
    data: first.day,
    responsavel: first.guardian,
    etiquetas: rows.map((r) => ({
      checkinId: r.id,
      nome: r.name,
      sala: r.room,
      horario: r.time,
      observacoes: r.notes,
    })),
  };
}

async function checkinOf(db: Database | Tx, churchId: number, id: number) {
  const [row] = await checkinQuery(db).where(
    and(eq(t.kidsCheckins.id, id), eq(t.kidsCheckins.churchId, churchId)),
  );
  if (!row) throw notFound('staff.kids.checkinNotFound');
  return row;
}

export async function roster(
  db: Database,
  churchId: number,
  sessionId: number,
): Promise<KidsRoster> {
  const [session] = await sessionsWhere(
    db,
    and(eq(t.kidsSessions.id, sessionId), eq(t.kidsSessions.churchId, churchId)),
  );
  if (!session) throw notFound('staff.kids.sessionNotFound');
  const rows = await checkinQuery(db)
    .where(and(eq(t.kidsCheckins.sessionId, sessionId), eq(t.kidsCheckins.churchId, churchId)))
    .orderBy(asc(t.kidsCheckins.checkedInAt), asc(t.kidsCheckins.id));
  const criancas = rows
    .map((r) => ({
      checkinId: r.id,
      nome: r.name,
      idadeMeses: ageInMonths(r.birth, session.data),
      observacoes: r.notes,
      codigo: r.code,
      responsavel: r.guardian,
      entrada: r.inAt.toISOString(),
      saida: iso(r.outAt),
      chamado: iso(r.pagedAt),
      visitante: r.visitor,
    }))
    // still in the room first, and among them the children with allergies or notes first
    .sort(
      (a, b) =>
        Number(a.saida !== null) - Number(b.saida !== null) ||
        Number(!a.observacoes) - Number(!b.observacoes),
    );
  return {
    sessao: session,
    adultosNecessarios: Math.ceil(session.presentes / Math.max(1, session.proporcao)),
    criancas,
  };
}

/**
 * A child leaves only against the family's code; a wrong code is refused and recorded in the audit
 * log, and staff may override with a reason (recorded too).
 */
export async function pickUp(
  deps: StaffWriteDeps,
  actor: StaffActor,
  id: number,
  b: { codigo?: string | undefined; motivo: string | null },
) {
  const row = await checkinOf(deps.db, actor.churchId, id);
  if (row.outAt) throw new ApiProblem(409, 'staff.kids.alreadyOut');
  const override = b.codigo === undefined;
  if (!override && b.codigo !== row.code) {
    await recordAudit(deps.db, actor, {
      action: 'kids.pickupRefused',
      kind: 'kids_checkin',
      targetId: id,
      summary: `${row.name} · ${b.codigo}`,
      details: { typed: b.codigo },
    });
    throw fieldProblem(403, 'codigo', 'staff.kids.wrongCode', { code: b.codigo! });
  }
  return staffWrite(
    deps,
    actor,
    {
      action: override ? 'kids.pickupOverride' : 'kids.pickup',
      kind: 'kids_checkin',
      targetId: id,
      summary: override ? `${row.name} · ${b.motivo}` : row.name,
    },
    async (tx) => {
      const [done] = await tx
        .update(t.kidsCheckins)
        .set({
          checkedOutAt: new Date(),
          checkedOutBy: actor.userId,
          overrideReason: override ? b.motivo : null,
        })
        .where(and(eq(t.kidsCheckins.id, id), isNull(t.kidsCheckins.checkedOutAt)))
        .returning();
      if (!done) throw new ApiProblem(409, 'staff.kids.alreadyOut');
      return {
        checkinId: id,
        nome: row.name,
        saida: done.checkedOutAt!.toISOString(),
        override,
      };
    },
    { purge: false },
  );
}

/** The teacher pages the parent: an in-app notice to the member, and the code on the door screen. */
export async function pageParent(
  deps: StaffWriteDeps,
  actor: StaffActor,
  id: number,
  lang: MessageLang,
): Promise<{ codigo: string; notificado: boolean }> {
  const row = await checkinOf(deps.db, actor.churchId, id);
  if (row.outAt) throw new ApiProblem(409, 'staff.kids.alreadyOut');
  return staffWrite(
    deps,
    actor,
    {
      action: 'kids.page',
      kind: 'kids_checkin',
      targetId: id,
      summary: `${row.name} · ${row.room}`,
    },
    async (tx) => {
      await tx.update(t.kidsCheckins).set({ pagedAt: new Date() }).where(eq(t.kidsCheckins.id, id));
      // a visitor family has no account: the door screen is their page
      if (row.guardianId) {
        const values = { room: row.room, name: row.name, code: row.code };
        await tx.insert(t.notifications).values({
          churchId: actor.churchId,
          userId: row.guardianId,
          title: kidsMessage(lang, 'staff.kids.pageTitle', values),
          body: kidsMessage(lang, 'staff.kids.pageBody', values),
          typeCode: KIDS_PAGE_NOTIFICATION,
          relatedId: String(id),
        });
      }
      return { codigo: row.code, notificado: row.guardianId !== null };
    },
    { purge: false },
  );
}

/** The notification type of a page from a children's room (spec §3 Notification's type code). */
export const KIDS_PAGE_NOTIFICATION = 'KIDS_CHAMADA';

export async function doorScreen(db: Database, churchId: number, day: string): Promise<KidsDoor> {
  const rows = await checkinQuery(db)
    .where(
      and(
        eq(t.kidsCheckins.churchId, churchId),
        eq(t.kidsSessions.day, day),
        sql`${t.kidsCheckins.pagedAt} is not null`,
        isNull(t.kidsCheckins.checkedOutAt),
      ),
    )
    .orderBy(desc(t.kidsCheckins.pagedAt));
  return {
    chamados: rows.map((r) => ({
      codigo: r.code,
      sala: r.room,
      chamado: r.pagedAt!.toISOString(),
    })),
  };
}

// ---- after Sunday ----

export async function attendance(
  db: Database,
  churchId: number,
  from: string,
  to: string,
): Promise<KidsAttendance> {
  const sessoes = await sessionsWhere(
    db,
    and(
      eq(t.kidsSessions.churchId, churchId),
      gte(t.kidsSessions.day, from),
      lte(t.kidsSessions.day, to),
    ),
  );
  const rows = await checkinQuery(db)
    .where(
      and(
        eq(t.kidsCheckins.churchId, churchId),
        gte(t.kidsSessions.day, from),
        lte(t.kidsSessions.day, to),
      ),
    )
    .orderBy(asc(t.kidsSessions.day));
  const byChild = new Map<string, KidsAttendance['criancas'][number]>();
  for (const r of rows) {
    const key = `${r.visitor ? 'v' : 'm'}:${r.name}:${r.guardian}`;
    const seen = byChild.get(key);
    if (seen) {
      seen.vezes += 1;
      if (r.day > seen.ultima) seen.ultima = r.day;
    } else
      byChild.set(key, {
        nome: r.name,
        responsavel: r.guardian,
        visitante: r.visitor,
        vezes: 1,
        ultima: r.day,
      });
  }
  const families = await db
    .select()
    .from(t.kidsVisitorFamilies)
    .where(
      and(
        eq(t.kidsVisitorFamilies.churchId, churchId),
        sql`${t.kidsVisitorFamilies.createdAt}::date between ${from}::date and ${to}::date`,
      ),
    )
    .orderBy(desc(t.kidsVisitorFamilies.createdAt));
  const kids = families.length
    ? await db
        .select()
        .from(t.kidsVisitorChildren)
        .where(
          inArray(
            t.kidsVisitorChildren.familyId,
            families.map((f) => f.id),
          ),
        )
    : [];
  return {
    sessoes,
    criancas: [...byChild.values()].sort((a, b) => a.nome.localeCompare(b.nome)),
    visitantes: families.map((f) => ({
      id: f.id,
      responsavel: f.guardianName,
      telefone: f.phone,
      criancas: kids
        .filter((k) => k.familyId === f.id)
        .map((k) => fullName(k.firstName, k.lastName)),
      desde: f.createdAt.toISOString(),
    })),
  };
}

const CSV_HEADER: Record<MessageLang, string[]> = {
  pt: ['Data', 'Horário', 'Sala', 'Criança', 'Responsável', 'Visitante', 'Entrada', 'Saída'],
  en: ['Date', 'Time', 'Room', 'Child', 'Guardian', 'Visitor', 'In', 'Out'],
  es: ['Fecha', 'Hora', 'Sala', 'Niño', 'Responsable', 'Visitante', 'Entrada', 'Salida'],
};
const YES: Record<MessageLang, [string, string]> = {
  pt: ['Sim', 'Não'],
  en: ['Yes', 'No'],
  es: ['Sí', 'No'],
};

/** One line per check-in of the range, in the church's CSV rule (server/http/csv.ts). */
export async function attendanceCsv(
  db: Database,
  churchId: number,
  from: string,
  to: string,
  lang: MessageLang,
): Promise<string> {
  const rows = await checkinQuery(db)
    .where(
      and(
        eq(t.kidsCheckins.churchId, churchId),
        gte(t.kidsSessions.day, from),
        lte(t.kidsSessions.day, to),
      ),
    )
    .orderBy(asc(t.kidsSessions.day), asc(t.kidsSessions.time), asc(t.kidsRooms.name));
  const time = (d: Date | null) => (d ? d.toISOString().slice(11, 16) : null);
  return csvDocument(
    lang,
    CSV_HEADER[lang],
    rows.map((r): CsvValue[] => [
      r.day,
      r.time,
      r.room,
      r.name,
      r.guardian,
      YES[lang][r.visitor ? 0 : 1],
      time(r.inAt),
      time(r.outAt),
    ]),
  );
}

/** A member's own children's check-ins in this church, newest first (the family's view). */
export async function memberCheckins(
  db: Database,
  userId: number,
  churchId: number,
): Promise<MemberKidsCheckins> {
  const rows = await checkinQuery(db)
    .where(
      and(
        eq(t.kidsCheckins.churchId, churchId),
        eq(t.userChildren.userId, userId),
        eq(t.userChildren.churchId, churchId),
      ),
    )
    .orderBy(desc(t.kidsCheckins.checkedInAt))
    .limit(50);
  return {
    checkins: rows.map((r) => ({
      crianca: r.name,
      sala: r.room,
      data: r.day,
      horario: r.time,
      entrada: r.inAt.toISOString(),
      saida: iso(r.outAt),
    })),
  };
}

/** The staff dashboard's count: children checked in today and in the last 7 days (UTC days). */
export async function kidsCounts(
  db: Database,
  churchId: number,
  now = new Date(),
): Promise<{ hoje: number; semana: number }> {
  const today = todayUtc(now);
  const weekAgo = todayUtc(new Date(now.getTime() - 6 * 86_400_000));
  const [row] = await db
    .select({
      hoje: sql<number>`count(*) filter (where ${t.kidsSessions.day} = ${today})::int`,
      semana: sql<number>`count(*)::int`,
    })
    .from(t.kidsCheckins)
    .innerJoin(t.kidsSessions, eq(t.kidsSessions.id, t.kidsCheckins.sessionId))
    .where(
      and(
        eq(t.kidsCheckins.churchId, churchId),
        gte(t.kidsSessions.day, weekAgo),
        lte(t.kidsSessions.day, today),
      ),
    );
  return { hoje: Number(row?.hoje ?? 0), semana: Number(row?.semana ?? 0) };
}
