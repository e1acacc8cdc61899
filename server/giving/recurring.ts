// Recurring gifts that run by themselves (docs/giving.md). The job runner (server/jobs/) makes
// sure one process runs this job at a time; on top of that every due gift is claimed in the
// database, one at a time, with SELECT … FOR UPDATE SKIP LOCKED, and charged inside that same
// transaction through the shared checkout pipeline with the idempotency key
// `recorrente:{gift}:{occurrence}:{try}` (also unique on pagamento). So a second process skips a
// gift being charged, and a process killed mid-charge leaves nothing behind: its transaction
// rolls back, the row lock goes with it, and the next run charges that occurrence once.
// A declined card is tried again RETRY_DAYS later; the donor is e-mailed each time, and after
// the last try the gift pauses.
import { and, asc, eq, lte } from 'drizzle-orm';
import { messageLangOfLocale } from '../../contract/messages/lang.ts';
import type { Database, Tx } from '../db/client.ts';
import * as t from '../db/schema/index.ts';
import { churchHomeUrl } from '../auth/church-link.ts';
import { ApiProblem } from '../http/errors.ts';
import { eachClaimed, type ClaimOptions } from '../jobs/claim.ts';
import type { Mail } from '../mail/outbox.ts';
import { checkPayment, chargePayment, reservePayment, type Payer } from '../payments/pipeline.ts';
import { addDays, chargeTimeOf, dayOf, donationOrder, givingChurch } from './donation.ts';
import { declinedMail } from './receipt-mail.ts';

/** Days after a declined charge before the next try; after the last one the gift pauses. */
export const RETRY_DAYS = [1, 3, 7] as const;
const DAY = 86_400_000;

/** The job's mailer and settings (links in the donor's e-mails), and the test hooks. */
export type ChargeOptions = ClaimOptions;

export interface ChargeOutcome {
  giftId: number;
  occurrence: string;
  status: string;
}

/** Charges every gift due at `now`, each in its own claim; returns what happened. */
export async function chargeDueGifts(
  db: Database,
  now: Date,
  options: ChargeOptions,
): Promise<ChargeOutcome[]> {
  return eachClaimed(
    db,
    options,
    async (tx) =>
      (
        await tx
          .select()
          .from(t.recurringGifts)
          .where(and(eq(t.recurringGifts.status, 'ativa'), lte(t.recurringGifts.nextChargeAt, now)))
          .orderBy(asc(t.recurringGifts.nextChargeAt), asc(t.recurringGifts.id))
          .limit(1)
          .for('update', { skipLocked: true })
      )[0],
    (tx, gift, mails) => chargeOne(tx, gift, now, mails, options.settings),
  );
}

async function chargeOne(
  tx: Tx,
  gift: typeof t.recurringGifts.$inferSelect,
  now: Date,
  mails: Mail[],
  settings: ChargeOptions['settings'],
): Promise<ChargeOutcome> {
  const church = await givingChurch(tx, gift.churchId);
  const [user] = await tx.select().from(t.users).where(eq(t.users.id, gift.userId));
  const lang = messageLangOfLocale(church?.locale);
  const occurrence = gift.nextOccurrence;
  const attempt = gift.failedTries;
  const payer: Payer = {
    userId: gift.userId,
    method: 'cartao',
    installments: 1,
    card: gift.cardId ? { idCartao: gift.cardId } : undefined,
    saveCard: false,
    idempotencyKey: `recorrente:${gift.id}:${occurrence}:${attempt}`,
    fingerprint: { recorrente: gift.id, ocorrencia: occurrence, tentativa: attempt },
    lang,
    recurring: { giftId: gift.id, occurrence, attempt },
  };

  // The occurrence and try already charged (by a run whose answer was lost): only move on.
  const [done] = await tx
    .select({ id: t.payments.id, status: t.payments.status })
    .from(t.payments)
    .where(
      and(
        eq(t.payments.recurringGiftId, gift.id),
        eq(t.payments.occurrence, occurrence),
        eq(t.payments.attempt, attempt),
      ),
    );
  let status: string;
  let paymentId: number | null = done?.id ?? null;
  if (done) status = done.status;
  else {
    try {
      if (!church || !user) throw new Error('church or donor gone');
      const order = await donationOrder(
        tx,
        church,
        {
          tipo: 'doacao',
          igreja: church.id,
          motivos: [{ motivo: gift.reasonId, valor: gift.amountCents / 100 }],
          flagUsuarioTaxa: gift.giverPaysFees,
          recorrencia: false,
          recorrenciaDias: gift.days,
          metodoPagamento: 'cartao',
          parcelas: 1,
          salvarCartao: false,
          ...(gift.cardId ? { cartao: { idCartao: gift.cardId } } : {}),
        },
        payer,
      );
      const checked = await checkPayment(tx, order, payer);
      const claimId = await reservePayment(tx, order, payer, now);
      if (claimId === null) throw new Error('idempotency key already used');
      const answer = await chargePayment(tx, order, payer, checked, claimId, now);
      status = answer.body.pagamento.status;
      const [row] = await tx
        .select({ id: t.payments.id })
        .from(t.payments)
        .where(eq(t.payments.code, answer.body.pagamento.codigo));
      paymentId = row?.id ?? null;
    } catch (error) {
      // No card, a card no longer valid, a reason gone: counts as a declined try, nothing charged.
      if (
        !(error instanceof ApiProblem) &&
        !(error instanceof Error && /gone|already used/.test(error.message))
      )
        throw error;
      status = 'nao_aprovado';
    }
  }

  if (status === 'nao_aprovado') {
    const tries = attempt + 1;
    const pause = tries > RETRY_DAYS.length;
    await tx
      .update(t.recurringGifts)
      .set({
        failedTries: tries,
        status: pause ? 'pausada' : 'ativa',
        nextChargeAt: pause
          ? gift.nextChargeAt
          : new Date(now.getTime() + RETRY_DAYS[attempt]! * DAY),
        lastPaymentId: paymentId ?? gift.lastPaymentId,
        updatedAt: now,
      })
      .where(eq(t.recurringGifts.id, gift.id));
    if (user && church) {
      const link = `${churchHomeUrl(church.code, settings)}/user/giving`;
      mails.push(
        declinedMail(lang, user.email, {
          name: user.firstName,
          church: church.name,
          amountCents: gift.amountCents,
          currency: church.currency,
          paused: pause,
          retryDays: pause ? 0 : RETRY_DAYS[attempt]!,
          link,
        }),
      );
    }
  } else {
    // Approved or still processing: this occurrence is done; the next one is `days` later.
    // A gift far behind (e.g. its card kept failing) is not charged for every missed occurrence.
    let next = addDays(occurrence, gift.days);
    if (next <= dayOf(now)) next = addDays(dayOf(now), gift.days);
    await tx
      .update(t.recurringGifts)
      .set({
        nextOccurrence: next,
        nextChargeAt: chargeTimeOf(next),
        failedTries: 0,
        lastPaymentId: paymentId,
        updatedAt: now,
      })
      .where(eq(t.recurringGifts.id, gift.id));
  }
  return { giftId: gift.id, occurrence, status };
}
