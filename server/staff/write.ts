// The one way a staff write runs (docs/staff.md): its work and its audit record in one
// transaction, then the church's cached pages purged on every node (server/changes.ts).
// Services call it with the scope the gate built; nothing is half-saved when the work throws.
import type { ChangeFeed } from '../changes.ts';
import type { Database, Tx } from '../db/client.ts';
import { recordAudit, type AuditRecord, type StaffActor } from './audit.ts';

export interface StaffWriteDeps {
  db: Database;
  changes: ChangeFeed;
}

/**
 * Runs `work` in a transaction with its audit record (a record, or one built from the work's
 * result), then announces the church's change so every node drops the pages it changed.
 */
export async function staffWrite<T>(
  { db, changes }: StaffWriteDeps,
  actor: StaffActor,
  audit: AuditRecord | ((result: T) => AuditRecord),
  work: (tx: Tx) => Promise<T>,
  options: { purge?: boolean } = {},
): Promise<T> {
  const result = await db.transaction(async (tx) => {
    const value = await work(tx);
    await recordAudit(tx, actor, typeof audit === 'function' ? audit(value) : audit);
    return value;
  });
  if (options.purge !== false) changes.churchChanged(actor.churchId);
  return result;
}
