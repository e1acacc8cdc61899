// A local HTTP server that answers as Stripe's documented API does (the shapes of the account,
// PaymentIntents, PaymentMethods and their attach and detach, Customers and their delete, Refunds, Search and card errors),
// for the Stripe adapter's tests: Idempotency-Key replays, declines, 3-D Secure, 5xx and dropped
// connections.
import { createServer, type IncomingMessage, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import Stripe from 'stripe';

type Intent = Record<string, any>;

/** Stripe's test PaymentMethods (docs "Testing"): how each card answers. */
const CARDS: Record<
  string,
  { brand: string; last4: string; behaviour: 'ok' | 'decline' | '3ds' | '3ds-setup' }
> = {
  pm_card_visa: { brand: 'visa', last4: '4242', behaviour: 'ok' },
  pm_card_mastercard: { brand: 'mastercard', last4: '4444', behaviour: 'ok' },
  pm_card_amex: { brand: 'amex', last4: '8431', behaviour: 'ok' },
  pm_card_discover: { brand: 'discover', last4: '1117', behaviour: 'ok' },
  pm_card_chargeDeclined: { brand: 'visa', last4: '0002', behaviour: 'decline' },
  pm_card_threeDSecure2Required: { brand: 'visa', last4: '3220', behaviour: '3ds' },
  // 4000 0025 0000 3155: 3-D Secure until set up for future use, then off-session needs none
  pm_card_authenticationRequiredOnSetup: { brand: 'visa', last4: '3155', behaviour: '3ds-setup' },
};

/** The one account the fake knows: what tests enter as a church's live Stripe credentials. */
export const FAKE_STRIPE_ACCOUNT = {
  secretKey: 'sk_test_church',
  publishableKey: 'pk_test_church',
  webhookSecret: 'whsec_test_church_webhook_0123',
} as const;

const signer = new Stripe('sk_test_signer');

/** A Stripe event of `type` carrying `object`, as Stripe sends it to a webhook. */
export const stripeEvent = (id: string, type: string, object: object) => ({
  id,
  object: 'event',
  type,
  api_version: '2026-10-28.endive',
  created: Math.floor(Date.now() / 1000),
  data: { object },
  livemode: false,
  pending_webhooks: 1,
  request: { id: null, idempotency_key: null },
});

/**
 * A Stripe event of `type` carrying `object`, as the body and headers of its webhook call, signed
 * with the SDK's own test helper for the account's webhook secret (or another, to be refused).
 */
export function signedStripeEvent(
  id: string,
  type: string,
  object: object,
  secret: string = FAKE_STRIPE_ACCOUNT.webhookSecret,
): { body: string; headers: Record<string, string> } {
  const body = JSON.stringify(stripeEvent(id, type, object));
  const header = signer.webhooks.generateTestHeaderString({ payload: body, secret });
  return { body, headers: { 'stripe-signature': header, 'content-type': 'application/json' } };
}

export interface FakeStripe {
  url: string;
  intents: Map<string, Intent>;
  /** Every request as method + path, in order. */
  calls: {
    method: string;
    path: string;
    idempotencyKey: string | undefined;
    auth: string | undefined;
  }[];
  /** The form of every PaymentIntent create, in order (what was asked: customer, off_session…). */
  creates: Record<string, string>[];
  /** The next PaymentIntent create: `500-after` creates it and answers 500; `drop-before` hangs up without creating; `drop-after` creates then hangs up. */
  failNextCreate: null | '500-after' | 'drop-before' | 'drop-after';
  /** How many creates in a row fail so (the SDK itself retries a closed connection once, with the same key). */
  failTimes: number;
  /** Every call answers 503 while set (Stripe down). */
  down: boolean;
  /** The Customer each PaymentMethod is attached to (`POST /v1/payment_methods/{id}/attach`). */
  attached: Map<string, string>;
  /** Every Customer made, in order. */
  customers: string[];
  /** Every PaymentMethod detached from its Customer (`POST /v1/payment_methods/{id}/detach`), in order. */
  detached: { paymentMethod: string; customer: string }[];
  /** Every Customer deleted (`DELETE /v1/customers/{id}`), in order. */
  deletedCustomers: string[];
  /** Whether Stripe has this Customer now (made and not deleted). */
  hasCustomer(id: string): boolean;
  /** Completes a 3-D Secure challenge as the payer's bank would. */
  succeed(id: string): Intent;
  close(): Promise<void>;
}

function parseForm(body: string): Record<string, string> {
  const out: Record<string, string> = {};
  for (const [k, v] of new URLSearchParams(body)) out[k] = v;
  return out;
}

const readBody = (req: IncomingMessage) =>
  new Promise<string>((resolve) => {
    let data = '';
    req.on('data', (chunk) => (data += chunk));
    req.on('end', () => resolve(data));
  });

export async function startFakeStripe(): Promise<FakeStripe> {
  const intents = new Map<string, Intent>();
  const idempotent = new Map<string, { status: number; body: unknown }>();
  const keyBodies = new Map<string, string>();
  const customers = new Set<string>();
  const attached = new Map<string, string>();
  /** `cus|pm` pairs whose setup the bank authenticated (an intent with setup_future_usage succeeded). */
  const setUp = new Set<string>();
  /** `cus|pm` pairs a succeeded "save card" intent had kept, since detached. */
  const released = new Set<string>();
  /** The Customer a PaymentMethod is attached to: by attach, or kept by a succeeded intent (setup_future_usage). */
  const ownerOf = (pm: string): string | undefined =>
    attached.get(pm) ??
    [...intents.values()]
      .reverse()
      .find(
        (pi) =>
          pi.payment_method === pm &&
          pi.customer &&
          pi.setup_future_usage &&
          pi.status === 'succeeded' &&
          !released.has(`${pi.customer}|${pm}`),
      )?.customer;
  let seq = 0;
  const id = (prefix: string) => `${prefix}_${Date.now().toString(36)}${(++seq).toString(36)}`;

  const fake: FakeStripe = {
    url: '',
    intents,
    calls: [],
    creates: [],
    failNextCreate: null,
    failTimes: 1,
    down: false,
    attached,
    customers: [],
    detached: [],
    deletedCustomers: [],
    hasCustomer: (cus) => customers.has(cus),
    succeed(piId) {
      const pi = intents.get(piId)!;
      pi.status = 'succeeded';
      pi.next_action = null;
      if (pi.setup_future_usage && pi.customer) setUp.add(`${pi.customer}|${pi.payment_method}`);
      return pi;
    },
    close: () => new Promise((resolve) => server.close(() => resolve())),
  };

  const error = (
    status: number,
    type: string,
    message: string,
    extra: Record<string, unknown> = {},
  ) => ({
    status,
    body: { error: { type, message, ...extra } },
  });

  function createIntent(form: Record<string, string>): { status: number; body: unknown } {
    const pmId = form.payment_method ?? (form['payment_method_data[type]'] ? id('pm') : undefined);
    const ach = form['payment_method_data[type]'] === 'us_bank_account';
    const card = pmId ? CARDS[pmId] : undefined;
    if (!ach && !card)
      return error(400, 'invalid_request_error', `No such PaymentMethod: '${pmId}'`, {
        code: 'resource_missing',
        param: 'payment_method',
      });
    const pi: Intent = {
      id: id('pi'),
      object: 'payment_intent',
      amount: Number(form.amount),
      currency: form.currency,
      customer: form.customer ?? null,
      description: form.description ?? null,
      metadata: Object.fromEntries(
        Object.entries(form)
          .filter(([k]) => k.startsWith('metadata['))
          .map(([k, v]) => [k.slice(9, -1), v]),
      ),
      payment_method: pmId,
      payment_method_types: [ach ? 'us_bank_account' : 'card'],
      setup_future_usage: form.setup_future_usage ?? null,
      status: 'requires_confirmation',
      next_action: null,
      last_payment_error: null,
      latest_charge: null,
      created: Math.floor(Date.now() / 1000),
      livemode: false,
    };
    intents.set(pi.id, pi);
    // a card kept again on the Customer it was detached from
    if (pi.setup_future_usage && pi.customer) released.delete(`${pi.customer}|${pmId}`);
    if (ach) {
      pi.status = form['payment_method_data[us_bank_account][account_number]']?.endsWith('0000')
        ? 'requires_payment_method'
        : 'processing';
      return { status: 200, body: pi };
    }
    if (card!.behaviour === 'decline') {
      pi.status = 'requires_payment_method';
      pi.last_payment_error = {
        type: 'card_error',
        code: 'card_declined',
        decline_code: 'generic_decline',
        message: 'Your card was declined.',
      };
      return error(402, 'card_error', 'Your card was declined.', {
        code: 'card_declined',
        decline_code: 'generic_decline',
        payment_intent: pi,
      });
    }
    const authenticated = setUp.has(`${form.customer}|${pmId}`);
    if (card!.behaviour === '3ds-setup' && authenticated && form.off_session === 'true') {
      pi.status = 'succeeded';
      pi.latest_charge = id('ch');
      return { status: 200, body: pi };
    }
    if (card!.behaviour !== 'ok' && form.off_session === 'true') {
      // off-session, nobody can answer the bank (Stripe "off-session payments": authentication_required)
      pi.status = 'requires_payment_method';
      pi.last_payment_error = {
        type: 'card_error',
        code: 'authentication_required',
        message: 'Your card was declined. This transaction requires authentication.',
      };
      return error(402, 'card_error', pi.last_payment_error.message, {
        code: 'authentication_required',
        payment_intent: pi,
      });
    }
    if (card!.behaviour === '3ds' || card!.behaviour === '3ds-setup') {
      pi.status = 'requires_action';
      pi.next_action = {
        type: 'redirect_to_url',
        redirect_to_url: {
          url: `https://hooks.stripe.com/3d_secure_2/hosted?payment_intent=${pi.id}`,
          return_url: form.return_url,
        },
      };
      return { status: 200, body: pi };
    }
    pi.status = 'succeeded';
    pi.latest_charge = id('ch');
    return { status: 200, body: pi };
  }

  const server: Server = createServer(async (req, res) => {
    const url = new URL(req.url ?? '/', 'http://x');
    const body = await readBody(req);
    const key = req.headers['idempotency-key'] as string | undefined;
    fake.calls.push({
      method: req.method ?? '',
      path: url.pathname,
      idempotencyKey: key,
      auth: req.headers.authorization,
    });
    const send = ({ status, body: b }: { status: number; body: unknown }) => {
      res.writeHead(status, { 'content-type': 'application/json', 'request-id': id('req') });
      res.end(JSON.stringify(b));
    };
    if (fake.down) return send(error(503, 'api_error', 'Service unavailable'));
    if (req.headers.authorization !== 'Bearer sk_test_church')
      return send(error(401, 'invalid_request_error', 'Invalid API Key provided'));
    const form = parseForm(body);
    // Stripe refuses a key reused with other parameters (Stripe "Idempotent requests": 400 idempotency_error)
    const firstBody =
      key && req.method === 'POST' ? keyBodies.get(`${url.pathname}:${key}`) : undefined;
    if (firstBody !== undefined && firstBody !== body)
      return send(
        error(
          400,
          'idempotency_error',
          'Keys for idempotent requests can only be used with the same parameters they were first used with.',
        ),
      );
    if (key && req.method === 'POST') keyBodies.set(`${url.pathname}:${key}`, body);
    const replay =
      key && req.method === 'POST' ? idempotent.get(`${url.pathname}:${key}`) : undefined;
    const path = url.pathname;

    if (req.method === 'POST' && path === '/v1/payment_intents') {
      const fault = fake.failNextCreate;
      if (--fake.failTimes <= 0) fake.failNextCreate = null;
      if (fault === 'drop-before') return req.socket.destroy();
      if (!replay) fake.creates.push(form);
      // A replayed key answers exactly as the first time (Stripe "Idempotent requests").
      const answer = replay ?? createIntent(form);
      if (key && !replay) idempotent.set(`${path}:${key}`, JSON.parse(JSON.stringify(answer)));
      if (fault === 'drop-after') return req.socket.destroy();
      if (fault === '500-after') return send(error(500, 'api_error', 'An unknown error occurred'));
      return send(answer);
    }
    // the secret key's own account (`GET /v1/account`): what a church's key check reads
    if (req.method === 'GET' && path === '/v1/account')
      return send({
        status: 200,
        body: { id: 'acct_church', object: 'account', charges_enabled: true },
      });
    let m = /^\/v1\/payment_intents\/(pi_[\w]+)$/.exec(path);
    if (req.method === 'GET' && m) {
      const pi = intents.get(m[1]!);
      return send(
        pi
          ? { status: 200, body: pi }
          : error(404, 'invalid_request_error', 'No such payment_intent', {
              code: 'resource_missing',
            }),
      );
    }
    m = /^\/v1\/payment_intents\/(pi_[\w]+)\/cancel$/.exec(path);
    if (req.method === 'POST' && m) {
      const pi = intents.get(m[1]!);
      if (!pi) return send(error(404, 'invalid_request_error', 'No such payment_intent'));
      // Stripe cancels only an intent not yet paid
      if (pi.status === 'succeeded')
        return send(
          error(
            400,
            'invalid_request_error',
            'You cannot cancel this PaymentIntent because it has a status of succeeded.',
            { code: 'payment_intent_unexpected_state' },
          ),
        );
      pi.status = 'canceled';
      return send({ status: 200, body: pi });
    }
    if (req.method === 'GET' && path === '/v1/payment_intents/search') {
      const q = url.searchParams.get('query') ?? '';
      const wanted = /metadata\['pedido'\]:'([^']+)'/.exec(q)?.[1];
      const data = [...intents.values()].filter((pi) => wanted && pi.metadata.pedido === wanted);
      return send({
        status: 200,
        body: {
          object: 'search_result',
          data,
          has_more: false,
          next_page: null,
          url: '/v1/payment_intents/search',
        },
      });
    }
    m = /^\/v1\/payment_methods\/([\w]+)$/.exec(path);
    if (req.method === 'GET' && m) {
      const card = CARDS[m[1]!];
      if (!card)
        return send(
          error(404, 'invalid_request_error', `No such PaymentMethod: '${m[1]}'`, {
            code: 'resource_missing',
          }),
        );
      return send({
        status: 200,
        body: {
          id: m[1],
          object: 'payment_method',
          type: 'card',
          billing_details: { name: 'Ann Lee', email: null },
          card: {
            brand: card.brand,
            last4: card.last4,
            exp_month: 12,
            exp_year: 2034,
            funding: 'credit',
          },
        },
      });
    }
    if (req.method === 'POST' && path === '/v1/customers') {
      const answer = replay ?? {
        status: 200,
        body: { id: id('cus'), object: 'customer', email: form.email ?? null },
      };
      if (key && !replay) idempotent.set(`${path}:${key}`, answer);
      const made = (answer.body as { id: string }).id;
      if (!customers.has(made)) fake.customers.push(made);
      customers.add(made);
      return send(answer);
    }
    m = /^\/v1\/customers\/([\w]+)$/.exec(path);
    if (req.method === 'DELETE' && m) {
      // Stripe "Delete a customer": an unknown (or deleted) one is 404; its PaymentMethods go with it
      const cus = m[1]!;
      if (!customers.has(cus))
        return send(
          error(404, 'invalid_request_error', `No such customer: '${cus}'`, {
            code: 'resource_missing',
          }),
        );
      customers.delete(cus);
      for (const [pm, owner] of attached) if (owner === cus) attached.delete(pm);
      fake.deletedCustomers.push(cus);
      return send({ status: 200, body: { id: cus, object: 'customer', deleted: true } });
    }
    m = /^\/v1\/payment_methods\/([\w]+)\/attach$/.exec(path);
    if (req.method === 'POST' && m) {
      // Stripe "Attach a PaymentMethod to a Customer": an unknown one or another Customer's is refused
      const pm = m[1]!;
      const card = CARDS[pm];
      if (!card)
        return send(
          error(404, 'invalid_request_error', `No such PaymentMethod: '${pm}'`, {
            code: 'resource_missing',
          }),
        );
      if (!form.customer || !customers.has(form.customer))
        return send(error(400, 'invalid_request_error', `No such customer: '${form.customer}'`));
      const owner = attached.get(pm);
      if (owner && owner !== form.customer)
        return send(
          error(
            400,
            'invalid_request_error',
            'The payment method is attached to another customer.',
          ),
        );
      attached.set(pm, form.customer);
      return send({
        status: 200,
        body: {
          id: pm,
          object: 'payment_method',
          type: 'card',
          customer: form.customer,
          billing_details: { name: 'Ann Lee', email: null },
          card: { brand: card.brand, last4: card.last4, exp_month: 12, exp_year: 2034 },
        },
      });
    }
    m = /^\/v1\/payment_methods\/([\w]+)\/detach$/.exec(path);
    if (req.method === 'POST' && m) {
      // Stripe "Detach a PaymentMethod from a Customer": an unknown one is 404, one attached to no
      // Customer is refused (400)
      const pm = m[1]!;
      if (!CARDS[pm])
        return send(
          error(404, 'invalid_request_error', `No such PaymentMethod: '${pm}'`, {
            code: 'resource_missing',
          }),
        );
      const owner = ownerOf(pm);
      if (!owner)
        return send(
          error(
            400,
            'invalid_request_error',
            'The payment method you provided is not attached to a customer so detachment is impossible.',
          ),
        );
      attached.delete(pm);
      released.add(`${owner}|${pm}`);
      fake.detached.push({ paymentMethod: pm, customer: owner });
      const card = CARDS[pm]!;
      return send({
        status: 200,
        body: {
          id: pm,
          object: 'payment_method',
          type: 'card',
          customer: null,
          billing_details: { name: 'Ann Lee', email: null },
          card: { brand: card.brand, last4: card.last4, exp_month: 12, exp_year: 2034 },
        },
      });
    }
    if (req.method === 'POST' && path === '/v1/refunds') {
      const pi = intents.get(form.payment_intent ?? '');
      if (!pi || pi.status !== 'succeeded')
        return send(error(400, 'invalid_request_error', 'This PaymentIntent cannot be refunded'));
      const answer = replay ?? {
        status: 200,
        body: {
          id: id('re'),
          object: 'refund',
          amount: Number(form.amount ?? pi.amount),
          payment_intent: pi.id,
          status: 'succeeded',
        },
      };
      if (key && !replay) idempotent.set(`${path}:${key}`, answer);
      pi.refunded = true;
      return send(answer);
    }
    return send(
      error(404, 'invalid_request_error', `Unrecognized request URL (${req.method}: ${path})`),
    );
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  fake.url = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
  return fake;
}
