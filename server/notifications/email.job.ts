// The e-mail announcements of the one scheduler (server/jobs/): every send in progress, a batch
// of recipients per commit (email-sends.service.ts workEmailSends), on every node at once.
import { backgroundPace } from '../http/traffic.ts';
import { defineJob } from '../jobs/runner.ts';
import { workEmailSends } from './email-sends.service.ts';

export const emailSendsJob = defineJob({
  name: 'notifications.email',
  everyMs: 5_000,
  // Each recipient is claimed in its own commit before its message goes, so a lease that runs out
  // lets another node help with the rest, never send the same message again.
  leaseMs: 10 * 60_000,
  async run({ db, mailer, settings }) {
    // the process's background pace, shared with a notice's pushes: while requests are being
    // answered, turns and a rest of 25 ms after each message keep public pages' p95 within 2×
    // (bench/staff-work.ts, bench/email-send.ts); at full speed when nobody is being answered
    await workEmailSends(db, { mailer, settings, pace: backgroundPace });
  },
});
