// Stripe through its official SDK (docs/payments.md "Stripe"): PaymentIntents with 3-D Secure,
// saved cards on the member's one Customer (also kept without a charge, /user/addcard), ACH
// debits; the order code is the idempotency key of every create.
import Stripe from 'stripe';
import { z } from 'zod';
import type { PaymentStatus } from '../../db/schema/events.ts';
import {
  answerOf,
  GatewayUnavailable,
  WebhookRefused,
  type GatewayAdapter,
  type LiveChargeInput,
  type LiveChargeResult,
} from './types.ts';

export interface StripeCredentials {
  secretKey: string;
  publishableKey?: string;
  webhookSecret: string;
}

// The event objects we read, as Stripe's API reference documents them (docs/payments.md "Stripe").
const metadata = z.record(z.string(), z.string()).nullish();
const intentObject = z.looseObject({
  id: z.string().min(1),
  status: z.string(),
  payment_method_types: z.array(z.string()).nullish(),
  metadata,
});
const chargeObject = z.object({
  refunded: z.boolean(),
  payment_intent: z.unknown(),
  metadata,
});

/** The SDK pointed at the provider, or at a local server (STRIPE_API_URL, tests). */
export function stripeClient(secretKey: string, apiUrl?: string): Stripe {
  const url = apiUrl ? new URL(apiUrl) : null;
  return new Stripe(secretKey, {
    maxNetworkRetries: 0, // a retry is ours to decide (reconciliation), never a second charge
    timeout: 20_000,
    telemetry: false,
    ...(url
      ? {
          host: url.hostname,
          port: url.port || (url.protocol === 'https:' ? 443 : 80),
          protocol: url.protocol.replace(':', '') as 'http' | 'https',
        }
      : {}),
  });
}

/** PaymentIntent status → spec §4 status (ACH "processing" is a pending debit, a card's is analysis). */
export function statusOfIntent(
  intent: Pick<Stripe.PaymentIntent, 'status'>,
  method: string,
): PaymentStatus {
  switch (intent.status) {
    case 'succeeded':
      return 'aprovado';
    case 'processing':
      return method === 'ach' ? 'pendente' : 'em_analise';
    case 'requires_action':
      return 'em_aberto';
    case 'requires_payment_method':
      return 'nao_aprovado';
    case 'canceled':
      return 'cancelado';
    default:
      return 'pendente';
  }
}

/** The card an intent asked Stripe to keep (`setup_future_usage`): its `cus_…|pm_…`, else undefined. */
export function keptCardOf(
  intent: Pick<Stripe.PaymentIntent, 'setup_future_usage' | 'customer' | 'payment_method'>,
): string | undefined {
  const id = (x: string | { id: string } | null | undefined) =>
    typeof x === 'string' ? x : (x?.id ?? undefined);
  const customer = id(intent.customer);
  const paymentMethod = id(intent.payment_method);
  return intent.setup_future_usage && customer && paymentMethod
    ? `${customer}|${paymentMethod}`
    : undefined;
}

function resultOf(intent: Stripe.PaymentIntent, method: string): LiveChargeResult {
  const status = statusOfIntent(intent, method);
  const redirect = intent.next_action?.redirect_to_url?.url ?? undefined;
  // a charge approved later (3-D Secure) still keeps its card: the webhook and the job read it here
  const savedToken = keptCardOf(intent);
  return {
    status,
    reference: intent.id,
    ...(savedToken ? { savedToken } : {}),
    ...(status === 'em_aberto' ? { challenge: true } : {}),
    ...(redirect ? { paymentUrl: redirect } : {}),
    ...(status === 'nao_aprovado' && intent.last_payment_error?.message
      ? { message: intent.last_payment_error.message }
      : {}),
    ...(status === 'nao_aprovado' && intent.last_payment_error?.code === 'authentication_required'
      ? { needsAuthentication: true }
      : {}),
  };
}

/** SDK errors: a card refusal is an answer; 5xx, rate limits, network and key problems are not. */
function unavailable(error: unknown): never | { declined: string; code?: string } {
  const e = error as { type?: string; statusCode?: number; message?: string; code?: string };
  if (e?.type === 'StripeCardError')
    return { declined: e.message ?? 'Card declined.', ...(e.code ? { code: e.code } : {}) };
  if (e?.type === 'StripeInvalidRequestError' && (e.statusCode ?? 400) < 500)
    return { declined: e.message ?? 'Invalid request.' };
  throw new GatewayUnavailable(`Stripe: ${e?.type ?? 'error'} ${e?.statusCode ?? ''}`.trim());
}

