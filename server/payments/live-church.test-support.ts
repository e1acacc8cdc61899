// A demo church whose gateway is live against a local fake of it (docs/payments.md "Connecting a
// gateway"): the fake started and the adapter pointed at it, a test database with the API over
// it, the church's admin and member logged in, and the gateway connected as its admin does on
// /admin/gateways. The live tests of giving, Play and payments share it (tests/README.md).
import { eq } from 'drizzle-orm';
import { expect } from 'vitest';
import { createApi, type Api } from '../app.ts';
import { resetAccountSettings } from '../auth/settings.ts';
import type { Database, DatabaseHandle } from '../db/client.ts';
import * as t from '../db/schema/index.ts';
import { openTestDatabase, type TestBackend } from '../db/test-database.ts';
import { apiClient, loginAs, type ApiResponse } from '../test-kit.ts';
import {
  startFakeCardConnect,
  type FakeCardConnect,
} from './adapters/fake-cardconnect.test-support.ts';
import { startFakePicPay, type FakePicPay } from './adapters/fake-picpay.test-support.ts';
import {
  FAKE_STRIPE_ACCOUNT,
  startFakeStripe,
  type FakeStripe,
} from './adapters/fake-stripe.test-support.ts';

/** The CardConnect account the live tests connect (a test may name its own credentials). */
export const CARDCONNECT_ACCOUNT = {
  merchantId: '496160873888',
  username: 'api-user',
  password: 'api-pass-0123',
};
/** The PicPay account the live tests connect at graca. */
export const PICPAY_ACCOUNT = {
  picpayToken: 'picpay-token-graca-0001',
  sellerToken: 'seller-token-graca-0001',
};

interface Fakes {
  stripe: FakeStripe;
  cardconnect: FakeCardConnect;
  picpay: FakePicPay;
}
export type LiveGateway = keyof Fakes;

/** The church's admin and member; grace is an en_US church, graca a pt_BR one. */
const PEOPLE = {
  grace: { admin: 'admin@grace.demo', member: 'member@grace.demo' },
  graca: { admin: 'lider@graca.demo', member: 'membro@graca.demo' },
} as const;

const GATEWAYS = {
  stripe: {
    env: 'STRIPE_API_URL',
    start: () => startFakeStripe(),
    credentials: FAKE_STRIPE_ACCOUNT as Record<string, string>,
    cardGatewayId: null,
  },
  cardconnect: {
    env: 'CARDCONNECT_API_URL',
    start: (c: Record<string, string>) =>
      startFakeCardConnect(c.merchantId!, c.username!, c.password!),
    credentials: CARDCONNECT_ACCOUNT as Record<string, string>,
    // the church takes cards through CardConnect (gateway 1) instead of its sandbox card gateway
    cardGatewayId: 1,
  },
  picpay: {
    env: 'PICPAY_API_URL',
    start: (c: Record<string, string>) => startFakePicPay(c.picpayToken!),
    credentials: PICPAY_ACCOUNT as Record<string, string>,
    cardGatewayId: null,
  },
} as const;

export interface LiveChurchOptions {
  church?: keyof typeof PEOPLE;
  /** The credentials the fake knows and the admin connects (default: the accounts above). */
  credentials?: Record<string, string>;
  /** Connect the gateway in `open` (default true); false leaves the church on its sandbox. */
  connect?: boolean;
  /** The Accept-Language of `call` (default 'en'). */
  lang?: string;
}

/**
 * Call `open(backend)` in a beforeAll (or `open(() => a database of your own)`) and `close()` in
 * the afterAll; the fields are set by `open`.
 */
export function liveChurch<G extends LiveGateway>(gateway: G, options: LiveChurchOptions = {}) {
  const slug = options.church ?? 'grace';
  const people = PEOPLE[slug];
  const spec = GATEWAYS[gateway];
  const credentials = options.credentials ?? spec.credentials;
  const c = {
    slug,
    credentials,
    fake: undefined as unknown as Fakes[G],
    database: undefined as unknown as DatabaseHandle,
    api: undefined as unknown as Api,
    churchId: 0,
    /** The member's user id. */
    userId: 0,
    /** The member's and the admin's access tokens. */
    member: '',
    admin: '',
    /** The admin's answer when the gateway was connected (undefined when `connect: false`). */
    connected: undefined as ApiResponse | undefined,
    db: (): Database => c.database.db,
    call: apiClient((): Api => c.api, { lang: options.lang ?? 'en' }).call,
    async open(source: TestBackend | (() => Promise<DatabaseHandle>)): Promise<void> {
      c.fake = (await spec.start(credentials)) as Fakes[G];
      process.env[spec.env] = c.fake.url;
      resetAccountSettings();
      c.database = typeof source === 'function' ? await source() : await openTestDatabase(source);
      c.api = createApi({ db: c.database.db });
      c.admin = (await loginAs(c.api, people.admin)).token;
      c.member = (await loginAs(c.api, people.member)).token;
      const [church] = await c.db().select().from(t.churches).where(eq(t.churches.code, slug));
      c.churchId = church!.id;
      const [user] = await c.db().select().from(t.users).where(eq(t.users.email, people.member));
      c.userId = user!.id;
      if (options.connect !== false) await connect();
    },
    /** Closes the database and the fake; puts the settings back. */
    async close(): Promise<void> {
      await c.database?.close();
      await c.fake?.close();
      delete process.env[spec.env];
      resetAccountSettings();
    },
  };
  async function connect(): Promise<void> {
    if (spec.cardGatewayId !== null) {
      const methods = await c.call('PUT', `/admin/${slug}/gateways-metodos`, {
        token: c.admin,
        body: { metodos: [{ codigo: 'cartao', idGatewayPagamento: spec.cardGatewayId }] },
      });
      expect(methods.status, JSON.stringify(methods.body)).toBe(200);
    }
    c.connected = await c.call('PUT', `/admin/${slug}/gateways/${gateway}`, {
      token: c.admin,
      body: { modo: 'live', credenciais: credentials },
    });
    expect(c.connected.status, JSON.stringify(c.connected.body)).toBe(200);
  }
  return c;
}

export type LiveChurch<G extends LiveGateway> = ReturnType<typeof liveChurch<G>>;
