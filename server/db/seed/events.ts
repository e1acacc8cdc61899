// Demo events in every state of spec §4 (free, paid, installments with and without interest,
// sold out, not yet on sale, past, closed, holder questions, exclusive online content) for
// graca (pt), grace (en) and esperanza (es), and demo registrations for membro@graca.demo.
// Every seat a ticket type counts as sold is a registration (docs/events.md "Demo data"): the
// seats membro@graca.demo does not hold belong to each church's front-office account.
// Dates are relative to the day the seed runs.
import { eq, inArray } from 'drizzle-orm';
import type { Database, Tx } from '../client.ts';
import * as t from '../schema/index.ts';
import type { HolderQuestion } from '../schema/events.ts';
import { orderCode } from '../../payments/codes.ts';

const DAY = 86_400_000;
const HOUR = 3_600_000;

interface SeedTicket {
  name: string;
  description?: string;
  price: number;
  stock: number;
  sold?: number;
  fromDays?: number;
  untilDays?: number;
  limit?: number;
  questions?: HolderQuestion[];
}

interface SeedEvent {
  key: string;
  title: string;
  description: string;
  image: string;
  place: string;
  address: string;
  /** Days from now to the start, and hours it lasts. */
  inDays: number;
  hour: number;
  hours: number;
  interest?: boolean;
  churchPaysFees?: boolean;
  maxInstallments?: number;
  cashDays?: number;
  open?: boolean;
  /** Visitors may buy without an account (docs/events.md "Visitors"). */
  visitors?: boolean;
  tickets: SeedTicket[];
  contents?: { title: string; kind: 'video' | 'link' | 'texto'; url?: string; body?: string }[];
}

const SHIRT_PT: HolderQuestion = {
  id: 'camiseta',
  label: 'Tamanho da camiseta',
  type: 'select',
  required: true,
  options: ['P', 'M', 'G', 'GG'],
};
const PHONE_PT: HolderQuestion = {
  id: 'telefone',
  label: 'Telefone do participante',
  type: 'phone',
  required: true,
};
const CHURCH_PT: HolderQuestion = {
  id: 'igreja',
  label: 'Igreja que frequenta',
  type: 'text',
  required: false,
};

