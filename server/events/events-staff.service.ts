// The staff events desk (docs/events.md "The staff side"): events and their ticket types. Plain
// functions of the database and the staff scope; every write runs through staffWrite (audit +
// purge). A change that would break what was sold is refused here.
import { randomBytes } from 'node:crypto';
import { and, asc, count, desc, eq, gte, inArray, lt, sql } from 'drizzle-orm';
import {
  STAFF_EVENTS_PAGE_SIZE,
  type StaffEvent,
  type StaffEventInputParsed,
  type StaffEventsPage,
  type staffEventsQuery,
} from '../../contract/events-staff.ts';
import type { MessageLang } from '../../contract/messages/lang.ts';
import { staffEventsMessage } from '../../contract/messages/staff-events.ts';
import type { z } from 'zod';
import type { Database } from '../db/client.ts';
import { matches } from '../db/search.ts';
import * as t from '../db/schema/index.ts';
import type { HolderQuestion } from '../db/schema/events.ts';
import { ApiProblem, fieldProblem, notFound } from '../http/errors.ts';
import { toMoney } from '../payments/money.ts';
import type { StaffActor } from '../staff/audit.ts';
import { staffWrite, type StaffWriteDeps } from '../staff/write.ts';
import { announceNewEvent } from '../notifications/event-mail.ts';
import { log } from '../log.ts';
import type { Tx } from '../db/client.ts';
import { sanitizeRichText } from '../../common/rich-text.ts';
import { descriptionHtml } from './description.ts';

export type EventRow = typeof t.events.$inferSelect;
type TicketRow = typeof t.tickets.$inferSelect;

const iso = (d: Date | null) => (d ? d.toISOString() : null);
const cents = (units: number) => Math.round(units * 100);

// ---- events ----

export function toStaffEvent(row: EventRow, tickets: TicketRow[]): StaffEvent {
  return {
    id: row.id,
    titulo: row.title,
    // The editor always gets HTML: a plain-text description arrives as paragraphs.
    descricao: descriptionHtml(row.description, row.descriptionFormat) || null,
    imagem: row.image,
    local: row.placeName,
    endereco: row.address,
    mapaUrl: row.mapUrl,
    dataInicio: row.startsAt.toISOString(),
    dataFim: row.endsAt.toISOString(),
    fusoHorario: row.timeZone,
    moeda: row.currency,
    flagInscricaoAberta: row.registrationOpen,
    flagVisitante: row.visitorsAllowed,
    flagJuros: row.interest,
    flagAssumirTaxasServico: row.churchPaysFees,
    qtdeMaxParcelas: row.maxInstallments,
    diasPagamentoDinheiro: row.cashDaysToPay,
    metodosPagamento: row.paymentMethods,
    publicado: row.active,
    versao: row.version,
    ingressos: tickets
      .filter((k) => k.active)
      .sort((a, b) => a.position - b.position || a.id - b.id)
      .map((k) => ({
        id: k.id,
        nome: k.name,
        descricao: k.description,
        valor: toMoney(k.priceCents),
        estoque: k.stock,
        vendidos: k.sold,
        limitePorUsuario: k.perUserLimit,
        disponivelDe: iso(k.availableFrom),
        disponivelAte: iso(k.availableUntil),
        perguntas: k.questions.map((q) => ({
          id: q.id,
          titulo: q.label,
          tipo: q.type,
          obrigatorio: q.required,
          opcoes: q.options ?? [],
        })),
      })),
  };
}

/** The church's event (any state), or 404. */
export async function eventOf(db: Database | Tx, churchId: number, id: number, lock = false) {
  const query = db
    .select()
    .from(t.events)
    .where(and(eq(t.events.id, id), eq(t.events.churchId, churchId)));
  const [row] = lock ? await query.for('update') : await query;
  if (!row) throw notFound('staff.events.notFound');
  return row;
}

export const ticketsOf = (db: Database | Tx, eventId: number, lock = false) => {
  const query = db
    .select()
    .from(t.tickets)
    .where(eq(t.tickets.eventId, eventId))
    .orderBy(asc(t.tickets.position), asc(t.tickets.id));
  return lock ? query.for('update') : query;
};

export async function getEvent(db: Database, churchId: number, id: number): Promise<StaffEvent> {
  const row = await eventOf(db, churchId, id);
  return toStaffEvent(row, await ticketsOf(db, id));
}

