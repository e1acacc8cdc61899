// The yearly statement batches of the one scheduler (server/jobs/): a treasurer starts a batch,
// this job e-mails each giver of the year once (giving-statements.service.ts sendStatementBatches).
import { defineJob } from '../jobs/runner.ts';
import { sendStatementBatches } from './giving-statements.service.ts';

export const statementBatchesJob = defineJob({
  name: 'giving.statements',
  everyMs: 5_000,
  // Per giver the claim is a row lock and a unique row, so a lease that runs out is still safe.
  leaseMs: 10 * 60_000,
  async run({ db, mailer, settings }) {
    await sendStatementBatches(db, { mailer, settings, limit: 200 });
  },
});
