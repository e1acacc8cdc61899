// Scheduled publishing (docs/staff.md "Content"): every 15 s, each scheduled item whose time has
// come is published once, whichever node runs the job (rows claimed with SKIP LOCKED).
import { defineJob } from '../jobs/runner.ts';
import { publishDue } from './content-publishing.ts';

export const publishScheduledJob = defineJob({
  name: 'content.publish-scheduled',
  everyMs: 15_000,
  async run({ db, mailer, settings, changes }) {
    await publishDue(db, { mailer, settings, changes });
  },
});
