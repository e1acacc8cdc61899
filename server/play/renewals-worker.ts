// Renews the Play subscriptions due now, once, outside the server (operators, and the two-process
// test of renewals.pg.test.ts): `DATABASE_URL=postgres://… node server/play/renewals-worker.ts`.
// PLAY_HOLD_MS and PLAY_STALL_AFTER_GATEWAY_MS are read by the shared bootstrap
// (server/jobs/claim-worker.ts; renewals-live.pg.test.ts kills the process in the stall).
import { runClaimWorker } from '../jobs/claim-worker.ts';
import { renewDueSubscriptions } from './renewals.ts';

await runClaimWorker(
  'PLAY',
  renewDueSubscriptions,
  (o) => `renewed ${o.subscriptionId} ${o.period} ${o.status}`,
);
