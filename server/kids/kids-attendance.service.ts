// After Sunday (docs/kids.md "After Sunday"): attendance, its CSV, the dashboard's counts and a
// family's own check-ins.
import { and, asc, desc, eq, gte, inArray, lte, sql } from 'drizzle-orm';
import { type KidsAttendance, type MemberKidsCheckins } from '../../contract/kids.ts';
import type { MessageLang } from '../../contract/messages/lang.ts';
import type { Database } from '../db/client.ts';
import * as t from '../db/schema/index.ts';
import { csvDocument, type CsvValue } from '../http/csv.ts';
import { addDays, churchToday, localDateTimeIn } from '../../common/time-zone.ts';
import { churchZone } from '../church/church-clock.ts';
import { fullName, iso } from './kids-rules.ts';
import { sessionsWhere } from './kids-rooms.service.ts';
import { checkinQuery } from './kids-roster.service.ts';

export async function attendance(
  db: Database,
  churchId: number,
  from: string,
  to: string,
): Promise<KidsAttendance> {
  const zone = await churchZone(db, churchId);
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
        // first-time: the family's first check-in (its registration's day before any, on the
        // church's clock: docs/kids.md "Which clock") is in the period
        sql`coalesce(
          (select min(${t.kidsSessions.day}) from ${t.kidsCheckins}
             join ${t.kidsSessions} on ${t.kidsSessions.id} = ${t.kidsCheckins.sessionId}
             join ${t.kidsVisitorChildren} on ${t.kidsVisitorChildren.id} = ${t.kidsCheckins.visitorChildId}
            where ${t.kidsVisitorChildren.familyId} = ${t.kidsVisitorFamilies.id})::date,
          (${t.kidsVisitorFamilies.createdAt} at time zone ${zone})::date
        ) between ${from}::date and ${to}::date`,
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
  const zone = await churchZone(db, churchId);
  const rows = await checkinQuery(db)
    .where(
      and(
        eq(t.kidsCheckins.churchId, churchId),
        gte(t.kidsSessions.day, from),
        lte(t.kidsSessions.day, to),
      ),
    )
    .orderBy(asc(t.kidsSessions.day), asc(t.kidsSessions.time), asc(t.kidsRooms.name));
  // in and out on the church's clock, as the session's own time beside them
  const time = (d: Date | null) => (d ? localDateTimeIn(zone, d).slice(11, 16) : null);
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

/** The staff dashboard's count: children checked in today and in the 7 days to it (the church's days). */
export async function kidsCounts(
  db: Database,
  churchId: number,
  now = new Date(),
): Promise<{ hoje: number; semana: number }> {
  const today = churchToday(await churchZone(db, churchId), now);
  const weekAgo = addDays(today, -6);
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
