// Renews the Play subscriptions due now, once, outside the server (operators, and the two-process
// test of renewals.pg.test.ts): `DATABASE_URL=postgres://… node server/play/renewals-worker.ts`.
// It claims subscriptions exactly as the server's job does, so it can run beside live servers.
// PLAY_HOLD_MS holds each claim that long (tests kill the process while it holds one).
import { parseConfig } from '../../common/config.ts';
import { openDatabase } from '../db/client.ts';
import { mailerFromSettings } from '../mail/outbox.ts';
import { renewDueSubscriptions } from './renewals.ts';

const url = process.env.DATABASE_URL;
if (!url) {
  console.error('DATABASE_URL is not set');
  process.exit(2);
}
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
