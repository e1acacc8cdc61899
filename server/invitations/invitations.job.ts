// Invitation e-mails that waited for a church's daily allowance (docs/invitations.md "Limits") go
// out as the allowance frees up: each church's oldest waiting invitations, with links to its own
// address. The claim of each e-mail is a per-church lock, so two nodes never pass the allowance.
import { churchHomeUrl } from '../auth/church-link.ts';
import { defineJob } from '../jobs/runner.ts';
import { churchesWithWaiting, sendWaiting } from './invitation-sends.service.ts';

export const invitationsJob = defineJob({
  name: 'invitations.send',
  everyMs: 60_000,
  async run({ db, mailer, settings, now }) {
    for (const church of await churchesWithWaiting(db))
      await sendWaiting(db, mailer, church.id, churchHomeUrl(church.code, settings), now());
  },
});