export function stripeAdapter(credentials: StripeCredentials, apiUrl?: string): GatewayAdapter {
  const stripe = stripeClient(credentials.secretKey, apiUrl);

  return {
    async charge(input: LiveChargeInput) {
      const metadata = { pedido: input.orderCode, igreja: String(input.churchId) };
      try {
        let paymentMethod = input.cardToken;
        let customer: string | undefined;
        if (paymentMethod?.includes('|')) [customer, paymentMethod] = paymentMethod.split('|');
        if (input.method === 'cartao' && input.saveCard && !customer) {
          // the member's one Customer, found or made before the charge (server/payments/gateway-customer.ts)
          customer = input.customer;
          if (!customer)
            return {
              status: 'nao_aprovado',
              reference: `declined:${input.orderCode}`,
              message: 'No customer to keep the card.',
            };
        }
        const base = {
          amount: input.totalCents,
          currency: input.currency.toLowerCase(),
          confirm: true,
          metadata,
          description: input.orderCode,
          // off-session (a recurring gift): nobody is there to send to a bank page
          ...(input.offSession ? {} : { return_url: input.returnUrl }),
        };
        const params: Stripe.PaymentIntentCreateParams =
          input.method === 'ach'
            ? {
                ...base,
                allowed_payment_method_types: ['us_bank_account'],
                payment_method_data: {
                  type: 'us_bank_account',
                  us_bank_account: {
                    routing_number: input.ach!.routingNumber,
                    account_number: input.ach!.accountNumber,
                    account_holder_type: 'individual',
                    account_type: input.ach!.accountType === 'poupanca' ? 'savings' : 'checking',
                  },
                  billing_details: {
                    name: input.payer.name ?? 'Donor',
                    email: input.payer.email ?? undefined,
                  },
                },
                mandate_data: {
                  customer_acceptance: {
                    type: 'online',
                    online: { ip_address: '0.0.0.0', user_agent: 'church-web' },
                  },
                },
              }
            : {
                ...base,
                payment_method: paymentMethod,
                allowed_payment_method_types: ['card'],
                ...(customer ? { customer } : {}),
                // a saved card charged while the donor is away (Stripe "off-session payments")
                ...(input.offSession && customer ? { off_session: true } : {}),
                ...(input.saveCard && customer && !input.offSession
                  ? { setup_future_usage: 'off_session' as const }
                  : {}),
              };
        const intent = await stripe.paymentIntents.create(params, {
          idempotencyKey: `${input.orderCode}:create`,
        });
        const result = resultOf(intent, input.method);
        if (customer && paymentMethod && input.saveCard)
          result.savedToken = `${customer}|${paymentMethod}`;
        return result;
      } catch (error) {
        if (error instanceof GatewayUnavailable) throw error;
        const { declined, code } = unavailable(error) as { declined: string; code?: string };
        return {
          ...(code === 'authentication_required' ? { needsAuthentication: true } : {}),
          status: 'nao_aprovado',
          // a card error carries the PaymentIntent it declined (Stripe "Errors": payment_intent)
          reference:
            (error as { raw?: { payment_intent?: { id?: string } } }).raw?.payment_intent?.id ??
            `declined:${input.orderCode}`,
          message: declined,
        };
      }
    },

    async lookup(orderCode, reference) {
      try {
        if (reference && reference.startsWith('pi_')) {
          const intent = await stripe.paymentIntents.retrieve(reference);
          return resultOf(
            intent,
            intent.payment_method_types.includes('us_bank_account') ? 'ach' : 'cartao',
          );
        }
        const found = await stripe.paymentIntents.search({
          query: `metadata['pedido']:'${orderCode.replace(/[^A-Z0-9-]/gi, '')}'`,
          limit: 1,
        });
        const intent = found.data[0];
        if (!intent) return null;
        return resultOf(
          intent,
          intent.payment_method_types.includes('us_bank_account') ? 'ach' : 'cartao',
        );
      } catch (error) {
        if (error instanceof GatewayUnavailable) throw error;
        unavailable(error);
        return null;
      }
    },

    async cardOf(token) {
      try {
        const pm = await stripe.paymentMethods.retrieve(token);
        if (!pm.card) return null;
        return {
          brand: pm.card.brand,
          last4: pm.card.last4,
          holder: pm.billing_details?.name ?? '',
          expiry: `${String(pm.card.exp_month).padStart(2, '0')}/${pm.card.exp_year}`,
        };
      } catch (error) {
        unavailable(error);
        return null;
      }
    },

    async saveCard(input) {
      try {
        // the member's one Customer, found or made before (server/payments/gateway-customer.ts)
        const customer = input.customer;
        if (!customer) return null;
        // attaching again to the same Customer is harmless; a retry replays the same answer
        const pm = await stripe.paymentMethods.attach(
          input.token,
          { customer },
          { idempotencyKey: `${input.customerKey}:attach:${input.token}` },
        );
        if (!pm.card) return null;
        return `${customer}|${pm.id}`;
      } catch (error) {
        if (error instanceof GatewayUnavailable) throw error;
        unavailable(error); // a refusal (an unknown PaymentMethod, another Customer's) is no card
        return null;
      }
    },

    async customer(input) {
      // Made once per member by memberGatewayCustomer; the key and the parameters are the same from
      // every path, since Stripe refuses a key reused with other parameters (Stripe "Idempotent
      // requests"), so a create whose answer was lost replays the same Customer.
      try {
        const made = await stripe.customers.create(
          { metadata: { igreja: String(input.churchId), membro: input.customerKey } },
          { idempotencyKey: `${input.customerKey}:customer` },
        );
        return made.id;
      } catch (error) {
        if (error instanceof GatewayUnavailable) throw error;
        unavailable(error); // a refusal: no Customer
        return null;
      }
    },

    async forgetCard(token) {
      // `cus_…|pm_…` (or a bare `pm_…`): detaching the PaymentMethod takes it off the member's
      // Customer for good (Stripe "Detach a PaymentMethod from a Customer"); it cannot be charged again
      const paymentMethod = token.split('|').pop() ?? '';
      if (!paymentMethod) return false;
      try {
        await stripe.paymentMethods.detach(paymentMethod);
        return true;
      } catch (error) {
        const e = error as { type?: string; statusCode?: number; code?: string; message?: string };
        // already gone (404 resource_missing) or attached to no Customer: nothing left to remove
        if (
          e?.type === 'StripeInvalidRequestError' &&
          (e.statusCode === 404 ||
            e.code === 'resource_missing' ||
            /not attached/i.test(e.message ?? ''))
        )
          return false;
        // down, a revoked key, a rate limit: tried again later. Stripe's own message names the
        // PaymentMethod, so only the error's kind is kept.
        throw new GatewayUnavailable(
          `Stripe detach: ${e?.type ?? 'error'} ${e?.statusCode ?? ''}`.trim(),
        );
      }
    },

    async forgetCustomer(customer) {
      // deleting the Customer takes its name, e-mail and any card left on it (Stripe "Delete a customer")
      if (!customer) return false;
      try {
        await stripe.customers.del(customer);
        return true;
      } catch (error) {
        const e = error as { type?: string; statusCode?: number; code?: string };
        // already gone (404 resource_missing): nothing left to remove
        if (
          e?.type === 'StripeInvalidRequestError' &&
          (e.statusCode === 404 || e.code === 'resource_missing')
        )
          return false;
        // down, a revoked key, a rate limit: tried again later. Stripe's own message names the
        // Customer, so only the error's kind is kept.
        throw new GatewayUnavailable(
          `Stripe customer delete: ${e?.type ?? 'error'} ${e?.statusCode ?? ''}`.trim(),
        );
      }
    },

    async checkAccount() {
      // GET /v1/account: the secret key's own account, read only
      try {
        await stripe.accounts.retrieveCurrent();
        return 'ok';
      } catch (error) {
        const e = error as { type?: string; statusCode?: number };
        if (e?.statusCode === 401 || e?.statusCode === 403) return 'refused';
        throw new GatewayUnavailable(
          `Stripe account: ${e?.type ?? 'error'} ${e?.statusCode ?? ''}`.trim(),
        );
      }
    },

    async refund(reference, amountCents, orderCode) {
      try {
        await stripe.refunds.create(
          { payment_intent: reference, amount: amountCents },
          { idempotencyKey: `${orderCode}:refund` },
        );
      } catch (error) {
        if (error instanceof GatewayUnavailable) throw error;
        const e = error as { type?: string; statusCode?: number };
        throw new GatewayUnavailable(`Stripe refund: ${e.type ?? 'error'} ${e.statusCode ?? ''}`);
      }
    },

    async cancel(reference) {
      try {
        await stripe.paymentIntents.cancel(reference);
      } catch (error) {
        // a refusal (already paid, already cancelled) is told to the caller, which asks what it is now
        const { declined } = unavailable(error) as { declined: string };
        throw new Error(`Stripe refused the cancel: ${declined}`);
      }
    },

    async webhook(headers, rawBody) {
      const signature = headers.get('stripe-signature');
      if (!signature)
        throw new WebhookRefused(400, 'Stripe webhook without a Stripe-Signature header');
      let event: Stripe.Event;
      try {
        event = await stripe.webhooks.constructEventAsync(
          rawBody,
          signature,
          credentials.webhookSecret,
        );
      } catch {
        throw new WebhookRefused(401, 'Stripe webhook with a wrong signature');
      }
      const object: unknown = event.data.object;
      if (event.type.startsWith('payment_intent.')) {
        // the fields read are checked; keptCardOf reads the rest of the intent as the SDK types it
        const intent = answerOf(
          'Stripe',
          event.type,
          intentObject,
          object,
        ) as unknown as Stripe.PaymentIntent;
        const method = intent.payment_method_types?.includes('us_bank_account') ? 'ach' : 'cartao';
        const savedToken = keptCardOf(intent); // the card an intent approved after 3-D Secure kept
        return {
          id: event.id,
          kind: event.type,
          reference: intent.id,
          orderCode: intent.metadata?.pedido ?? null,
          status: statusOfIntent(intent, method),
          ...(savedToken ? { savedToken } : {}),
        };
      }
      const charge =
        event.type === 'charge.refunded'
          ? answerOf('Stripe', event.type, chargeObject, object)
          : null;
      if (charge?.refunded)
        return {
          id: event.id,
          kind: event.type,
          reference: typeof charge.payment_intent === 'string' ? charge.payment_intent : null,
          orderCode: charge.metadata?.pedido ?? null,
          status: 'estornado',
        };
      return { id: event.id, kind: event.type, reference: null, orderCode: null, status: null };
    },
  };
}
