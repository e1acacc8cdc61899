// Check-in at the door (docs/events.md "Check-in at the door"): a ticket code → admitted or
// refused with the reason. The admission is claimed in the database by an insert on the unique
// key of inscricao_checkin, so two doors scanning one ticket at the same moment admit it once.
import { INTL_LOCALE, dateFormat } from '../../common/format.ts';
import { and, eq, sql } from 'drizzle-orm';
import type { z } from 'zod';
import type {
  CheckinAnswer,
  CheckinCount,
  CheckinRefusal,
  CheckinState,
  checkinScanInput,
} from '../../contract/events-staff.ts';
import type { MessageLang } from '../../contract/messages/lang.ts';
import { staffEventsMessage } from '../../contract/messages/staff-events.ts';
import type { Database } from '../db/client.ts';
import * as t from '../db/schema/index.ts';
import { isUniqueViolation } from '../db/unique-violation.ts';
import { notFound } from '../http/errors.ts';
import type { StaffActor } from '../staff/audit.ts';
import { staffWrite, type StaffWriteDeps } from '../staff/write.ts';

type Scan = z.output<typeof checkinScanInput>;

/** Thrown inside the claim's transaction when another door won: nothing of it is kept. */
class AlreadyClaimed extends Error {}

async function eventOf(db: Database, churchId: number, id: number) {
  const [row] = await db
    .select()
    .from(t.events)
    .where(and(eq(t.events.id, id), eq(t.events.churchId, churchId)));
  if (!row) throw notFound('staff.events.notFound');
  return row;
}

/** Admitted / sold (confirmed tickets: the people who may come in). */
export async function checkinCount(db: Database, eventId: number): Promise<CheckinCount> {
  const [row] = await db
    .select({
      admitted: sql<number>`(select count(*) from inscricao_checkin c where c.evento_id = ${eventId})::int`,
      sold: sql<number>`(select count(*) from inscricao r where r.evento_id = ${eventId} and r.status = 'confirmada')::int`,
    })
    .from(sql`(select 1) as one`);
  return { admitidos: Number(row?.admitted ?? 0), vendidos: Number(row?.sold ?? 0) };
}

export async function checkinState(
  db: Database,
  churchId: number,
  eventId: number,
): Promise<CheckinState> {
  const event = await eventOf(db, churchId, eventId);
  return {
    evento: {
      id: event.id,
      titulo: event.title,
      dataInicio: event.startsAt.toISOString(),
      fusoHorario: event.timeZone,
    },
    contagem: await checkinCount(db, eventId),
  };
}

async function findTicket(db: Database, code: string) {
  const [row] = await db
    .select({
      id: t.registrations.id,
      churchId: t.registrations.churchId,
      eventId: t.registrations.eventId,
      status: t.registrations.status,
      holder: t.registrations.holderName,
      ticket: t.tickets.name,
      eventTitle: t.events.title,
    })
    .from(t.registrations)
    .innerJoin(t.tickets, eq(t.tickets.id, t.registrations.ticketId))
    .innerJoin(t.events, eq(t.events.id, t.registrations.eventId))
    .where(eq(t.registrations.code, code));
  return row ?? null;
}

async function earlierUse(db: Database, registrationId: number) {
  const [row] = await db
    .select()
    .from(t.checkins)
    .where(eq(t.checkins.registrationId, registrationId));
  return row ?? null;
}

/** Reads one scan and admits the ticket when it may enter; a refusal changes nothing. */
export async function admit(
  deps: StaffWriteDeps,
  actor: StaffActor,
  eventId: number,
  scan: Scan,
  lang: MessageLang,
  timeZone?: string,
): Promise<CheckinAnswer> {
  const { db } = deps;
  const zone = timeZone ?? (await eventOf(db, actor.churchId, eventId)).timeZone;
  const code = scan.codigo;
  const found = await findTicket(db, code);
  const refuse = (
    motivo: CheckinRefusal,
    extra: Partial<CheckinAnswer> = {},
    values: Record<string, string> = {},
  ): CheckinAnswer => ({
    codigo: code,
    admitido: false,
    motivo,
    mensagem: staffEventsMessage(lang, `staff.events.checkin.${motivo}`, values),
    titular: null,
    ingresso: null,
    uso: null,
    ...extra,
  });
  // Another church's ticket says nothing more about it.
  if (!found) return refuse('naoEncontrado');
  if (found.churchId !== actor.churchId) return refuse('outraIgreja');
  const who = { titular: found.holder, ingresso: found.ticket };
  if (found.eventId !== eventId) return refuse('outroEvento', who, { event: found.eventTitle });
  if (found.status === 'cancelada') return refuse('cancelada', who);
  if (found.status !== 'confirmada') return refuse('pendente', who);

  const used = (row: typeof t.checkins.$inferSelect) =>
    refuse(
      'jaUsado',
      {
        ...who,
        uso: { quando: row.scannedAt.toISOString(), porta: row.door, por: row.userName },
      },
      {
        when: dateFormat(INTL_LOCALE[lang], {
          day: '2-digit',
          month: '2-digit',
          hour: '2-digit',
          minute: '2-digit',
          timeZone: zone,
        }).format(row.scannedAt),
        door: row.door || staffEventsMessage(lang, 'staff.events.checkin.noDoor'),
      },
    );
  const before = await earlierUse(db, found.id);
  if (before) return used(before);

  const now = new Date();
  // An offline scan keeps the moment it was read, never a time in the future.
  const scannedAt =
    scan.escaneadoEm && new Date(scan.escaneadoEm) < now ? new Date(scan.escaneadoEm) : now;
  try {
    const row = await staffWrite(
      deps,
      actor,
      {
        action: 'checkin.admit',
        kind: 'inscricao',
        targetId: found.id,
        summary: `${found.holder} · ${code}${scan.porta ? ` · ${scan.porta}` : ''}`,
      },
      async (tx) => {
        const [claimed] = await tx
          .insert(t.checkins)
          .values({
            churchId: actor.churchId,
            eventId,
            registrationId: found.id,
            userId: actor.userId,
            userName: actor.name,
            door: scan.porta,
            scannedAt,
          })
          .onConflictDoNothing({ target: t.checkins.registrationId })
          .returning();
        if (!claimed) throw new AlreadyClaimed();
        return claimed;
      },
      { purge: false }, // no public page shows who came in
    );
    return {
      codigo: code,
      admitido: true,
      motivo: null,
      mensagem: staffEventsMessage(lang, 'staff.events.checkin.admitted'),
      ...who,
      uso: { quando: row.scannedAt.toISOString(), porta: row.door, por: row.userName },
    };
  } catch (error) {
    if (!(error instanceof AlreadyClaimed) && !isUniqueViolation(error)) throw error;
    const winner = await earlierUse(db, found.id);
    if (!winner) throw error;
    return used(winner);
  }
}

/** The scans a phone queued while offline, in the order they were read. */
export async function admitBatch(
  deps: StaffWriteDeps,
  actor: StaffActor,
  eventId: number,
  scans: Scan[],
  lang: MessageLang,
): Promise<CheckinAnswer[]> {
  const event = await eventOf(deps.db, actor.churchId, eventId);
  const answers: CheckinAnswer[] = [];
  for (const scan of scans)
    answers.push(await admit(deps, actor, eventId, scan, lang, event.timeZone));
  return answers;
}
