// Renews the Play subscriptions due now, once, outside the server (operators, and the two-process
// test of renewals.pg.test.ts): `DATABASE_URL=postgres://… node server/play/renewals-worker.ts`.
// It claims subscriptions exactly as the server's job does, so it can run beside live servers.
// PLAY_HOLD_MS holds each claim that long (tests kill the process while it holds one);
// PLAY_STALL_AFTER_GATEWAY_MS stalls after a live gateway's answer, before our commit of it
// (renewals-live.pg.test.ts kills the process there).
import { parseConfig } from '../../common/config.ts';
import { openDatabase } from '../db/client.ts';
import { mailerFromSettings } from '../mail/outbox.ts';
import { liveHooks } from '../payments/live.ts';
import { renewDueSubscriptions } from './renewals.ts';

const url = process.env.DATABASE_URL;
if (!url) {
  console.error('DATABASE_URL is not set');
  process.exit(2);
}
const stall = Number(process.env.PLAY_STALL_AFTER_GATEWAY_MS ?? 0);
if (stall)
  liveHooks.afterGatewayAnswer = (answer) => {
    console.log(`gateway answered ${answer?.status ?? 'nothing'}`);
    Atomics.wait(new Int32Array(new SharedArrayBuffer(4)), 0, 0, stall); // the hook is synchronous
  };
const handle = await openDatabase(url);
const settings = parseConfig();
const outcomes = await renewDueSubscriptions(handle.db, new Date(), {
  settings,
  mailer: mailerFromSettings(settings),
  holdMs: Number(process.env.PLAY_HOLD_MS ?? 0) || undefined,
  onClaim: (id) => console.log(`claimed ${id}`),
});
for (const o of outcomes) console.log(`renewed ${o.subscriptionId} ${o.period} ${o.status}`);
await handle.close();
