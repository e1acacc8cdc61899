// A church's accounts at the gateways (docs/payments.md "Connecting a gateway"): credentials
// sealed under PAYMENT_KEY and bound to the church, shown back only as their last four
// characters, never logged; the live adapter of a gateway is built from them per call.
import { and, asc, eq } from 'drizzle-orm';
import {
  GATEWAY_FIELDS,
  GATEWAY_IDS,
  type GatewayAccountInput,
  type GatewayAccounts,
  type GatewayName,
} from '../../contract/gateways.ts';
import { accountSettings } from '../auth/settings.ts';
import { churchHomeUrl } from '../auth/church-link.ts';
import type { Db } from '../db/client.ts';
import * as t from '../db/schema/index.ts';
import { ApiProblem, fieldProblem } from '../http/errors.ts';
import { staffWrite, type StaffWriteDeps } from '../staff/write.ts';
import type { StaffActor } from '../staff/audit.ts';
import { GATEWAYS, gatewaySupports, isGatewayId, type GatewayId } from './gateways.ts';
import { stripeAdapter, type StripeCredentials } from './adapters/stripe.ts';
import { GatewayUnavailable, type GatewayAdapter } from './adapters/types.ts';
import { picpayAdapter, type PicPayCredentials } from './adapters/picpay.ts';
import { zoopAdapter, type ZoopCredentials } from './adapters/zoop.ts';
import { cardconnectAdapter, type CardConnectCredentials } from './adapters/cardconnect.ts';
import { open, paymentKey, seal } from './secret-box.ts';
import { churchPixKey, pixKeyView } from './pix-keys.ts';
import type { PaymentMethodCode } from './fees.ts';
import { log } from '../log.ts';

type Credentials = Record<string, string>;
type AdapterFactory = (credentials: Credentials, apiUrl: string | undefined) => GatewayAdapter;

/** The live adapters there are; a gateway missing here stays on the sandbox even when set live. */
export const ADAPTERS: Partial<Record<GatewayName, AdapterFactory>> = {
  stripe: (c, url) => stripeAdapter(c as unknown as StripeCredentials, url),
  picpay: (c, url) => picpayAdapter(c as unknown as PicPayCredentials, url),
  zoop: (c, url) => zoopAdapter(c as unknown as ZoopCredentials, url),
  cardconnect: (c, url) => cardconnectAdapter(c as unknown as CardConnectCredentials, url),
};

const apiUrlOf = (name: GatewayName): string | undefined => {
  const s = accountSettings();
  return {
    stripe: s.STRIPE_API_URL,
    zoop: s.ZOOP_API_URL,
    picpay: s.PICPAY_API_URL,
    cardconnect: s.CARDCONNECT_API_URL,
  }[name];
};

/** The name a church knows the gateway by, and the credentials a refused key check points at. */
const KEY_CHECK: Record<GatewayName, { label: string; field: string; account?: string }> = {
  stripe: { label: 'Stripe', field: 'secretKey' },
  zoop: { label: 'Zoop', field: 'apiKey', account: 'sellerId' },
  picpay: { label: 'PicPay', field: 'picpayToken' },
  cardconnect: { label: 'CardConnect', field: 'username' },
};

/**
 * The gateways whose live keys are tried when saved (their adapter's checkAccount). PicPay and
 * CardConnect have no call that reads an account without charging, so the staff page says plainly
 * that their keys are not checked (docs/payments.md "Each gateway's account").
 */
const KEYS_CHECKED: readonly GatewayName[] = ['stripe', 'zoop'];

const context = (churchId: number, gatewayId: number) => `igreja:${churchId}:gateway:${gatewayId}`;
const key = () => paymentKey(accountSettings());

export const nameOf = (gatewayId: GatewayId): GatewayName => GATEWAYS[gatewayId].name;

/** The church's credentials at a gateway (decrypted), or null when it has none or is on the sandbox. */
export async function liveCredentials(
  db: Db,
  churchId: number,
  gatewayId: GatewayId,
): Promise<Credentials | null> {
  const [row] = await db
    .select({ mode: t.churchGateways.mode, sealed: t.churchGateways.sealed })
    .from(t.churchGateways)
    .where(and(eq(t.churchGateways.churchId, churchId), eq(t.churchGateways.gatewayId, gatewayId)));
  if (!row || row.mode !== 'live' || !row.sealed) return null;
  try {
    return JSON.parse(open(key(), row.sealed, context(churchId, gatewayId))) as Credentials;
  } catch {
    // Never fall back to the sandbox for a live church: it would "approve" without money.
    log.error(
      `[payments] church ${churchId} gateway ${gatewayId}: credentials cannot be opened (PAYMENT_KEY changed?)`,
    );
    throw new ApiProblem(503, 'pay.gatewayNotConfigured');
  }
}

