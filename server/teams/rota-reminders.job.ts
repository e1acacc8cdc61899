// Rota reminders two days before (docs/volunteers.md): each assignment is claimed once across
// nodes (the claim loop's SELECT … FOR UPDATE SKIP LOCKED) and its e-mail sent after the commit.
import { churchHomeUrl } from '../auth/church-link.ts';
import { defineJob } from '../jobs/runner.ts';
import { sendReminders } from './rotas.service.ts';

export const rotaRemindersJob = defineJob({
  name: 'rotas.remind',
  everyMs: 15 * 60_000,
  async run({ db, mailer, settings, now }) {
    await sendReminders(db, {
      mailer,
      settings,
      now: now(),
      origin: (code) => churchHomeUrl(code, settings),
    });
  },
});
