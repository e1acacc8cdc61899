// Bookkeeping of the demo seed.
import { pgTable, text, timestamp } from 'drizzle-orm/pg-core';

/** Which parts of the demo seed have run, so each later part runs once on an existing database. */
export const seedRuns = pgTable('seed_execucao', {
  name: text('nome').primaryKey(),
  ranAt: timestamp('executado_em', { withTimezone: true }).notNull().defaultNow(),
});
