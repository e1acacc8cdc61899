// The event checkout's summary: the tickets chosen, then the amounts of the payment step's quote
// (the same plan its installments select shows).
import type { PaymentQuote } from '../../../lib/checkout/payment.ts';
import { money } from '../../../../common/format.ts';
import type { EventCheckout } from '../../../stores/checkout.ts';
import { PaymentTotals, type Lang, type T } from '../ui/index.ts';

export function CheckoutSummary({
  order,
  quote,
  t,
  lang,
}: {
  order: EventCheckout;
  quote: PaymentQuote | null;
  t: T;
  lang: Lang;
}) {
  const currency = order.event.moeda;
  const free = order.value === 0;
  return (
    <section className="ev-summary" aria-labelledby="summary-title">
      <h2 id="summary-title">{order.event.titulo}</h2>
      <ul>
        {order.tickets.map((tk) => (
          <li key={tk.ingresso}>
            <span>
              {tk.titulares.length} × {tk.nome}
            </span>
            <span>
              {tk.valor === 0
                ? t('events.free')
                : money(tk.valor * tk.titulares.length, currency, lang)}
            </span>
          </li>
        ))}
      </ul>
      {free ? (
        <p className="ev-total">
          <span>{t('checkout.total')}</span>
          <strong>{t('events.free')}</strong>
        </p>
      ) : quote ? (
        <PaymentTotals
          quote={quote}
          t={t}
          currency={currency}
          lang={lang}
          valueLabel={t('checkout.subtotal')}
        />
      ) : (
        <p className="ev-total">
          <span>{t('checkout.subtotal')}</span>
          <strong>{money(order.value, currency, lang)}</strong>
        </p>
      )}
      <p>
        <a href={`/event/${order.event.id}/tickets`}>{t('checkout.editHolders')}</a>
      </p>
    </section>
  );
}
