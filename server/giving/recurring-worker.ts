// Charges the recurring gifts due now, once, outside the server (operators, and the two-process
// test of recurring.pg.test.ts): `DATABASE_URL=postgres://… node server/giving/recurring-worker.ts`.
// It claims gifts exactly as the server's job does, so it can run beside live servers.
// GIVING_HOLD_MS holds each claim that long (tests kill the process while it holds one).
import { parseConfig } from '../../common/config.ts';
import { openDatabase } from '../db/client.ts';
import { mailerFromSettings } from '../mail/outbox.ts';
import { chargeDueGifts } from './recurring.ts';

const url = process.env.DATABASE_URL;
if (!url) {
  console.error('DATABASE_URL is not set');
  process.exit(2);
}
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