export async function listEvents(
  db: Database,
  churchId: number,
  query: z.output<typeof staffEventsQuery>,
  now = new Date(),
  only: number[] | null = null,
): Promise<StaffEventsPage> {
  const upcoming = query.quando === 'proximos';
  const where = and(
    eq(t.events.churchId, churchId),
    // A door volunteer's team events only (docs/events.md "Door team").
    only ? inArray(t.events.id, only.length ? only : [0]) : undefined,
    upcoming ? gte(t.events.endsAt, now) : lt(t.events.endsAt, now),
    query.busca ? matches(query.busca, [t.events.title]) : undefined,
  );
  const [rows, [counted]] = await Promise.all([
    // The outer row is named in full: drizzle writes a one-table select's columns without their table.
    db
      .select({
        event: t.events,
        sold: sql<number>`coalesce((select sum(k.vendidos) from evento_ingresso k where k.evento_id = evento.id and k.flag_ativo), 0)::int`,
        stock: sql<number>`coalesce((select sum(k.estoque) from evento_ingresso k where k.evento_id = evento.id and k.flag_ativo), 0)::int`,
        admitted: sql<number>`(select count(*) from inscricao_checkin c where c.evento_id = evento.id)::int`,
      })
      .from(t.events)
      .where(where)
      .orderBy(upcoming ? asc(t.events.startsAt) : desc(t.events.startsAt), asc(t.events.id))
      .limit(STAFF_EVENTS_PAGE_SIZE)
      .offset((query.page - 1) * STAFF_EVENTS_PAGE_SIZE),
    db.select({ n: count() }).from(t.events).where(where),
  ]);
  const total = Number(counted?.n ?? 0);
  return {
    eventos: rows.map((r) => ({
      id: r.event.id,
      titulo: r.event.title,
      dataInicio: r.event.startsAt.toISOString(),
      dataFim: r.event.endsAt.toISOString(),
      fusoHorario: r.event.timeZone,
      local: r.event.placeName,
      publicado: r.event.active,
      vendidos: Number(r.sold),
      estoque: Number(r.stock),
      admitidos: Number(r.admitted),
    })),
    total,
    page: query.page,
    totalPages: Math.max(1, Math.ceil(total / STAFF_EVENTS_PAGE_SIZE)),
  };
}

const questionId = () => `q${randomBytes(4).toString('hex')}`;

function questionsOf(input: StaffEventInputParsed['ingressos'][number]): HolderQuestion[] {
  const seen = new Set<string>();
  return input.perguntas.map((q) => {
    let id = q.id ?? questionId();
    if (seen.has(id)) id = questionId();
    seen.add(id);
    return {
      id,
      label: q.titulo,
      type: q.tipo,
      required: q.obrigatorio,
      ...(q.tipo === 'select' ? { options: q.opcoes } : {}),
    };
  });
}

const ticketValues = (k: StaffEventInputParsed['ingressos'][number], position: number) => ({
  name: k.nome,
  description: k.descricao,
  priceCents: cents(k.valor),
  stock: k.estoque,
  perUserLimit: k.limitePorUsuario,
  availableFrom: k.disponivelDe ? new Date(k.disponivelDe) : null,
  availableUntil: k.disponivelAte ? new Date(k.disponivelAte) : null,
  questions: questionsOf(k),
  position,
  active: true,
});

const eventValues = (input: StaffEventInputParsed) => ({
  title: input.titulo,
  // The staff editor's rich text, through the one sanitiser content bodies use (common/rich-text.ts).
  description: sanitizeRichText(input.descricao) || null,
  descriptionFormat: 'html' as const,
  image: input.imagem,
  placeName: input.local,
  address: input.endereco,
  mapUrl: input.mapaUrl,
  startsAt: new Date(input.dataInicio),
  endsAt: new Date(input.dataFim),
  timeZone: input.fusoHorario,
  currency: input.moeda,
  registrationOpen: input.flagInscricaoAberta,
  visitorsAllowed: input.flagVisitante,
  interest: input.flagJuros,
  churchPaysFees: input.flagAssumirTaxasServico,
  maxInstallments: input.qtdeMaxParcelas,
  cashDaysToPay: input.diasPagamentoDinheiro,
  paymentMethods: input.metodosPagamento ? [...new Set(input.metodosPagamento)] : null,
});

/** A new event, unpublished until the staff publishes it. */
export async function createEvent(
  deps: StaffWriteDeps,
  actor: StaffActor,
  input: StaffEventInputParsed,
): Promise<StaffEvent> {
  return staffWrite(
    deps,
    actor,
    (e: StaffEvent) => ({
      action: 'events.create',
      kind: 'evento',
      targetId: e.id,
      summary: e.titulo,
    }),
    async (tx) => {
      const [event] = await tx
        .insert(t.events)
        .values({ churchId: actor.churchId, ...eventValues(input), active: false })
        .returning();
      const tickets = input.ingressos.length
        ? await tx
            .insert(t.tickets)
            .values(
              input.ingressos.map((k, i) => ({
                churchId: actor.churchId,
                eventId: event!.id,
                ...ticketValues(k, i),
              })),
            )
            .returning()
        : [];
      return toStaffEvent(event!, tickets);
    },
    { purge: false },
  );
}

