// Demo giving (docs/giving.md): reasons for each demo church (tithe, offering, missions,
// building; tithe and missions authorised for recurrence), a minimum value, and for
// membro@graca.demo past gifts (this year and last) plus one active monthly gift on a saved card.
import { and, eq } from 'drizzle-orm';
import { messageLangOfLocale } from '../../../contract/messages/lang.ts';
import type { Database } from '../client.ts';
import * as t from '../schema/index.ts';
import { orderCode } from '../../payments/codes.ts';

const DAY = 86_400_000;

const REASONS: Record<string, { name: string; description: string; recurrence: boolean }[]> = {
  pt: [
    { name: 'Dízimo', description: 'A devolução fiel de dez por cento.', recurrence: true },
    { name: 'Oferta', description: 'Oferta de gratidão para a obra.', recurrence: false },
    { name: 'Missões', description: 'Apoio aos missionários da igreja.', recurrence: true },
    { name: 'Construção', description: 'Campanha do novo templo.', recurrence: false },
  ],
  en: [
    { name: 'Tithe', description: 'Faithfully returning a tenth.', recurrence: true },
    { name: 'Offering', description: 'A thank offering for the work.', recurrence: false },
    { name: 'Missions', description: 'Supporting our missionaries.', recurrence: true },
    { name: 'Building', description: 'The new building campaign.', recurrence: false },
  ],
  es: [
    { name: 'Diezmo', description: 'La devolución fiel del diez por ciento.', recurrence: true },
    { name: 'Ofrenda', description: 'Ofrenda de gratitud para la obra.', recurrence: false },
    { name: 'Misiones', description: 'Apoyo a los misioneros de la iglesia.', recurrence: true },
    { name: 'Construcción', description: 'Campaña del nuevo templo.', recurrence: false },
  ],
};

/** Which churches take gifts from visitors (without an account). */
const VISITORS = new Set(['graca', 'esperanza']);

export async function seedGiving(db: Database): Promise<void> {
  const churches = await db.select().from(t.churches);
  const reasonIds = new Map<string, number[]>();
  for (const church of churches) {
    const lang = messageLangOfLocale(church.locale);
    const rows = await db
      .insert(t.paymentReasons)
      .values(
        REASONS[lang]!.map((r, position) => ({
          churchId: church.id,
          name: r.name,
          description: r.description,
          recurrenceAllowed: r.recurrence,
          position,
        })),
      )
      .returning({ id: t.paymentReasons.id });
    reasonIds.set(
      church.code,
      rows.map((r) => r.id),
    );
    await db
      .insert(t.givingSettings)
      .values({
        churchId: church.id,
        minimumCents: 500,
        online: true,
        visitors: VISITORS.has(church.code),
        recurrence: true,
      })
      .onConflictDoNothing();
  }

  const [graca] = churches.filter((c) => c.code === 'graca');
  const [member] = await db.select().from(t.users).where(eq(t.users.email, 'membro@graca.demo'));
  if (!graca || !member) return;
  const [tithe, offering, missions] = reasonIds.get('graca')!;
  const names = REASONS.pt!;
  const now = Date.now();

  // A saved demo card (sandbox test card 4111 1111 1111 1111: approves) that the monthly gift uses.
  const token = `tok_zoop_seed_${member.id}_graca`;
  await db
    .insert(t.cardTokens)
    .values({
      token,
      churchId: graca.id,
      userId: member.id,
      gatewayId: 8,
      brand: 'visa',
      last4: '1111',
      holder: 'Maria Souza',
      expiry: '12/2030',
      behaviour: 'approve',
    })
    .onConflictDoNothing();
  await db
    .insert(t.savedCards)
    .values({
      churchId: graca.id,
      userId: member.id,
      gatewayId: 8,
      token,
      brand: 'visa',
      last4: '1111',
      holder: 'Maria Souza',
      expiry: '12/2030',
    })
    .onConflictDoNothing();
  const [card] = await db
    .select()
    .from(t.savedCards)
    .where(and(eq(t.savedCards.userId, member.id), eq(t.savedCards.token, token)));

  const past: {
    daysAgo: number;
    method: string;
    lines: [number, string, number][];
    recurring?: boolean;
  }[] = [
    { daysAgo: 400, method: 'cartao', lines: [[tithe!, names[0]!.name, 25000]] },
    {
      daysAgo: 380,
      method: 'pix',
      lines: [
        [missions!, names[2]!.name, 5000],
        [offering!, names[1]!.name, 3000],
      ],
    },
    { daysAgo: 90, method: 'cartao', lines: [[tithe!, names[0]!.name, 30000]], recurring: true },
    { daysAgo: 60, method: 'cartao', lines: [[tithe!, names[0]!.name, 30000]], recurring: true },
    {
      daysAgo: 45,
      method: 'pix',
      lines: [
        [offering!, names[1]!.name, 10000],
        [missions!, names[2]!.name, 7500],
      ],
    },
    { daysAgo: 30, method: 'cartao', lines: [[tithe!, names[0]!.name, 30000]], recurring: true },
  ];
  const [gift] = await db
    .insert(t.recurringGifts)
    .values({
      churchId: graca.id,
      userId: member.id,
      reasonId: tithe!,
      amountCents: 30000,
      giverPaysFees: false,
      days: 30,
      cardId: card?.id ?? null,
      status: 'ativa',
      nextOccurrence: new Date(now + 5 * DAY).toISOString().slice(0, 10),
      nextChargeAt: new Date(`${new Date(now + 5 * DAY).toISOString().slice(0, 10)}T09:00:00Z`),
      createdAt: new Date(now - 90 * DAY),
      updatedAt: new Date(now - 30 * DAY),
    })
    .returning({ id: t.recurringGifts.id });
  for (const p of past) {
    const at = new Date(now - p.daysAgo * DAY);
    const subtotal = p.lines.reduce((s, l) => s + l[2], 0);
    const [payment] = await db
      .insert(t.payments)
      .values({
        churchId: graca.id,
        userId: member.id,
        code: orderCode('DO'),
        kind: 'doacao',
        method: p.method,
        gatewayId: 8,
        status: 'aprovado',
        subtotalCents: subtotal,
        feesCents: 0,
        interestCents: 0,
        totalCents: subtotal,
        currency: 'BRL',
        installments: 1,
        installmentCents: subtotal,
        cardBrand: p.method === 'cartao' ? 'visa' : null,
        cardLast4: p.method === 'cartao' ? '1111' : null,
        recurringGiftId: p.recurring ? gift!.id : null,
        occurrence: p.recurring ? at.toISOString().slice(0, 10) : null,
        attempt: p.recurring ? 0 : null,
        createdAt: at,
        updatedAt: at,
        paidAt: at,
      })
      .returning({ id: t.payments.id });
    await db.insert(t.paymentLines).values(
      p.lines.map(([reasonId, reasonName, amountCents]) => ({
        churchId: graca.id,
        paymentId: payment!.id,
        reasonId,
        reasonName,
        amountCents,
      })),
    );
  }
}