/** Where a live gateway sends its webhooks for this church (docs/payments.md "Webhooks"). */
export function webhookUrl(churchCode: string, churchId: number, gatewayId: number): string {
  const name = isGatewayId(gatewayId) ? GATEWAYS[gatewayId].name : String(gatewayId);
  return `${churchHomeUrl(churchCode, accountSettings(), 'https')}/api/v1/webhooks/${name}?igreja=${churchId}`;
}

/** The adapter of a gateway for these credentials, at its API address; null: no adapter yet. */
const adapterFrom = (name: GatewayName, credentials: Credentials): GatewayAdapter | null =>
  ADAPTERS[name]?.(credentials, apiUrlOf(name)) ?? null;

/** The live adapter of the church's account at this gateway; null: the sandbox answers. */
export async function liveAdapter(
  db: Db,
  churchId: number,
  gatewayId: GatewayId,
): Promise<GatewayAdapter | null> {
  const name = nameOf(gatewayId);
  if (!ADAPTERS[name]) return null;
  const credentials = await liveCredentials(db, churchId, gatewayId);
  return credentials ? adapterFrom(name, credentials) : null;
}

/** The adapter of a checked payment's gateway when the church set it live; null: the sandbox. */
export async function liveAdapterFor(
  db: Db,
  churchId: number,
  checked: { method: PaymentMethodCode; gatewayId: number | null },
): Promise<GatewayAdapter | null> {
  if (checked.method === 'gratuito' || !isGatewayId(checked.gatewayId)) return null;
  return liveAdapter(db, churchId, checked.gatewayId);
}

/**
 * The adapter of the church's account at this gateway from its stored credentials, live or not
 * (null: none stored, or some missing). Only for removing a deleted saved card or member's customer
 * from the account it was kept at, also after the church went back to the sandbox (docs/payments.md
 * "Saved cards"); charges go through `liveAdapter`.
 */
export async function storedAccountAdapter(
  db: Db,
  churchId: number,
  gatewayId: GatewayId,
): Promise<GatewayAdapter | null> {
  const name = nameOf(gatewayId);
  if (!ADAPTERS[name]) return null;
  const credentials = await liveOrStoredCredentials(db, churchId, gatewayId);
  if (!credentials || GATEWAY_FIELDS[name].some((f) => !credentials[f.key])) return null;
  return adapterFrom(name, credentials);
}

/** Last four characters of a value, the only part shown back. */
export const lastFour = (value: string): string =>
  value.length <= 4 ? '•'.repeat(value.length) : value.slice(-4);

/** GET /admin/{slug}/gateways: every gateway with its mode and masked credentials, and the methods' gateways. */
export async function listGatewayAccounts(
  db: Db,
  church: { id: number; code: string },
): Promise<GatewayAccounts> {
  const rows = await db
    .select()
    .from(t.churchGateways)
    .where(eq(t.churchGateways.churchId, church.id));
  const methods = await db
    .select()
    .from(t.churchPaymentMethods)
    .where(eq(t.churchPaymentMethods.churchId, church.id))
    .orderBy(asc(t.churchPaymentMethods.position), asc(t.churchPaymentMethods.id));
  return {
    gateways: (Object.keys(GATEWAY_FIELDS) as GatewayName[]).map((name) => {
      const id = GATEWAY_IDS[name];
      const row = rows.find((r) => r.gatewayId === id);
      return {
        gateway: name,
        idGatewayPagamento: id,
        metodos: [...GATEWAYS[id as GatewayId].methods],
        modo: row?.mode ?? 'sandbox',
        campos: GATEWAY_FIELDS[name].map((f) => ({
          campo: f.key,
          secreto: f.secret,
          final: row?.hints[f.key] ?? null,
        })),
        urlWebhook: webhookUrl(church.code, church.id, id),
        atualizadoEm: row?.updatedAt.toISOString() ?? null,
        chavesConferidas: KEYS_CHECKED.includes(name),
      };
    }),
    metodos: methods
      .filter((m) => !['dinheiro', 'transferencia', 'gratuito'].includes(m.code))
      .map((m) => ({
        codigo: m.code,
        nome: m.name,
        idGatewayPagamento: m.gatewayId,
        ativo: m.active,
      })),
    chavePix: pixKeyView(await churchPixKey(db, church.id)),
  };
}

