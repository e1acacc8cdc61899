// Rooms and their sessions (docs/kids.md "Setting up"): staff writes through staffWrite (audit + purge).
import { and, asc, eq, sql, type SQL } from 'drizzle-orm';
import {
  type KidsDay,
  type KidsRoom,
  type KidsRoomInput,
  type KidsSession,
} from '../../contract/kids.ts';
import type { Database, Tx } from '../db/client.ts';
import * as t from '../db/schema/index.ts';
import { fieldProblem, notFound } from '../http/errors.ts';
import { type StaffActor } from '../staff/audit.ts';
import { staffWrite, type StaffWriteDeps } from '../staff/write.ts';
import { isChurchPosition } from '../teams/room-volunteers.ts';

const toRoom = (r: typeof t.kidsRooms.$inferSelect): KidsRoom => ({
  id: r.id,
  nome: r.name,
  idadeMinMeses: r.minMonths,
  idadeMaxMeses: r.maxMonths,
  anoEscolarMin: r.minYear,
  anoEscolarMax: r.maxYear,
  posicaoId: r.positionId,
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
  minYear: b.anoEscolarMin,
  maxYear: b.anoEscolarMax,
  positionId: b.posicaoId,
  capacity: b.capacidade,
  ratio: b.proporcao,
  active: b.ativo,
});

/** A room links only a rota position of its own church. */
async function checkPosition(deps: StaffWriteDeps, churchId: number, b: KidsRoomInput) {
  if (b.posicaoId !== null && !(await isChurchPosition(deps.db, churchId, b.posicaoId)))
    throw fieldProblem(404, 'posicaoId', 'staff.kids.positionNotFound');
}

export async function createRoom(
  deps: StaffWriteDeps,
  actor: StaffActor,
  b: KidsRoomInput,
): Promise<KidsRoom> {
  await checkPosition(deps, actor.churchId, b);
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
  await checkPosition(deps, actor.churchId, b);
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

// children in the room: not picked up, and not pre-checked from a phone still on the way
const present = sql<number>`count(${t.kidsCheckins.id}) filter (where ${t.kidsCheckins.checkedOutAt} is null and not ${t.kidsCheckins.arriving})`;

export async function sessionsWhere(
  db: Database | Tx,
  where: SQL | undefined,
): Promise<KidsSession[]> {
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
    anoEscolarMin: r.minYear,
    anoEscolarMax: r.maxYear,
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
