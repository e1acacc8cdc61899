// One pass of a claim job from the command line, outside the server (docs/giving.md "Recurring
// gifts", docs/play.md): the bootstrap the recurring-gift and Play-renewal worker scripts share.
// It claims rows exactly as the server's job does (claim.ts), so it can run beside live servers.
// `<PREFIX>_HOLD_MS` holds each claim that long (tests kill the process while it holds one);
// `<PREFIX>_STALL_AFTER_GATEWAY_MS` stalls after a live gateway's answer, before our commit of it.
import { parseConfig } from '../../common/config.ts';
import { openDatabase, type Database } from '../db/client.ts';
import { mailerFromSettings } from '../mail/outbox.ts';
import { liveHooks } from '../payments/live.ts';
import type { ClaimOptions } from './claim.ts';

export async function runClaimWorker<Outcome>(
  prefix: string,
  pass: (db: Database, now: Date, options: ClaimOptions) => Promise<Outcome[]>,
  line: (outcome: Outcome) => string,
): Promise<void> {
  const url = process.env.DATABASE_URL;
  if (!url) {
    console.error('DATABASE_URL is not set');
    process.exit(2);
  }
  const stall = Number(process.env[`${prefix}_STALL_AFTER_GATEWAY_MS`] ?? 0);
  if (stall)
    liveHooks.afterGatewayAnswer = (answer) => {
      console.log(`gateway answered ${answer?.status ?? 'nothing'}`);
      Atomics.wait(new Int32Array(new SharedArrayBuffer(4)), 0, 0, stall); // the hook is synchronous
    };
  const handle = await openDatabase(url);
  const settings = parseConfig();
  const outcomes = await pass(handle.db, new Date(), {
    settings,
    mailer: mailerFromSettings(settings),
    holdMs: Number(process.env[`${prefix}_HOLD_MS`] ?? 0) || undefined,
    onClaim: (id) => console.log(`claimed ${id}`),
  });
  for (const o of outcomes) console.log(line(o));
  await handle.close();
}