const EVENTS: Record<string, { tz: string; currency: string; events: SeedEvent[] }> = {
  graca: {
    tz: 'America/Sao_Paulo',
    currency: 'BRL',
    events: [
      {
        key: 'conferencia',
        title: 'Conferência Graça 2026',
        image: 'conference',
        description:
          'Uma noite de palavra, louvor e comunhão com preletores de todo o Brasil. Inclui camiseta oficial e acesso às gravações.',
        place: 'Templo Sede',
        address: 'Avenida Paulista, 1000 — Bela Vista, São Paulo, SP',
        inDays: 20,
        hour: 19,
        hours: 3,
        interest: true,
        maxInstallments: 6,
        cashDays: 5,
        tickets: [
          { name: 'Lote promocional', price: 120, stock: 100, sold: 100, untilDays: -2 },
          {
            name: 'Lote 1',
            description: 'Inclui camiseta oficial',
            price: 150,
            stock: 300,
            sold: 12,
            untilDays: 15,
            limit: 6,
            questions: [SHIRT_PT, PHONE_PT, CHURCH_PT],
          },
          { name: 'Lote 2', price: 180, stock: 300, fromDays: 15 },
        ],
        contents: [
          {
            title: 'Transmissão ao vivo da conferência',
            kind: 'video',
            url: 'https://www.youtube.com/watch?v=dQw4w9WgXcQ',
          },
          { title: 'Apostila da conferência (PDF)', kind: 'link', url: '/events/conference.svg' },
          {
            title: 'Boas-vindas',
            kind: 'texto',
            body: 'Que alegria ter você conosco! Chegue 30 minutos antes para retirar sua camiseta no credenciamento.',
          },
        ],
      },
      {
        key: 'casais',
        title: 'Retiro de Casais',
        image: 'couples',
        description:
          'Um fim de semana para cuidar do casamento, com hospedagem e refeições incluídas.',
        place: 'Hotel Fazenda Boa Vista',
        address: 'Estrada do Retiro, km 12 — Atibaia, SP',
        inDays: 40,
        hour: 18,
        hours: 48,
        interest: false,
        churchPaysFees: true,
        maxInstallments: 3,
        tickets: [
          {
            name: 'Casal',
            price: 350,
            stock: 40,
            sold: 18,
            limit: 2,
            questions: [{ id: 'conjuge', label: 'Nome do cônjuge', type: 'text', required: true }],
          },
        ],
      },
      {
        key: 'jovens',
        title: 'Noite de Louvor Jovem',
        image: 'youth',
        description:
          'Uma noite de adoração para toda a juventude. Entrada gratuita, mas garanta seu lugar.',
        place: 'Auditório da Graça',
        address: 'Avenida Paulista, 1000 — Bela Vista, São Paulo, SP',
        inDays: 7,
        hour: 20,
        hours: 2,
        visitors: true,
        tickets: [{ name: 'Entrada gratuita', price: 0, stock: 120, sold: 35, limit: 4 }],
      },
      {
        key: 'beneficente',
        title: 'Show Beneficente',
        image: 'charity',
        description: 'Toda a renda vai para o projeto social da igreja.',
        place: 'Teatro Municipal',
        address: 'Praça Ramos de Azevedo — Centro, São Paulo, SP',
        inDays: 15,
        hour: 20,
        hours: 2,
        maxInstallments: 2,
        tickets: [{ name: 'Plateia', price: 60, stock: 50, sold: 50 }],
      },
      {
        key: 'acampamento',
        title: 'Acampamento de Verão',
        image: 'camp',
        description: 'Quatro dias de acampamento para adolescentes de 12 a 17 anos.',
        place: 'Acampamento Monte Sião',
        address: 'Rodovia dos Tamoios, km 40 — Paraibuna, SP',
        inDays: 60,
        hour: 8,
        hours: 96,
        interest: true,
        maxInstallments: 10,
        tickets: [
          {
            name: 'Adolescente',
            price: 480,
            stock: 80,
            fromDays: 5,
            questions: [
              { id: 'responsavel', label: 'Nome do responsável', type: 'text', required: true },
              PHONE_PT,
            ],
          },
        ],
      },
      {
        key: 'lideres',
        title: 'Encontro de Líderes',
        image: 'leaders',
        description: 'O encontro anual de líderes de célula.',
        place: 'Templo Sede',
        address: 'Avenida Paulista, 1000 — Bela Vista, São Paulo, SP',
        inDays: -30,
        hour: 9,
        hours: 8,
        tickets: [{ name: 'Líder', price: 0, stock: 200, sold: 64, untilDays: -31 }],
        contents: [
          {
            title: 'Gravação do encontro',
            kind: 'video',
            url: 'https://www.youtube.com/watch?v=dQw4w9WgXcQ',
          },
        ],
      },
      {
        key: 'curso',
        title: 'Curso online: Fundamentos da Fé',
        image: 'course',
        description: 'Oito aulas gravadas e material de apoio, para assistir quando quiser.',
        place: 'Online',
        address: 'Acesso pelo site após a inscrição',
        inDays: 3,
        hour: 20,
        hours: 24 * 60,
        maxInstallments: 2,
        tickets: [{ name: 'Acesso ao curso', price: 49.9, stock: 1000, sold: 210, limit: 1 }],
        contents: [
          {
            title: 'Aula 1 — A Bíblia',
            kind: 'video',
            url: 'https://www.youtube.com/watch?v=dQw4w9WgXcQ',
          },
          {
            title: 'Aula 2 — Oração',
            kind: 'video',
            url: 'https://www.youtube.com/watch?v=dQw4w9WgXcQ',
          },
          {
            title: 'Material de apoio',
            kind: 'texto',
            body: 'Leia Romanos 1 a 8 antes da terceira aula.',
          },
        ],
      },
      {
        key: 'missoes',
        title: 'Seminário de Missões',
        image: 'missions',
        description: 'As inscrições foram encerradas pela organização.',
        place: 'Templo Sede',
        address: 'Avenida Paulista, 1000 — Bela Vista, São Paulo, SP',
        inDays: 10,
        hour: 19,
        hours: 3,
        open: false,
        tickets: [{ name: 'Inscrição', price: 30, stock: 100, sold: 40 }],
      },
    ],
  },
  grace: {
    tz: 'America/Chicago',
    currency: 'USD',
    events: [
      {
        key: 'conference',
        title: 'Grace Family Conference',
        image: 'conference',
        description: 'A weekend of teaching, worship and fellowship for the whole family.',
        place: 'Main campus',
        address: '100 Congress Ave, Austin, TX',
        inDays: 25,
        hour: 18,
        hours: 4,
        maxInstallments: 3,
        tickets: [
          {
            name: 'Adult',
            price: 75,
            stock: 250,
            sold: 30,
            limit: 6,
            questions: [
              {
                id: 'shirt',
                label: 'T-shirt size',
                type: 'select',
                required: true,
                options: ['S', 'M', 'L', 'XL'],
              },
              { id: 'diet', label: 'Dietary needs', type: 'text', required: false },
            ],
          },
          { name: 'Child (4–12)', price: 25, stock: 100, sold: 5 },
        ],
        contents: [
          {
            title: 'Conference live stream',
            kind: 'video',
            url: 'https://www.youtube.com/watch?v=dQw4w9WgXcQ',
          },
        ],
      },
      {
        key: 'picnic',
        title: 'Community Picnic',
        image: 'picnic',
        description: 'Bring a friend and a dish to share. Free for everyone.',
        place: 'Zilker Park',
        address: '2100 Barton Springs Rd, Austin, TX',
        inDays: 9,
        hour: 12,
        hours: 4,
        tickets: [{ name: 'Free admission', price: 0, stock: 300, sold: 80, limit: 6 }],
      },
      {
        key: 'worship',
        title: 'Worship Night',
        image: 'worship',
        description: 'An evening of worship with the Grace band.',
        place: 'Main campus',
        address: '100 Congress Ave, Austin, TX',
        inDays: 12,
        hour: 19,
        hours: 2,
        tickets: [{ name: 'General admission', price: 10, stock: 150, sold: 150 }],
      },
      {
        key: 'retreat',
        title: "Men's Retreat",
        image: 'retreat',
        description: 'Two days in the Hill Country. Registration opens soon.',
        place: 'Camp Balcones',
        address: '1000 Ranch Rd, Spicewood, TX',
        inDays: 50,
        hour: 17,
        hours: 40,
        interest: true,
        maxInstallments: 4,
        tickets: [{ name: 'Bunk bed', price: 220, stock: 60, fromDays: 7 }],
      },
      {
        key: 'easter',
        title: 'Easter Sunrise Service',
        image: 'easter',
        description: 'Our Easter sunrise service by the lake.',
        place: 'Lady Bird Lake',
        address: 'Auditorium Shores, Austin, TX',
        inDays: -45,
        hour: 6,
        hours: 2,
        tickets: [{ name: 'Seat', price: 0, stock: 500, sold: 320, untilDays: -46 }],
      },
      {
        key: 'course',
        title: 'Online Bible Course',
        image: 'course',
        description: 'Eight recorded lessons to follow at your own pace.',
        place: 'Online',
        address: 'Access on this site after registration',
        inDays: 2,
        hour: 19,
        hours: 24 * 60,
        tickets: [{ name: 'Course access', price: 19, stock: 1000, sold: 90, limit: 1 }],
        contents: [
          {
            title: 'Lesson 1 — Scripture',
            kind: 'video',
            url: 'https://www.youtube.com/watch?v=dQw4w9WgXcQ',
          },
        ],
      },
    ],
  },
  esperanza: {
    tz: 'America/Argentina/Buenos_Aires',
    currency: 'ARS',
    events: [
      {
        key: 'congreso',
        title: 'Congreso de Jóvenes',
        image: 'youth',
        description: 'Una tarde de enseñanza y alabanza para jóvenes de toda la ciudad.',
        place: 'Sede central',
        address: 'Av. Santa Fe 3500, Palermo, Buenos Aires',
        inDays: 18,
        hour: 18,
        hours: 5,
        maxInstallments: 3,
        tickets: [
          {
            name: 'Entrada general',
            price: 15000,
            stock: 200,
            sold: 40,
            limit: 4,
            questions: [{ id: 'edad', label: 'Edad', type: 'text', required: true }],
          },
        ],
      },
      {
        key: 'alabanza',
        title: 'Noche de Alabanza',
        image: 'worship',
        description: 'Una noche de adoración abierta a todos.',
        place: 'Sede central',
        address: 'Av. Santa Fe 3500, Palermo, Buenos Aires',
        inDays: 6,
        hour: 20,
        hours: 2,
        tickets: [{ name: 'Entrada libre', price: 0, stock: 150, sold: 20, limit: 4 }],
      },
    ],
  },
};

