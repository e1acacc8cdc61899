// A payment's move to a new status and what follows from it (docs/payments.md): paid confirms the
// order's seats, queues its mail and starts a Play subscription; any other status just moves it.
// Every path that learns a payment's fate ends here: the sandbox, a live gateway's answer, a
// webhook, the reconciliation job, a challenge, an expiry.
import { and, eq } from 'drizzle-orm';
import type { MessageLang } from '../../contract/messages/lang.ts';
import type { Tx } from '../db/client.ts';
import * as t from '../db/schema/index.ts';
import type { PaymentStatus } from '../db/schema/events.ts';
import { activateSubscriptionOf } from '../play/subscription-state.ts';
import { enqueuePaidMail } from './paid-mail.task.ts';

/**
 * Moves a payment to a new status, confirming or freeing its seats (sandbox, challenge, expiry).
 * Callers move a payment to paid only from an open status, so the after-paid mail is queued once.
 */
export async function settlePayment(
  tx: Tx,
  paymentId: number,
  status: PaymentStatus,
  now = new Date(),
  lang?: MessageLang,
): Promise<void> {
  if (status === 'aprovado') {
    const [paid] = await tx
      .update(t.payments)
      .set({ status, paidAt: now, updatedAt: now })
      .where(eq(t.payments.id, paymentId))
      .returning({
        id: t.payments.id,
        churchId: t.payments.churchId,
        kind: t.payments.kind,
        userId: t.payments.userId,
      });
    if (paid) await enqueuePaidMail(tx, paid, lang); // tickets or a visitor's receipt, after commit
    await tx
      .update(t.registrations)
      .set({ status: 'confirmada' })
      .where(and(eq(t.registrations.paymentId, paymentId), eq(t.registrations.status, 'pendente')));
    await activateSubscriptionOf(tx, paymentId, now); // a Play subscription's first payment (docs/play.md)
    return;
  }
  await tx.update(t.payments).set({ status, updatedAt: now }).where(eq(t.payments.id, paymentId));
}
