// Stripe.js in the payment step (docs/payments.md "Stripe"): at a church whose card gateway is
// live Stripe the card is typed in Stripe's own field, Stripe.js turns it into a PaymentMethod
// (pm_…) and only that id reaches our server (POST …/card/gateway-token). Loaded only on the
// pages that pay, from js.stripe.com, the one script origin the content security policy allows
// there (src/lib/security-headers.ts).
import { HTTPError, type NormalizedOptions } from 'ky';
import type { Lang } from '../../../common/format.ts';
import type { PaymentMethodOption } from './payment.ts';

export const STRIPE_JS_URL = 'https://js.stripe.com/v3';

/** The part of Stripe.js the payment step uses (Stripe's `card` Element). */
export interface StripeCardElement {
  mount(target: HTMLElement): void;
  destroy(): void;
  on?(event: 'change', handler: (e: { error?: { message?: string } | undefined }) => void): void;
}
export interface StripeJs {
  elements(options?: { locale?: string }): {
    create(kind: 'card', options?: Record<string, unknown>): StripeCardElement;
  };
  createPaymentMethod(options: {
    type: 'card';
    card: StripeCardElement;
    billing_details?: { name?: string };
  }): Promise<{ paymentMethod?: { id: string }; error?: { message?: string } }>;
}
type StripeFactory = (publishableKey: string, options?: { locale?: string }) => StripeJs;

/** The publishable key of the card method when its gateway is live Stripe (the server says so). */
export const stripeKeyOf = (methods: readonly PaymentMethodOption[]): string | null =>
  methods.find((m) => m.codigo === 'cartao' && m.idGatewayPagamento === 5)?.chavePublicavel ?? null;

/** Stripe's locale for the page's language. */
export const stripeLocale = (lang: Lang): string => (lang === 'pt' ? 'pt-BR' : lang);

let loading: Promise<StripeFactory> | null = null;

/** Adds Stripe.js to the page once; rejects when it cannot load (offline, blocked). */
export function loadStripeJs(): Promise<StripeFactory> {
  const ready = (window as { Stripe?: StripeFactory }).Stripe;
  if (ready) return Promise.resolve(ready);
  loading ??= new Promise<StripeFactory>((resolve, reject) => {
    const script = document.createElement('script');
    script.src = STRIPE_JS_URL;
    script.async = true;
    script.onload = () => {
      const factory = (window as { Stripe?: StripeFactory }).Stripe;
      if (factory) resolve(factory);
      else reject(new Error('Stripe.js did not define Stripe'));
    };
    script.onerror = () => reject(new Error('Stripe.js did not load'));
    document.head.append(script);
  }).catch((error: unknown) => {
    loading = null; // the next try loads it again
    throw error;
  });
  return loading;
}

/**
 * A refusal of the card form as the API's 422 would be (message and `numero` field), so the
 * order's own error handling shows it by the card as any card error.
 */
export function cardFormFailure(message: string, field = 'numero'): HTTPError {
  const response = new Response(JSON.stringify({ message, errors: { [field]: [message] } }), {
    status: 422,
    headers: { 'content-type': 'application/json' },
  });
  return new HTTPError(
    response,
    new Request('https://js.stripe.com/v3', { method: 'POST' }),
    {} as NormalizedOptions,
  );
}

/** The card in Stripe's field as a PaymentMethod id; Stripe's own message (in the page's language) when it refuses. */
export async function stripePaymentMethod(
  stripe: StripeJs,
  card: StripeCardElement,
  holder: string,
  fallback: string,
): Promise<string> {
  const name = holder.trim();
  const result = await stripe.createPaymentMethod({
    type: 'card',
    card,
    ...(name ? { billing_details: { name } } : {}),
  });
  const id = result.paymentMethod?.id;
  if (result.error || !id) throw cardFormFailure(result.error?.message || fallback);
  return id;
}