/** Noon-aligned start: `hour` o'clock in the church's zone is close enough for demo data. */
function at(base: number, days: number, hour: number, tzOffsetHours: number): Date {
  const d = new Date(base + days * DAY);
  d.setUTCHours(hour - tzOffsetHours, 0, 0, 0);
  return d;
}
const TZ_OFFSET: Record<string, number> = {
  'America/Sao_Paulo': -3,
  'America/Chicago': -6,
  'America/Argentina/Buenos_Aires': -3,
};

export async function seedEvents(db: Database): Promise<void> {
  const now = Date.now();
  const churches = await db
    .select({ id: t.churches.id, code: t.churches.code })
    .from(t.churches)
    .where(inArray(t.churches.code, Object.keys(EVENTS)));
  const churchId = Object.fromEntries(churches.map((c) => [c.code, c.id]));
  const [member] = await db
    .select({ id: t.users.id })
    .from(t.users)
    .where(eq(t.users.email, 'membro@graca.demo'));

  await db.transaction(async (tx) => {
    const ids: Record<string, { eventId: number; tickets: { id: number; price: number }[] }> = {};
    /** Every seeded ticket type with its church and the seats it counts as sold. */
    const seats: Seat[] = [];
    for (const [code, group] of Object.entries(EVENTS)) {
      const cid = churchId[code];
      if (!cid) continue;
      for (const e of group.events) {
        const startsAt = at(now, e.inDays, e.hour, TZ_OFFSET[group.tz] ?? 0);
        const [row] = await tx
          .insert(t.events)
          .values({
            churchId: cid,
            title: e.title,
            description: e.description,
            image: `/events/${e.image}.svg`,
            imageWidth: 1200,
            imageHeight: 600,
            placeName: e.place,
            address: e.address,
            startsAt,
            endsAt: new Date(startsAt.getTime() + e.hours * HOUR),
            timeZone: group.tz,
            currency: group.currency,
            interest: e.interest ?? false,
            churchPaysFees: e.churchPaysFees ?? false,
            maxInstallments: e.maxInstallments ?? 1,
            cashDaysToPay: e.cashDays ?? 3,
            registrationOpen: e.open ?? true,
            visitorsAllowed: e.visitors ?? false,
          })
          .returning({ id: t.events.id });
        const eventId = row!.id;
        const tickets = await tx
          .insert(t.tickets)
          .values(
            e.tickets.map((tk, position) => ({
              churchId: cid,
              eventId,
              name: tk.name,
              description: tk.description ?? null,
              priceCents: Math.round(tk.price * 100),
              stock: tk.stock,
              sold: tk.sold ?? 0,
              availableFrom: tk.fromDays === undefined ? null : new Date(now + tk.fromDays * DAY),
              availableUntil:
                tk.untilDays === undefined ? null : new Date(now + tk.untilDays * DAY),
              perUserLimit: tk.limit ?? null,
              questions: tk.questions ?? [],
              position,
            })),
          )
          .returning({ id: t.tickets.id, price: t.tickets.priceCents });
        if (e.contents?.length) {
          await tx.insert(t.eventContents).values(
            e.contents.map((ct, position) => ({
              churchId: cid,
              eventId,
              title: ct.title,
              kind: ct.kind,
              url: ct.url ?? null,
              body: ct.body ?? null,
              position,
            })),
          );
        }
        ids[`${code}:${e.key}`] = { eventId, tickets };
        e.tickets.forEach((tk, i) =>
          seats.push({
            churchCode: code,
            eventId,
            ticketId: tickets[i]!.id,
            sold: tk.sold ?? 0,
            priceCents: tickets[i]!.price,
            currency: group.currency,
          }),
        );
      }
    }

    // membro@graca.demo holds tickets: the conference (card, 2 installments), last year's
    // leaders' meeting (free) and the online course (card), so registrations and content show.
    const graca = churchId.graca;
    /** Seats membro@graca.demo holds, per ticket type (the front office holds the rest). */
    const held = new Map<number, number>();
    if (member && graca) await seedHoldings(member.id, graca);
    await seedFrontOffice(tx, now, churchId, seats, held);

    async function seedHoldings(memberId: number, graca: number) {
      const holdings: {
        key: string;
        ticketIndex: number;
        method: 'cartao' | 'gratuito';
        installments: number;
        holders: string[];
        answers?: Record<string, string>;
      }[] = [
        {
          key: 'graca:conferencia',
          ticketIndex: 1,
          method: 'cartao',
          installments: 2,
          holders: ['Maria Souza'],
          answers: { camiseta: 'M', telefone: '+55 11 98765-4321' },
        },
        {
          key: 'graca:lideres',
          ticketIndex: 0,
          method: 'gratuito',
          installments: 1,
          holders: ['Maria Souza'],
        },
        {
          key: 'graca:curso',
          ticketIndex: 0,
          method: 'cartao',
          installments: 1,
          holders: ['Maria Souza'],
        },
      ];
      for (const h of holdings) {
        const e = ids[h.key]!;
        const ticket = e.tickets[h.ticketIndex]!;
        const subtotal = ticket.price * h.holders.length;
        const [payment] = await tx
          .insert(t.payments)
          .values({
            churchId: graca,
            userId: memberId,
            code: orderCode('EV'),
            eventId: e.eventId,
            method: h.method,
            gatewayId: h.method === 'cartao' ? 8 : null,
            status: 'aprovado',
            subtotalCents: subtotal,
            totalCents: subtotal,
            currency: 'BRL',
            installments: h.installments,
            installmentCents: Math.floor(subtotal / h.installments),
            cardBrand: h.method === 'cartao' ? 'visa' : null,
            cardLast4: h.method === 'cartao' ? '1111' : null,
            paidAt: new Date(now - 5 * DAY),
            createdAt: new Date(now - 5 * DAY),
          })
          .returning({ id: t.payments.id });
        held.set(ticket.id, (held.get(ticket.id) ?? 0) + h.holders.length);
        await tx.insert(t.registrations).values(
          h.holders.map((holderName) => ({
            churchId: graca,
            eventId: e.eventId,
            ticketId: ticket.id,
            userId: memberId,
            paymentId: payment!.id,
            status: 'confirmada',
            holderName,
            holderEmail: 'membro@graca.demo',
            answers: h.answers ?? {},
            code: orderCode('TK'),
            createdAt: new Date(now - 5 * DAY),
          })),
        );
      }
    }
  });
}

