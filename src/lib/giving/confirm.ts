// A recurring gift whose bank wants the donor there: its charge is made again with the donor on
// /user/giving, who then leaves for the bank's page (docs/payments.md "Recurring gifts at a live gateway").
import { afterPay } from '../checkout/payment.ts';
import { giving } from './api.ts';

export type ConfirmGift =
  { kind: 'leave'; url: string } | { kind: 'declined'; message: string | null };

/** Asks for the gift's confirmation charge; where the page goes next (the bank, else the payment's page). */
export async function confirmGift(
  userId: number,
  giftId: number,
  churchId: number,
): Promise<ConfirmGift> {
  const answer = await giving.confirmRecurring(userId, giftId, churchId);
  const page = `/user/payment/${encodeURIComponent(answer.pagamento.codigo)}`;
  const then = afterPay(answer, page);
  if (then.kind === 'declined') return then;
  return { kind: 'leave', url: then.kind === 'leave' ? then.url : page };
}
