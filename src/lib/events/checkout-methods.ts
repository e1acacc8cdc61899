// The payment methods the event checkout offers (docs/events.md "Visitors" and "The staff side"):
// the church's, narrowed to those the staff let the event accept. The server refuses the others
// anyway (422 on metodoPagamento); this keeps them off the page.
import type { PaymentMethodOption } from '../checkout/payment.ts';

export function eventMethods(
  churchMethods: PaymentMethodOption[],
  accepted: readonly string[] | null | undefined,
): PaymentMethodOption[] {
  if (!accepted) return churchMethods; // null: every method of the church
  return churchMethods.filter((m) => accepted.includes(m.codigo));
}