/** Saves the staff's edit; refuses what would break what was sold (fewer seats, a sold type removed). */
export async function updateEvent(
  deps: StaffWriteDeps,
  actor: StaffActor,
  id: number,
  input: StaffEventInputParsed,
): Promise<StaffEvent> {
  return staffWrite(
    deps,
    actor,
    (e: StaffEvent) => ({
      action: 'events.update',
      kind: 'evento',
      targetId: e.id,
      summary: e.titulo,
    }),
    async (tx) => {
      const event = await eventOf(tx, actor.churchId, id, true);
      if (input.versao !== undefined && input.versao !== event.version)
        throw new ApiProblem(409, 'staff.events.versionConflict');
      // The seat rows are locked: a purchase waits, then re-checks its seats against the new stock.
      const existing = await ticketsOf(tx, id, true);
      const byId = new Map(existing.map((k) => [k.id, k]));
      input.ingressos.forEach((k, i) => {
        if (k.id === undefined) return;
        const row = byId.get(k.id);
        if (!row || !row.active)
          throw fieldProblem(422, `ingressos.${i}.id`, 'staff.events.ticketNotFound');
        if (k.estoque < row.sold)
          throw new ApiProblem(
            409,
            'staff.events.stockBelowSold',
            { [`ingressos.${i}.estoque`]: ['staff.events.stockBelowSold'] },
            { sold: row.sold },
          );
      });
      const kept = new Set(input.ingressos.map((k) => k.id).filter((v) => v !== undefined));
      const removed = existing.filter((k) => k.active && !kept.has(k.id));
      const sold = removed.find((k) => k.sold > 0);
      if (sold)
        throw new ApiProblem(409, 'staff.events.ticketHasBuyers', undefined, { name: sold.name });
      if (input.moeda !== event.currency && existing.some((k) => k.sold > 0))
        throw new ApiProblem(
          409,
          'staff.events.currencyLocked',
          { moeda: ['staff.events.currencyLocked'] },
          { currency: event.currency },
        );
      if (removed.length) {
        const ids = removed.map((k) => k.id);
        const used = await tx
          .selectDistinct({ ticketId: t.registrations.ticketId })
          .from(t.registrations)
          .where(inArray(t.registrations.ticketId, ids));
        const withHistory = new Set(used.map((u) => u.ticketId));
        // A type with cancelled registrations is hidden, not deleted: those rows keep their ticket.
        const hide = ids.filter((k) => withHistory.has(k));
        const drop = ids.filter((k) => !withHistory.has(k));
        if (hide.length)
          await tx.update(t.tickets).set({ active: false }).where(inArray(t.tickets.id, hide));
        if (drop.length) await tx.delete(t.tickets).where(inArray(t.tickets.id, drop));
      }
      const [saved] = await tx
        .update(t.events)
        .set({ ...eventValues(input), version: event.version + 1, updatedAt: new Date() })
        .where(eq(t.events.id, id))
        .returning();
      for (const [i, k] of input.ingressos.entries()) {
        if (k.id !== undefined)
          await tx.update(t.tickets).set(ticketValues(k, i)).where(eq(t.tickets.id, k.id));
        else
          await tx
            .insert(t.tickets)
            .values({ churchId: actor.churchId, eventId: id, ...ticketValues(k, i) });
      }
      return toStaffEvent(saved!, await ticketsOf(tx, id));
    },
  );
}

/** A copy of the event and its ticket types, unpublished and with nothing sold. */
export async function duplicateEvent(
  deps: StaffWriteDeps,
  actor: StaffActor,
  id: number,
  lang: MessageLang,
): Promise<StaffEvent> {
  return staffWrite(
    deps,
    actor,
    (e: StaffEvent) => ({
      action: 'events.duplicate',
      kind: 'evento',
      targetId: e.id,
      summary: e.titulo,
      details: { from: id },
    }),
    async (tx) => {
      const source = await eventOf(tx, actor.churchId, id);
      const tickets = (await ticketsOf(tx, id)).filter((k) => k.active);
      const { id: _id, createdAt: _c, version: _v, ...rest } = source;
      const [copy] = await tx
        .insert(t.events)
        .values({
          ...rest,
          title: staffEventsMessage(lang, 'staff.events.copyOf', { title: source.title }).slice(
            0,
            200,
          ),
          active: false,
        })
        .returning();
      const copies = tickets.length
        ? await tx
            .insert(t.tickets)
            .values(
              tickets.map(({ id: _k, sold: _s, ...k }) => ({ ...k, eventId: copy!.id, sold: 0 })),
            )
            .returning()
        : [];
      return toStaffEvent(copy!, copies);
    },
    { purge: false },
  );
}

/** Publishes (shown on the public pages) or unpublishes an event. */
export async function setPublished(
  deps: StaffWriteDeps,
  actor: StaffActor,
  id: number,
  published: boolean,
): Promise<StaffEvent> {
  const result = await staffWrite(
    deps,
    actor,
    (e: StaffEvent) => ({
      action: published ? 'events.publish' : 'events.unpublish',
      kind: 'evento',
      targetId: e.id,
      summary: e.titulo,
    }),
    async (tx) => {
      const event = await eventOf(tx, actor.churchId, id, true);
      const [saved] = await tx
        .update(t.events)
        .set({ active: published, version: event.version + 1, updatedAt: new Date() })
        .where(eq(t.events.id, id))
        .returning();
      return toStaffEvent(saved!, await ticketsOf(tx, id));
    },
  );
  // Its first publication announces it by e-mail to members who want event e-mails, once (docs/notifications.md "Event e-mails").
  if (published)
    await announceNewEvent(deps.db, actor.churchId, id).catch((error: unknown) =>
      log.error({ err: error, eventId: id }, '[email] new event announcement not queued'),
    );
  return result;
}
