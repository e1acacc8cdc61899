// Every background job of the product, run by the one scheduler (runner.ts). A feature adds its
// job here with one line; server/runtime.ts starts the runner in every process.
import { churchesWithOverduePayments, expireOverduePix } from '../payments/expiry.ts';
import { defineJob, type Job } from './runner.ts';
import { recurringGiftsJob } from '../giving/recurring.job.ts';
import { playRenewalsJob } from '../play/renewals.job.ts';
import { playAbandonedUploadsJob } from '../play/abandoned-uploads.job.ts';
import { pgliteVacuumJob } from '../db/vacuum.job.ts';
import { publishScheduledJob } from '../content/publish-scheduled.job.ts';
import { statementBatchesJob } from '../giving/statements.job.ts';
import { reconcileGatewaysJob } from '../payments/reconcile.job.ts';
import { tasksJob, type TaskDef } from './tasks.ts';
import { importTask } from '../imports/import.task.ts';
import { transcodeTask } from '../play/transcode.task.ts';
import { paidMailTask } from '../payments/paid-mail.task.ts';
import { forgetCardTask } from '../payments/forget-card.task.ts';
import { forgetCustomerTask } from '../payments/forget-customer.task.ts';
import { forgetCardsJob } from '../payments/forget-card.job.ts';
import { endNoticeTask } from '../play/end-notice.ts';
import { BACKUP_JOBS } from '../backup/backup.job.ts';
import { invitationsJob } from '../invitations/invitations.job.ts';
import { hostnameRecheckJob } from '../domains/recheck.job.ts';
import { exportTask } from '../exports/export.service.ts';
import { churchLifecycleJob } from '../exports/deletion.service.ts';
import { rotaRemindersJob } from '../teams/rota-reminders.job.ts';
import { emailSendsJob } from '../notifications/email.job.ts';
import { eventRemindersJob } from '../notifications/event-mail.ts';
import { pushTask } from '../notifications/push.task.ts';
import { liveNoticesJob } from '../notifications/live-notice.ts';
import { scheduledNoticesJob } from '../notifications/scheduled-notices.ts';

/** spec §4: unpaid Pix codes and abandoned card challenges are cancelled and free their seats. */
export const overduePaymentsJob = defineJob({
  name: 'payments.expire-overdue',
  everyMs: 15_000,
  async run({ db, now }) {
    for (const churchId of await churchesWithOverduePayments(db, now()))
      await expireOverduePix(db, churchId, now(), 'await'); // and cancelled at a live gateway
  },
});

/** Every kind of the task queue (tasks.ts); a feature adds its `defineTask` here with one line. */
export const TASKS: readonly TaskDef[] = [
  transcodeTask,
  importTask as TaskDef,
  paidMailTask as TaskDef,
  forgetCardTask as TaskDef,
  forgetCustomerTask as TaskDef,
  endNoticeTask as TaskDef,
  exportTask as TaskDef,
  pushTask as TaskDef,
];

export const JOBS: readonly Job[] = [
  overduePaymentsJob,
  recurringGiftsJob,
  playRenewalsJob,
  playAbandonedUploadsJob,
  pgliteVacuumJob,
  publishScheduledJob,
  statementBatchesJob,
  reconcileGatewaysJob,
  forgetCardsJob,
  invitationsJob,
  hostnameRecheckJob,
  churchLifecycleJob,
  liveNoticesJob,
  scheduledNoticesJob,
  rotaRemindersJob,
  emailSendsJob,
  eventRemindersJob,
  tasksJob(TASKS),
  ...BACKUP_JOBS,
];
