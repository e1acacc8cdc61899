// The donation order kind of the shared checkout pipeline (server/payments/pipeline.ts): the
// giving rules of spec §5 (minimum value, PicPay's maximum per gift, recurrence for one
// authorised reason only), one payment with one line per reason, and the recurring gift a
// first charge starts. Visitors give here too where the church allows it (docs/giving.md).
import { and, eq, inArray } from 'drizzle-orm';
import type { z } from 'zod';
import { isValidCpf, onlyDigits } from '../../contract/account-rules.ts';
import { PICPAY_MAX_CENTS, type donationBodySchema } from '../../contract/giving.ts';
import { churchCurrency } from '../../contract/payment-rules.ts';
import { isPortugueseChurch } from '../../contract/language.ts';
import * as t from '../db/schema/index.ts';
import { ApiProblem, fieldProblem } from '../http/errors.ts';
import type { Database, Db, Tx } from '../db/client.ts';
import type { Order, OrderChurch, Payer } from '../payments/pipeline.ts';
import { addDays, churchToday, instantOfWallClock } from '../../common/time-zone.ts';
import { zoneOfChurch } from '../church/church-clock.ts';

export type DonationInput = z.output<typeof donationBodySchema>;

/**
 * When an occurrence's charge is due: 06:00 of its day on the church's clock (09:00 UTC in
 * Brasília), so every church, whatever zone it chose, is charged on the day the member counts
 * (docs/giving.md "Which clock").
 */
export const chargeTimeOf = (day: string, zone: string): Date =>
  instantOfWallClock(zone, Date.parse(`${day}T06:00:00Z`));

export interface GivingChurch extends OrderChurch {
  locale: string;
  currency: string;
  /** The church's clock (docs/giving.md "Which clock"). */
  timeZone: string;
}

export async function givingSettingsOf(db: Db, churchId: number) {
  const [row] = await db
    .select()
    .from(t.givingSettings)
    .where(eq(t.givingSettings.churchId, churchId));
  return row ?? null;
}

/** The church's own row for the order (name, e-mail, city for the Pix receiver). */
export async function givingChurch(db: Db, churchId: number): Promise<GivingChurch | null> {
  const [row] = await db.select().from(t.churches).where(eq(t.churches.id, churchId));
  if (!row) return null;
  return {
    id: row.id,
    name: row.name,
    code: row.code,
    email: row.email,
    city: row.city,
    locale: row.locale,
    currency: churchCurrency(row.country),
    timeZone: zoneOfChurch(row),
  };
}

/**
 * The donation order, or a 4xx with the field that broke a rule. `payer.userId` null is a visitor
 * whose captcha the route has already checked.
 */
