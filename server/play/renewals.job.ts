// The Play renewals job of the one scheduler (server/jobs/): every minute, renew what is due and
// lapse what ended (renewals.ts).
import { defineJob } from '../jobs/runner.ts';
import { renewDueSubscriptions } from './renewals.ts';

export const playRenewalsJob = defineJob({
  name: 'play.subscription-renewals',
  everyMs: 60_000,
  // Per subscription the claim is a row lock (renewals.ts), so a lease that runs out is still safe.
  leaseMs: 10 * 60_000,
  async run({ db, now, mailer, settings }) {
    await renewDueSubscriptions(db, now(), { mailer, settings });
  },
});
