// Charges the recurring gifts due now, once, outside the server (operators, and the two-process
// test of recurring.pg.test.ts): `DATABASE_URL=postgres://… node server/giving/recurring-worker.ts`.
// It claims gifts exactly as the server's job does, so it can run beside live servers.
// GIVING_HOLD_MS holds each claim that long (tests kill the process while it holds one);
// GIVING_STALL_AFTER_GATEWAY_MS stalls after a live gateway's answer, before our commit of it
// (recurring-live.pg.test.ts kills the process there).
import { parseConfig } from '../../common/config.ts';
import { openDatabase } from '../db/client.ts';
import { mailerFromSettings } from '../mail/outbox.ts';
import { liveHooks } from '../payments/live.ts';
import { chargeDueGifts } from './recurring.ts';

const url = process.env.DATABASE_URL;
if (!url) {
  console.error('DATABASE_URL is not set');
  process.exit(2);
}
const stall = Number(process.env.GIVING_STALL_AFTER_GATEWAY_MS ?? 0);
if (stall)
  liveHooks.afterGatewayAnswer = (answer) => {
    console.log(`gateway answered ${answer?.status ?? 'nothing'}`);
    Atomics.wait(new Int32Array(new SharedArrayBuffer(4)), 0, 0, stall); // the hook is synchronous
  };
const handle = await openDatabase(url);
const settings = parseConfig();
const outcomes = await chargeDueGifts(handle.db, new Date(), {
  settings,
  mailer: mailerFromSettings(settings),
  holdMs: Number(process.env.GIVING_HOLD_MS ?? 0) || undefined,
  onClaim: (id) => console.log(`claimed ${id}`),
});
for (const o of outcomes) console.log(`charged ${o.giftId} ${o.occurrence} ${o.status}`);
await handle.close();
