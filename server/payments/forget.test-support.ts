// What the tests of forgetting at the gateway share (forget-card.test.ts, forget-customer.test.ts):
// the fake Stripe and Zoop with the API pointed at them, grace live at Stripe and graca at Zoop,
// the scheduler's run of forgetCardsJob, and a Stripe card kept on /user/addcard.
import path from 'node:path';
import { eq } from 'drizzle-orm';
import { expect } from 'vitest';
import { parseConfig } from '../../common/config.ts';
import type { Api } from '../app.ts';
import { resetAccountSettings } from '../auth/settings.ts';
import type { Database } from '../db/client.ts';
import * as t from '../db/schema/index.ts';
import { createLocalFileStore } from '../files/local.ts';
import { createMailer } from '../mail/outbox.ts';
import { loginAs, setGatewayLive, type apiClient } from '../test-kit.ts';
import {
  FAKE_STRIPE_ACCOUNT,
  startFakeStripe,
  type FakeStripe,
} from './adapters/fake-stripe.test-support.ts';
import { startFakeZoop, type FakeZoop } from './adapters/fake-zoop.test-support.ts';
import { forgetCardsJob } from './forget-card.job.ts';

type Call = ReturnType<typeof apiClient>['call'];

export interface FakeGateways {
  stripe: FakeStripe;
  zoop: FakeZoop;
  close(): Promise<void>;
}

/** The fake Stripe and Zoop (one marketplace, one API key), with the API's addresses at them. */
export async function startFakeGateways(
  marketplace: string,
  apiKey: string,
): Promise<FakeGateways> {
  const stripe = await startFakeStripe();
  const zoop = await startFakeZoop(marketplace, apiKey);
  process.env.STRIPE_API_URL = stripe.url;
  process.env.ZOOP_API_URL = zoop.url;
  resetAccountSettings();
  return {
    stripe,
    zoop,
    async close() {
      await stripe.close();
      await zoop.close();
      delete process.env.STRIPE_API_URL;
      delete process.env.ZOOP_API_URL;
      resetAccountSettings();
    },
  };
}

/** grace live at the fake Stripe (by its admin), graca live at the fake Zoop (by its treasurer). */
export async function setFakeGatewaysLive(
  api: Api,
  call: Call,
  zoop: { marketplaceId: string; sellerId: string; apiKey: string; webhookSecret: string },
): Promise<void> {
  const admin = (await loginAs(api, 'admin@grace.demo')).token;
  const treasurer = (await loginAs(api, 'tesoureiro@graca.demo')).token;
  await setGatewayLive(call, admin, 'grace', 'stripe', { ...FAKE_STRIPE_ACCOUNT });
  await setGatewayLive(call, treasurer, 'graca', 'zoop', zoop);
}

/** The scheduler's run of forgetCardsJob at the given moment. */
export const forgetSweep = (db: Database, dataDir: string, now: Date) =>
  forgetCardsJob.run({
    db,
    now: () => now,
    workerId: 'test',
    settings: parseConfig(),
    mailer: createMailer({ dataDir }),
    files: createLocalFileStore(path.join(dataDir, 'files')),
  });

/** A Stripe.js PaymentMethod kept on /user/addcard at a live Stripe church: its saved card row. */
export async function addLiveStripeCard(
  call: Call,
  db: Database,
  churchId: number,
  token: string,
  pm: string,
): Promise<typeof t.savedCards.$inferSelect> {
  const tok = await call('POST', `/general/payment/church/${churchId}/card/gateway-token`, {
    token,
    body: { token: pm },
  });
  expect(tok.status, JSON.stringify(tok.body)).toBe(201);
  const saved = await call('POST', `/usuario-cartao-gateway-pagamento/?igreja=${churchId}`, {
    token,
    body: { token: tok.body.token },
  });
  expect(saved.status, JSON.stringify(saved.body)).toBe(201);
  const [row] = await db
    .select()
    .from(t.savedCards)
    .where(eq(t.savedCards.id, saved.body.cartao.id as number));
  expect(row).toMatchObject({ mode: 'live', gatewayId: 5 });
  return row!;
}