export async function donationOrder(
  db: Db,
  church: GivingChurch,
  input: DonationInput,
  payer: Payer,
): Promise<Order> {
  const settings = await givingSettingsOf(db, church.id);
  if (!settings?.online) throw new ApiProblem(422, 'give.offline');

  // The reasons: each once, each an active giving reason of this church.
  const errors: Record<string, string[]> = {};
  const seen = new Set<number>();
  input.motivos.forEach((line, i) => {
    if (seen.has(line.motivo)) errors[`motivos.${i}.motivo`] = ['give.reasonTwice'];
    seen.add(line.motivo);
  });
  const reasons = await db
    .select()
    .from(t.paymentReasons)
    .where(
      and(
        eq(t.paymentReasons.churchId, church.id),
        inArray(t.paymentReasons.id, [...seen]),
        eq(t.paymentReasons.active, true),
        eq(t.paymentReasons.forGiving, true),
      ),
    );
  const byId = new Map(reasons.map((r) => [r.id, r]));
  const lines = input.motivos.map((line, i) => {
    if (!byId.has(line.motivo)) errors[`motivos.${i}.motivo`] = ['give.reasonNotFound'];
    const amountCents = Math.round(line.valor * 100);
    // spec §5: the amount must be greater than the church's minimum (which is not shown)
    if (amountCents <= settings.minimumCents) errors[`motivos.${i}.valor`] = ['give.minimum'];
    return { reasonId: line.motivo, reasonName: byId.get(line.motivo)?.name ?? '', amountCents };
  });
  if (payer.userId === null && payer.donor) {
    if (isPortugueseChurch(church.locale)) {
      const cpf = onlyDigits(payer.donor.cpf ?? '');
      if (!cpf) errors['visitante.cpf'] = ['give.cpfRequired'];
      else if (!isValidCpf(cpf)) errors['visitante.cpf'] = ['give.cpfInvalid'];
    }
  }
  if (Object.keys(errors).length) throw new ApiProblem(400, Object.values(errors)[0]![0]!, errors);

  if (input.recorrencia) {
    // spec §5 / §9: recurrence for one reason only, among those the church authorised; charged on a card
    if (payer.userId === null) throw fieldProblem(401, 'recorrencia', 'give.recurrenceLogin');
    if (!settings.recurrence) throw fieldProblem(422, 'recorrencia', 'give.recurrenceOff');
    if (lines.length !== 1) throw fieldProblem(422, 'recorrencia', 'give.recurrenceOneReason');
    if (!byId.get(lines[0]!.reasonId)?.recurrenceAllowed)
      throw fieldProblem(422, 'recorrencia', 'give.recurrenceNotAllowed');
    if (payer.method !== 'cartao')
      throw fieldProblem(422, 'metodoPagamento', 'give.recurrenceCard');
  }

  const subtotalCents = lines.reduce((sum, l) => sum + l.amountCents, 0);
  return {
    kind: 'doacao',
    codePrefix: 'DO',
    church,
    currency: church.currency,
    subtotalCents,
    churchPaysFees: !input.flagUsuarioTaxa,
    maxInstallments: 1,
    interest: false,
    cashDaysToPay: 3,
    eventId: null,
    checkMethod(method) {
      // spec §5 / §9: PicPay takes at most R$ 4.999,99 per gift; several gifts are allowed
      if (method === 'picpay' && subtotalCents > PICPAY_MAX_CENTS)
        throw fieldProblem(422, 'metodoPagamento', 'give.picpayMax');
    },
    async record(tx: Tx, ctx) {
      await tx
        .insert(t.paymentLines)
        .values(lines.map((l) => ({ churchId: church.id, paymentId: ctx.paymentId, ...l })));
      if (!input.recorrencia || ctx.userId === null) return;
      const cardId = await savedCardFor(tx, church.id, ctx.userId, payer);
      const today = churchToday(church.timeZone, ctx.now);
      const next = addDays(today, input.recorrenciaDias);
      const [gift] = await tx
        .insert(t.recurringGifts)
        .values({
          churchId: church.id,
          userId: ctx.userId,
          reasonId: lines[0]!.reasonId,
          amountCents: lines[0]!.amountCents,
          giverPaysFees: input.flagUsuarioTaxa,
          days: input.recorrenciaDias,
          cardId,
          status: 'ativa',
          nextOccurrence: next,
          nextChargeAt: chargeTimeOf(next, church.timeZone),
          createdAt: ctx.now,
          updatedAt: ctx.now,
        })
        .returning({ id: t.recurringGifts.id });
      await tx
        .update(t.payments)
        .set({ recurringGiftId: gift!.id, occurrence: today, attempt: 0 })
        .where(and(eq(t.payments.id, ctx.paymentId), eq(t.payments.churchId, church.id)));
      await tx
        .update(t.recurringGifts)
        .set({ lastPaymentId: ctx.paymentId })
        .where(eq(t.recurringGifts.id, gift!.id));
    },
  };
}

/** The saved card a recurring gift (or a Play subscription) charges: the one paid with, saved now if it was new. */
export async function savedCardFor(
  tx: Tx,
  churchId: number,
  userId: number,
  payer: Payer,
): Promise<number | null> {
  if (payer.card?.idCartao) return payer.card.idCartao;
  const token = payer.card?.token;
  if (!token) return null;
  const [vault] = await tx
    .select()
    .from(t.cardTokens)
    .where(
      and(
        eq(t.cardTokens.token, token),
        eq(t.cardTokens.churchId, churchId),
        eq(t.cardTokens.userId, userId),
      ),
    );
  if (!vault) return null;
  await tx
    .insert(t.savedCards)
    .values({
      churchId,
      userId,
      gatewayId: vault.gatewayId,
      token: vault.token,
      brand: vault.brand,
      last4: vault.last4,
      holder: vault.holder,
      expiry: vault.expiry,
    })
    .onConflictDoNothing();
  const [saved] = await tx
    .select({ id: t.savedCards.id })
    .from(t.savedCards)
    .where(and(eq(t.savedCards.userId, userId), eq(t.savedCards.token, token)));
  return saved?.id ?? null;
}

export type { Database };
