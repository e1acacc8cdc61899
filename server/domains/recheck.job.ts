// Verified host names are re-checked once a day (docs/deploy.md "Own domains and HTTPS"): a name
// whose DNS proof is gone for FAILURES_TO_PENDING checks in a row goes back to pending and stops
// being served. The runner's lease makes one run across all nodes.
import { defineJob } from '../jobs/runner.ts';
import { log } from '../log.ts';
import { recheckHostnames } from './domains.service.ts';

export const DAY_MS = 24 * 60 * 60_000;

export const hostnameRecheckJob = defineJob({
  name: 'domains.recheck',
  everyMs: DAY_MS,
  leaseMs: 30 * 60_000, // many names at up to 2 × 3 s each, 8 at a time
  async run({ db, now, settings, changes }) {
    const summary = await recheckHostnames({ db, now, settings, changes });
    if (summary.checked) log.info(summary, 'host names re-checked');
  },
});
