// Which thank-you text a payment gets (spec §4: by method and status), and the payment-status
// page's state. Keys of src/i18n/<lang>/checkout.json.
import type { PaymentMethodCode, PaymentStatusKey } from '../../contract/payments.ts';

export type ThankYouKey =
  | 'checkout.thanks.success'
  | 'checkout.thanks.free'
  | 'checkout.thanks.cardProcessing'
  | 'checkout.thanks.cardRefused'
  | 'checkout.thanks.boleto'
  | 'checkout.thanks.waiting'
  | 'checkout.thanks.picpay'
  | 'checkout.thanks.pix'
  | 'checkout.thanks.achRefused'
  | 'checkout.thanks.canceled'
  | 'checkout.thanks.refunded';

export function thankYouKey(method: PaymentMethodCode, status: PaymentStatusKey): ThankYouKey {
  if (status === 'cancelado') return 'checkout.thanks.canceled';
  if (status === 'estornado') return 'checkout.thanks.refunded';
  // nothing was paid: the registration is confirmed, no payment is spoken of
  if (method === 'gratuito') return 'checkout.thanks.free';
  if (status === 'aprovado') return 'checkout.thanks.success';
  switch (method) {
    case 'cartao':
      // em_aberto, em_analise and pendente: processing, a confirmation e-mail follows
      return status === 'nao_aprovado'
        ? 'checkout.thanks.cardRefused'
        : 'checkout.thanks.cardProcessing';
    case 'boleto':
      return 'checkout.thanks.boleto';
    case 'pix':
      return 'checkout.thanks.pix';
    case 'picpay':
      return 'checkout.thanks.picpay';
    case 'ach':
      return 'checkout.thanks.achRefused';
    case 'dinheiro':
    case 'transferencia':
      return 'checkout.thanks.waiting';
  }
}

/** The thank-you texts a gift has of its own (src/i18n/<lang>/give.json); the others say nothing of events. */
const GIFT_TEXTS = ['success', 'boleto', 'waiting', 'picpay', 'pix', 'canceled', 'refunded'];

/**
 * The status text of any payment, in the words of what was bought: tickets speak of the
 * registration, a gift of the gift, a Play subscription of the subscription.
 */
export function paymentTextKey(
  kind: 'evento' | 'doacao' | 'assinatura',
  method: PaymentMethodCode,
  status: PaymentStatusKey,
): string {
  const key = thankYouKey(method, status);
  const name = key.slice('checkout.thanks.'.length);
  if (kind === 'doacao') return GIFT_TEXTS.includes(name) ? `give.thanks.${name}` : key;
  if (kind === 'assinatura') {
    if (name === 'success') return 'payment.sub.success';
    if (name === 'refunded') return 'payment.sub.refunded';
    if (name === 'pix') return 'payment.sub.pix';
    if (['boleto', 'waiting', 'picpay'].includes(name)) return 'payment.sub.pending';
  }
  return key;
}

/** spec §4 payment-status page states. */
export type PaymentPageState =
  'canceled' | 'notFound' | 'refunded' | 'underReview' | 'success' | 'waiting';

export function paymentPageState(status: PaymentStatusKey | null): PaymentPageState {
  switch (status) {
    case null:
      return 'notFound';
    case 'aprovado':
      return 'success';
    case 'em_analise':
      return 'underReview';
    case 'estornado':
      return 'refunded';
    case 'cancelado':
    case 'nao_aprovado':
      return 'canceled';
    default:
      return 'waiting';
  }
}
