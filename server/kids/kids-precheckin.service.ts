// A parent checks their own children in from the phone before arriving (docs/kids.md "From the
// parent's phone"): the station's one check-in path (checkIn) with the child marked arriving, so
// the same rooms, capacity and code rules hold; the station confirms the arrival.
import { and, asc, eq } from 'drizzle-orm';
import {
  KIDS_PRECHECKIN_CLOSES_MIN,
  KIDS_PRECHECKIN_OPENS_MIN,
  type KidsLabels,
  type KidsPrecheckin,
  type KidsPrecheckinInput,
} from '../../contract/kids.ts';
import type { Database } from '../db/client.ts';
import * as t from '../db/schema/index.ts';
import { ApiProblem, fieldProblem, notFound } from '../http/errors.ts';
import type { StaffActor } from '../staff/audit.ts';
import { staffWrite, type StaffWriteDeps } from '../staff/write.ts';
import { sessionsWhere } from './kids-rooms.service.ts';
import { checkinQuery } from './kids-roster.service.ts';
import { ageInMonths, fullName, schoolYear } from './kids-rules.ts';
import { checkIn, fitting } from './kids-station.service.ts';

/** The phone's day and minute of the day, from its offset to UTC. */
export function localNow(offset: number, now = new Date()): { day: string; minutes: number } {
  const d = new Date(now.getTime() + offset * 60_000);
  return { day: d.toISOString().slice(0, 10), minutes: d.getUTCHours() * 60 + d.getUTCMinutes() };
}
const minutesOf = (hhmm: string) => Number(hhmm.slice(0, 2)) * 60 + Number(hhmm.slice(3, 5));
const hhmm = (m: number) =>
  `${String(Math.floor(m / 60)).padStart(2, '0')}:${String(m % 60).padStart(2, '0')}`;
const opensAt = (time: string) => hhmm(Math.max(0, minutesOf(time) - KIDS_PRECHECKIN_OPENS_MIN));
const isOpen = (time: string, minutes: number) =>
  minutes >= minutesOf(time) - KIDS_PRECHECKIN_OPENS_MIN &&
  minutes <= minutesOf(time) + KIDS_PRECHECKIN_CLOSES_MIN;

/** The member acting on their own family, recorded in the activity log under their name. */
async function memberActor(db: Database, userId: number, churchId: number): Promise<StaffActor> {
  const [user] = await db
    .select({ first: t.users.firstName, last: t.users.lastName })
    .from(t.users)
    .where(eq(t.users.id, userId));
  return { userId, churchId, name: user ? fullName(user.first, user.last) : '', roles: [] };
}

/** Today's services with sessions, where each child would go, and the family's codes of today. */
export async function precheckinView(
  db: Database,
  churchId: number,
  userId: number,
  offset: number,
): Promise<KidsPrecheckin> {
  const { day, minutes } = localNow(offset);
  const [sessions, children, rows] = await Promise.all([
    sessionsWhere(
      db,
      and(
        eq(t.kidsSessions.churchId, churchId),
        eq(t.kidsSessions.day, day),
        eq(t.kidsRooms.active, true),
      ),
    ),
    db
      .select()
      .from(t.userChildren)
      .where(and(eq(t.userChildren.userId, userId), eq(t.userChildren.churchId, churchId)))
      .orderBy(asc(t.userChildren.birthDate)),
    checkinQuery(db)
      .where(
        and(
          eq(t.kidsCheckins.churchId, churchId),
          eq(t.kidsSessions.day, day),
          eq(t.kidsCodes.guardianId, userId),
        ),
      )
      .orderBy(asc(t.kidsSessions.time), asc(t.kidsCheckins.id)),
  ]);
  const times = [...new Set(sessions.map((s) => s.horario))].sort();
  const codes = new Map<number, KidsPrecheckin['codigos'][number]>();
  for (const r of rows) {
    const code = codes.get(r.codeId) ?? {
      codigoId: r.codeId,
      codigo: r.code,
      horario: r.time,
      chegando: r.arriving,
      criancas: [],
    };
    code.criancas.push({ nome: r.name, sala: r.room });
    codes.set(r.codeId, code);
  }
  return {
    data: day,
    servicos: times.map((time) => {
      const slot = sessions.filter((s) => s.horario === time);
      return {
        horario: time,
        aberto: isOpen(time, minutes),
        abre: opensAt(time),
        criancas: children.map((c) => ({
          id: c.id,
          nome: fullName(c.firstName, c.lastName),
          sala:
            fitting(slot, ageInMonths(c.birthDate, day), schoolYear(c.birthDate, day))?.sala.nome ??
            null,
          checkin: rows.some((r) => r.childId === c.id && r.time === time),
        })),
      };
    }),
    codigos: [...codes.values()].filter((c) => c.criancas.length > 0),
  };
}

/** The ticked children into today's service at `horario`, within the window, marked arriving. */
export async function precheckIn(
  deps: StaffWriteDeps,
  churchId: number,
  userId: number,
  b: KidsPrecheckinInput,
): Promise<KidsLabels> {
  const { day, minutes } = localNow(b.fuso);
  if (!isOpen(b.horario, minutes))
    throw fieldProblem(422, 'horario', 'staff.kids.precheckinClosed', {
      time: b.horario,
      opens: opensAt(b.horario),
      closes: String(KIDS_PRECHECKIN_CLOSES_MIN),
    });
  return checkIn(
    deps,
    await memberActor(deps.db, userId, churchId),
    {
      data: day,
      horario: b.horario,
      estacao: null,
      familia: `m:${userId}`,
      criancas: b.criancas.map((id) => ({ tipo: 'm' as const, id })),
    },
    { arriving: true },
  );
}

/** The parent cancels a pre-check-in before the station confirmed the arrival. */
export async function cancelPrecheckin(
  deps: StaffWriteDeps,
  churchId: number,
  userId: number,
  codeId: number,
): Promise<{ cancelado: true }> {
  const actor = await memberActor(deps.db, userId, churchId);
  return staffWrite(
    deps,
    actor,
    (r: { cancelado: true; code: string }) => ({
      action: 'kids.precheckinCancel',
      kind: 'kids_checkin',
      targetId: codeId,
      summary: r.code,
    }),
    async (tx) => {
      const [code] = await tx
        .select({ code: t.kidsCodes.code })
        .from(t.kidsCodes)
        .where(
          and(
            eq(t.kidsCodes.id, codeId),
            eq(t.kidsCodes.churchId, churchId),
            eq(t.kidsCodes.guardianId, userId),
          ),
        )
        .for('update');
      if (!code) throw notFound('staff.kids.checkinNotFound');
      const rows = await tx
        .select({ arriving: t.kidsCheckins.arriving })
        .from(t.kidsCheckins)
        .where(and(eq(t.kidsCheckins.codeId, codeId), eq(t.kidsCheckins.churchId, churchId)));
      if (!rows.length || rows.some((r) => !r.arriving))
        throw new ApiProblem(409, 'staff.kids.alreadyArrived');
      // the code's check-ins go with it (kids_checkin.codigo_id cascades)
      await tx
        .delete(t.kidsCodes)
        .where(and(eq(t.kidsCodes.id, codeId), eq(t.kidsCodes.churchId, churchId)));
      return { cancelado: true as const, code: code.code };
    },
    { purge: false },
  ).then(() => ({ cancelado: true as const }));
}