/** PUT /admin/{slug}/gateways/{gateway}: merges the credentials given, seals them, sets the mode. */
export async function saveGatewayAccount(
  deps: StaffWriteDeps,
  actor: StaffActor,
  name: GatewayName,
  input: GatewayAccountInput,
): Promise<void> {
  const gatewayId = GATEWAY_IDS[name] as GatewayId;
  const fields = GATEWAY_FIELDS[name];
  const unknown = Object.keys(input.credenciais).filter((k) => !fields.some((f) => f.key === k));
  if (unknown.length)
    throw fieldProblem(400, `credenciais.${unknown[0]}`, 'pay.gatewayNotConfigured');
  const current = (await liveOrStoredCredentials(deps.db, actor.churchId, gatewayId)) ?? {};
  const merged: Credentials = { ...current };
  for (const [k, v] of Object.entries(input.credenciais)) if (v) merged[k] = v;
  // A live mode without an adapter would leave the sandbox approving real orders.
  if (input.modo === 'live' && !ADAPTERS[name])
    throw fieldProblem(422, 'modo', 'pay.gatewayNoLive');
  if (input.modo === 'live') {
    const missing = fields.filter((f) => !merged[f.key]);
    if (missing.length)
      throw new ApiProblem(
        422,
        'pay.gatewayNotConfigured',
        Object.fromEntries(
          missing.map((f) => [`credenciais.${f.key}`, ['pay.gatewayNotConfigured']]),
        ),
      );
  }
  if (input.modo === 'live') await checkKeys(actor.churchId, name, merged);
  const hints = Object.fromEntries(Object.entries(merged).map(([k, v]) => [k, lastFour(v)]));
  const sealed = Object.keys(merged).length
    ? seal(key(), JSON.stringify(merged), context(actor.churchId, gatewayId))
    : null;
  await staffWrite(
    deps,
    actor,
    {
      action: 'gateways.save',
      kind: 'igreja_gateway',
      targetId: name,
      // the audit names the fields that changed, never their values
      summary: `${name} ${input.modo}`,
      details: { campos: Object.keys(input.credenciais).filter((k) => input.credenciais[k]) },
    },
    async (tx) => {
      const now = new Date();
      await tx
        .insert(t.churchGateways)
        .values({
          churchId: actor.churchId,
          gatewayId,
          mode: input.modo,
          sealed,
          hints,
          updatedAt: now,
        })
        .onConflictDoUpdate({
          target: [t.churchGateways.churchId, t.churchGateways.gatewayId],
          set: { mode: input.modo, sealed, hints, updatedAt: now },
        });
    },
    { purge: false },
  );
}

/**
 * Live keys are tried at the gateway before they are stored (docs/payments.md "Each gateway's
 * account"): refused → 422 on the key, no answer → 503; either way nothing is saved.
 */
async function checkKeys(churchId: number, name: GatewayName, credentials: Credentials) {
  const adapter = adapterFrom(name, credentials);
  if (!adapter?.checkAccount) return;
  const { label, field, account } = KEY_CHECK[name];
  let answer: Awaited<ReturnType<NonNullable<GatewayAdapter['checkAccount']>>>;
  try {
    answer = await adapter.checkAccount();
  } catch (error) {
    if (!(error instanceof GatewayUnavailable)) throw error;
    log.warn(`[payments] church ${churchId}: ${name} key check unanswered: ${error.message}`);
    throw new ApiProblem(503, 'pay.gatewayKeysUnchecked', undefined, { gateway: label });
  }
  if (answer === 'refused')
    throw fieldProblem(422, `credenciais.${field}`, 'pay.gatewayKeysRefused', { gateway: label });
  if (answer === 'unknownAccount')
    throw fieldProblem(422, `credenciais.${account ?? field}`, 'pay.gatewayAccountUnknown', {
      gateway: label,
    });
}

async function liveOrStoredCredentials(db: Db, churchId: number, gatewayId: GatewayId) {
  const [row] = await db
    .select({ sealed: t.churchGateways.sealed })
    .from(t.churchGateways)
    .where(and(eq(t.churchGateways.churchId, churchId), eq(t.churchGateways.gatewayId, gatewayId)));
  return row?.sealed
    ? (JSON.parse(open(key(), row.sealed, context(churchId, gatewayId))) as Credentials)
    : null;
}

/** PUT /admin/{slug}/gateways-metodos: which gateway takes each method (only one that supports it). */
export async function setMethodGateways(
  deps: StaffWriteDeps,
  actor: StaffActor,
  methods: { codigo: PaymentMethodCode; idGatewayPagamento: number }[],
): Promise<void> {
  methods.forEach((m, i) => {
    if (!isGatewayId(m.idGatewayPagamento) || !gatewaySupports(m.idGatewayPagamento, m.codigo))
      throw fieldProblem(422, `metodos.${i}.idGatewayPagamento`, 'pay.methodUnavailable');
  });
  await staffWrite(
    deps,
    actor,
    {
      action: 'gateways.methods',
      kind: 'igreja_metodo_pagamento',
      summary: methods
        .map((m) => `${m.codigo}→${nameOf(m.idGatewayPagamento as GatewayId)}`)
        .join(', '),
    },
    async (tx) => {
      for (const m of methods)
        await tx
          .update(t.churchPaymentMethods)
          .set({ gatewayId: m.idGatewayPagamento })
          .where(
            and(
              eq(t.churchPaymentMethods.churchId, actor.churchId),
              eq(t.churchPaymentMethods.code, m.codigo),
            ),
          );
    },
  );
}
