// The one scheduler's bookkeeping (server/jobs/runner.ts): each background job has one row, and a
// process runs a job only after claiming that row, so two processes never run one job at once.
import { pgTable, text, timestamp } from 'drizzle-orm/pg-core';

export const jobRuns = pgTable('tarefa_agendada', {
  name: text('nome').primaryKey(),
  /** When the job is next due. */
  nextRunAt: timestamp('proxima_execucao', { withTimezone: true }).notNull().defaultNow(),
  /** A claim ends here: a process that dies mid-run frees the job when its lease runs out. */
  lockedUntil: timestamp('bloqueado_ate', { withTimezone: true }),
  lockedBy: text('bloqueado_por'),
  lastRunAt: timestamp('ultima_execucao', { withTimezone: true }),
  lastError: text('ultimo_erro'),
});