/**
 * The rest of each ticket type's sold seats: confirmed registrations of the front office, each
 * paid in cash at the desk when the ticket has a price, so an event's collected money is its
 * seats times their price (the registrations page adds up approved payments).
 */
async function seedFrontOffice(
  tx: Tx,
  now: number,
  churchId: Record<string, number>,
  list: Seat[],
  taken: Map<number, number>,
) {
  const buyers = new Map<string, number>();
  for (const seat of list) {
    const count = seat.sold - (taken.get(seat.ticketId) ?? 0);
    if (count <= 0) continue;
    const cid = churchId[seat.churchCode]!;
    const office = FRONT_OFFICE[seat.churchCode] ?? FRONT_OFFICE.grace!;
    let buyer = buyers.get(seat.churchCode);
    if (buyer === undefined) {
      const [row] = await tx
        .insert(t.users)
        .values({
          email: `secretaria@${seat.churchCode}.demo`,
          // No password can match: nobody logs in as the front office.
          passwordHash: '!',
          firstName: office.name,
          emailVerified: true,
        })
        .returning({ id: t.users.id });
      buyer = row!.id;
      buyers.set(seat.churchCode, buyer);
    }
    const paidAt = (i: number) => new Date(now - (10 + (i % 20)) * DAY);
    const payments = await frontOfficePayments(
      tx,
      { ...seat, churchId: cid },
      buyer,
      count,
      paidAt,
    );
    await tx.insert(t.registrations).values(
      Array.from({ length: count }, (_, i) => ({
        churchId: cid,
        eventId: seat.eventId,
        ticketId: seat.ticketId,
        userId: buyer,
        paymentId: payments[i]?.id ?? null,
        status: 'confirmada',
        holderName: `${office.first[i % 8]} ${office.last[Math.floor(i / 8) % 8]}`,
        holderEmail: null,
        answers: {},
        code: orderCode('TK'),
        createdAt: paidAt(i),
      })),
    );
  }
}

