// Charges the recurring gifts due now, once, outside the server (operators, and the two-process
// test of recurring.pg.test.ts): `DATABASE_URL=postgres://… node server/giving/recurring-worker.ts`.
// GIVING_HOLD_MS and GIVING_STALL_AFTER_GATEWAY_MS are read by the shared bootstrap
// (server/jobs/claim-worker.ts; recurring-live.pg.test.ts kills the process in the stall).
import { runClaimWorker } from '../jobs/claim-worker.ts';
import { chargeDueGifts } from './recurring.ts';

await runClaimWorker(
  'GIVING',
  chargeDueGifts,
  (o) => `charged ${o.giftId} ${o.occurrence} ${o.status}`,
);
