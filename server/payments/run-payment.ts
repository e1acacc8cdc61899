// The pipeline's entry (docs/payments.md): check the order, then either a church's live gateway
// (live.ts: committed before the gateway is asked) or the sandbox's reserve → charge in one
// transaction (pipeline.ts). A key already finished is answered as it was.
import type { Db } from '../db/client.ts';
import { isUniqueViolation } from '../db/unique-violation.ts';
import { ApiProblem } from '../http/errors.ts';
import { liveAdapterFor } from './gateway-accounts.ts';
import { runLivePayment } from './live.ts';
import {
  chargePayment,
  checkPayment,
  reservePayment,
  storedAnswer,
  type Order,
  type Payer,
  type PaymentAnswer,
} from './pipeline.ts';

/** check → reserve → charge, with replays of a finished key answered as they were. */
export async function runPayment(
  db: Db,
  order: Order,
  payer: Payer,
  now = new Date(),
): Promise<PaymentAnswer> {
  const checked = await checkPayment(db, order, payer);
  // A church's live gateway: the order is committed before the gateway is asked (docs/payments.md).
  const live = await liveAdapterFor(db, order.church.id, checked);
  if (live) return runLivePayment(db, order, payer, checked, live, now);
  let answer: PaymentAnswer | { replay: true };
  try {
    answer = await db.transaction(async (tx) => {
      const claimId = await reservePayment(tx, order, payer, now);
      if (claimId === null) return { replay: true as const };
      return chargePayment(tx, order, payer, checked, claimId, now);
    });
  } catch (error) {
    // A twin that lost the race on PostgreSQL's unique index after the winner committed.
    if (isUniqueViolation(error)) {
      const again = await storedAnswer(db, order, payer);
      if (again) return again;
    }
    throw error;
  }
  if ('replay' in answer) {
    const stored = await storedAnswer(db, order, payer);
    if (!stored) throw new ApiProblem(409, 'pay.keyReused');
    return stored;
  }
  return answer;
}