/** A seeded ticket type with its church, price and the seats it counts as sold. */
interface Seat {
  churchCode: string;
  eventId: number;
  ticketId: number;
  sold: number;
  priceCents: number;
  currency: string;
}

/** One approved cash payment per front-office seat of a priced ticket (none for a free one). */
async function frontOfficePayments(
  tx: Tx,
  seat: { churchId: number; eventId: number; priceCents: number; currency: string },
  buyer: number,
  count: number,
  paidAt: (i: number) => Date,
): Promise<{ id: number }[]> {
  if (seat.priceCents <= 0) return [];
  return tx
    .insert(t.payments)
    .values(
      Array.from({ length: count }, (_, i) => ({
        churchId: seat.churchId,
        userId: buyer,
        code: orderCode('EV'),
        eventId: seat.eventId,
        method: 'dinheiro',
        status: 'aprovado' as const,
        subtotalCents: seat.priceCents,
        totalCents: seat.priceCents,
        currency: seat.currency,
        installments: 1,
        installmentCents: seat.priceCents,
        paidAt: paidAt(i),
        createdAt: paidAt(i),
      })),
    )
    .returning({ id: t.payments.id });
}

/** Each church's front-office account and the names its registrations are made out to. */
const FRONT_OFFICE: Record<string, { name: string; first: string[]; last: string[] }> = {
  graca: {
    name: 'Secretaria da Igreja',
    first: ['Ana', 'Bruno', 'Carla', 'Daniel', 'Elisa', 'Felipe', 'Gabriela', 'Heitor'],
    last: ['Silva', 'Santos', 'Oliveira', 'Pereira', 'Lima', 'Costa', 'Rocha', 'Alves'],
  },
  grace: {
    name: 'Church Front Office',
    first: ['Alice', 'Ben', 'Chloe', 'David', 'Emma', 'Frank', 'Grace', 'Henry'],
    last: ['Smith', 'Johnson', 'Brown', 'Davis', 'Miller', 'Wilson', 'Moore', 'Taylor'],
  },
  esperanza: {
    name: 'Secretaría de la Iglesia',
    first: ['Ana', 'Bruno', 'Camila', 'Diego', 'Elena', 'Facundo', 'Julieta', 'Martín'],
    last: ['García', 'Fernández', 'González', 'Rodríguez', 'López', 'Martínez', 'Sosa', 'Romero'],
  },
};
