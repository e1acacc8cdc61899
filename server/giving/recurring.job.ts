// The recurring-gift job of the one scheduler (server/jobs/): every minute, charge what is due.
import { defineJob } from '../jobs/runner.ts';
import { chargeDueGifts } from './recurring.ts';

export const recurringGiftsJob = defineJob({
  name: 'giving.recurring-charges',
  everyMs: 60_000,
  // Per gift the claim is a row lock (recurring.ts), so a lease that runs out is still safe.
  leaseMs: 10 * 60_000,
  async run({ db, now, mailer, settings }) {
    await chargeDueGifts(db, now(), { mailer, settings });
  },
});
