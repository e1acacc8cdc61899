// Puts back in the queue the removals of deleted cards and members' customers a gateway did not
// take (docs/payments.md "Saved cards"; the waits and the giving up are in forget-card.task.ts).
import { defineJob } from '../jobs/runner.ts';
import { retryFailedForgetCards } from './forget-card.task.ts';

export const forgetCardsJob = defineJob({
  name: 'payments.forget-cards',
  everyMs: 5 * 60_000,
  async run({ db, now }) {
    await retryFailedForgetCards(db, now());
  },
});
