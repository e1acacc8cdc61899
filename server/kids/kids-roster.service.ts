// Labels, the room's roster, paging a parent, the door screen and pick-up against the family's
// code (docs/kids.md "In the room", "Pick-up"): a wrong code is refused and recorded.
import { and, asc, desc, eq, inArray, isNull, sql } from 'drizzle-orm';
import {
  type KidsDoor,
  type KidsLabels,
  type KidsOfflineRefusalInput,
  type KidsQueuedPickupInput,
  type KidsRoster,
  type VolunteerRooms,
} from '../../contract/kids.ts';
import type { MessageLang } from '../../contract/messages/lang.ts';
import { kidsMessage } from '../../contract/messages/staff-kids.ts';
import type { Database, Tx } from '../db/client.ts';
import * as t from '../db/schema/index.ts';
import { ApiProblem, fieldProblem, notFound } from '../http/errors.ts';
import { recordAudit, type StaffActor } from '../staff/audit.ts';
import { staffWrite, type StaffWriteDeps } from '../staff/write.ts';
import { servingPositions } from '../teams/room-volunteers.ts';
import { ageInMonths, iso } from './kids-rules.ts';
import { sessionsWhere } from './kids-rooms.service.ts';

const childName = sql<string>`coalesce(${t.userChildren.firstName} || coalesce(' ' || ${t.userChildren.lastName}, ''), ${t.kidsVisitorChildren.firstName} || coalesce(' ' || ${t.kidsVisitorChildren.lastName}, ''))`;
const childBirth = sql<string>`coalesce(${t.userChildren.birthDate}, ${t.kidsVisitorChildren.birthDate})`;
const childNotes = sql<
  string | null
>`coalesce(${t.userChildren.comments}, ${t.kidsVisitorChildren.comments})`;
const guardianName = sql<string>`coalesce(${t.users.firstName} || coalesce(' ' || ${t.users.lastName}, ''), ${t.kidsVisitorFamilies.guardianName}, '')`;

/** A check-in with its child, code, session, room and guardian. */
export function checkinQuery(db: Database | Tx) {
  return db
    .select({
      id: t.kidsCheckins.id,
      sessionId: t.kidsCheckins.sessionId,
      childId: t.kidsCheckins.childId,
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
      outClientId: t.kidsCheckins.outClientId,
      arriving: t.kidsCheckins.arriving,
      override: sql<boolean>`${t.kidsCheckins.overrideReason} is not null`,
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
      chegando: r.arriving,
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
  b: { codigo?: string | undefined; motivo: string | null; clienteId?: string | undefined },
) {
  const row = await checkinOf(deps.db, actor.churchId, id);
  // a queued pick-up sent again: the first answer
  if (row.outAt && b.clienteId && row.outClientId === b.clienteId)
    return {
      checkinId: id,
      nome: row.name,
      saida: row.outAt.toISOString(),
      override: row.override,
    };
  if (row.outAt) throw new ApiProblem(409, 'staff.kids.alreadyOut');
  if (row.arriving)
    throw new ApiProblem(409, 'staff.kids.notArrived', undefined, { name: row.name });
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
          outClientId: b.clienteId ?? null,
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

/**
 * The rosters of the rooms a volunteer serves on a day: rooms linked to a rota position they are
 * asked or accepted for at that session's time (docs/kids.md "Room volunteers"); no other room.
 */
export async function volunteerRosters(
  db: Database,
  churchId: number,
  userId: number,
  day: string,
): Promise<VolunteerRooms> {
  const serving = await servingPositions(db, churchId, userId, day);
  if (!serving.length) return { salas: [] };
  const sessions = await db
    .select({
      id: t.kidsSessions.id,
      time: t.kidsSessions.time,
      positionId: t.kidsRooms.positionId,
    })
    .from(t.kidsSessions)
    .innerJoin(t.kidsRooms, eq(t.kidsRooms.id, t.kidsSessions.roomId))
    .where(
      and(
        eq(t.kidsSessions.churchId, churchId),
        eq(t.kidsSessions.day, day),
        inArray(
          t.kidsRooms.positionId,
          serving.map((s) => s.positionId),
        ),
      ),
    )
    .orderBy(asc(t.kidsSessions.time), asc(t.kidsSessions.id));
  const mine = sessions.filter((s) =>
    serving.some((p) => p.positionId === s.positionId && p.time === s.time),
  );
  return { salas: await Promise.all(mine.map((s) => roster(db, churchId, s.id))) };
}

/** The check-in a queued action names: by id, or by its queued family check-in and the child. */
async function queuedCheckinId(
  db: Database,
  churchId: number,
  b: Pick<KidsQueuedPickupInput, 'checkinId' | 'checkinCliente' | 'crianca'>,
): Promise<number | null> {
  if (b.checkinId !== undefined) return b.checkinId;
  const [row] = await db
    .select({ id: t.kidsCheckins.id })
    .from(t.kidsCheckins)
    .innerJoin(t.kidsCodes, eq(t.kidsCodes.id, t.kidsCheckins.codeId))
    .where(
      and(
        eq(t.kidsCodes.churchId, churchId),
        eq(t.kidsCodes.clientId, b.checkinCliente!),
        b.crianca!.tipo === 'm'
          ? eq(t.kidsCheckins.childId, b.crianca!.id)
          : eq(t.kidsCheckins.visitorChildId, b.crianca!.id),
      ),
    );
  return row?.id ?? null;
}

/**
 * A wrong code the station refused offline, recorded when its queue is sent like a refusal made
 * online (docs/kids.md "When the network is down"); its client id makes a resend one record.
 */
export async function offlineRefusal(
  deps: StaffWriteDeps,
  actor: StaffActor,
  b: KidsOfflineRefusalInput,
): Promise<{ registrado: true }> {
  const [seen] = await deps.db
    .select({ id: t.auditLog.id })
    .from(t.auditLog)
    .where(
      and(
        eq(t.auditLog.churchId, actor.churchId),
        eq(t.auditLog.action, 'kids.pickupRefused'),
        sql`${t.auditLog.details}->>'clienteId' = ${b.clienteId}`,
      ),
    );
  if (seen) return { registrado: true };
  const id = await queuedCheckinId(deps.db, actor.churchId, b);
  // the child's check-in may not have reached the server (it is then under "Look at these"): the refusal is still recorded
  const row = id === null ? null : await checkinOf(deps.db, actor.churchId, id).catch(() => null);
  await recordAudit(deps.db, actor, {
    action: 'kids.pickupRefused',
    kind: 'kids_checkin',
    targetId: row?.id ?? null,
    summary: `${row?.name ?? '?'} · ${b.codigo}`,
    details: {
      typed: b.codigo,
      offline: true,
      station: b.estacao,
      at: b.em,
      clienteId: b.clienteId,
    },
  });
  return { registrado: true };
}

/** A pick-up queued offline: of a known check-in, or of a child whose check-in was queued too. */
export async function queuedPickUp(
  deps: StaffWriteDeps,
  actor: StaffActor,
  b: KidsQueuedPickupInput,
) {
  const id = await queuedCheckinId(deps.db, actor.churchId, b);
  if (id === null) throw fieldProblem(404, 'checkinId', 'staff.kids.checkinNotFound');
  return pickUp(deps, actor, id, b);
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
      await tx
        .update(t.kidsCheckins)
        .set({ pagedAt: new Date() })
        .where(and(eq(t.kidsCheckins.id, id), eq(t.kidsCheckins.churchId, actor.churchId)));
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
