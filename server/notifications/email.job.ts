// The e-mail announcements of the one scheduler (server/jobs/): every send in progress, a batch
// of recipients per commit (email-sends.service.ts workEmailSends), on every node at once.
import { servingRequests } from '../http/traffic.ts';
import { defineJob } from '../jobs/runner.ts';
import { workEmailSends } from './email-sends.service.ts';

export const emailSendsJob = defineJob({
  name: 'notifications.email',
  everyMs: 5_000,
  // Each recipient is claimed in its own commit before its message goes, so a lease that runs out
  // lets another node help with the rest, never send the same message again.
  leaseMs: 10 * 60_000,
  async run({ db, mailer, settings }) {
    // a rest of 25 ms after each message keeps public pages' p95 within 2× while a big send runs
    // (bench/email-send.ts: ~80 messages/s, 20,000 in about 4 minutes); only while requests come in
    await workEmailSends(db, { mailer, settings, restMs: 25, busy: servingRequests });
  },
});
