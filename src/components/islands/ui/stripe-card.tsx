// The card typed in Stripe.js's own field (docs/payments.md "Stripe"): shown by the payment step
// instead of our number, expiry and CVV when the church's card gateway is live Stripe. The
// number never reaches our page's code or server; `onReady` hands the step a function that
// turns the typed card into a PaymentMethod id.
import { useEffect, useId, useRef, useState } from 'react';
import {
  cardFormFailure,
  loadStripeJs,
  stripeLocale,
  stripePaymentMethod,
} from '../../../lib/checkout/stripe.ts';
import type { Lang } from '../../../../common/format.ts';
import './payment.css';
import type { T } from './t.ts';

/** Makes the PaymentMethod of the card typed (waits for Stripe.js when it is still loading). */
export type StripeCardHandle = (holder: string) => Promise<string>;

export function StripeCardField({
  publishableKey,
  lang,
  t,
  error,
  onReady,
}: {
  publishableKey: string;
  lang: Lang;
  t: T;
  error?: string | undefined;
  onReady: (handle: StripeCardHandle | null) => void;
}) {
  const host = useRef<HTMLDivElement>(null);
  const id = useId();
  const [state, setState] = useState<'loading' | 'ready' | 'failed'>('loading');
  const [typing, setTyping] = useState<string | null>(null); // Stripe's message while typing
  useEffect(() => {
    let gone = false;
    let destroy = () => {};
    setState('loading');
    const mounted = loadStripeJs().then((Stripe) => {
      const stripe = Stripe(publishableKey, { locale: stripeLocale(lang) });
      const card = stripe.elements({ locale: stripeLocale(lang) }).create('card', {
        hidePostalCode: true,
      });
      if (gone || !host.current) throw new Error('unmounted');
      card.mount(host.current);
      card.on?.('change', (e) => setTyping(e.error?.message ?? null));
      destroy = () => card.destroy();
      setState('ready');
      return { stripe, card };
    });
    mounted.catch(() => !gone && setState('failed'));
    onReady(async (holder) => {
      const ready = await mounted.catch(() => {
        throw cardFormFailure(t('pay.stripeFailed'));
      });
      return stripePaymentMethod(ready.stripe, ready.card, holder, t('pay.stripeFailed'));
    });
    return () => {
      gone = true;
      destroy();
      onReady(null);
    };
  }, [publishableKey, lang]);
  const message = error ?? typing ?? (state === 'failed' ? t('pay.stripeFailed') : undefined);
  return (
    <div className="ui-field">
      <span className="ui-stripe-label" id={`${id}-label`}>
        {t('pay.stripeCard')}
      </span>
      <div
        ref={host}
        className="ui-stripe-card"
        role="group"
        aria-labelledby={`${id}-label`}
        aria-busy={state === 'loading'}
        data-testid="stripe-card"
      />
      {state === 'loading' && <p className="ui-muted">{t('pay.stripeLoading')}</p>}
      {message && (
        <p className="ui-error" role="alert">
          {message}
        </p>
      )}
    </div>
  );
}
