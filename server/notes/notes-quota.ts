// Per-member limits on sermon notes (docs/security.md "Member write quotas"): far above what a
// person writing during a sermon does (the editor saves at most every 0.7 s), far below what a
// script filling the database does. Counts live in the database so every node shares them.
import { count, eq } from 'drizzle-orm';
import type { Context } from 'hono';
import { spend, type LimitRule } from '../auth/rate-limit.ts';
import type { Database } from '../db/client.ts';
import * as t from '../db/schema/index.ts';
import { ApiProblem } from '../http/errors.ts';

/** New notes per member: a handful a week is the norm. */
export const NOTE_CREATE_RULE: LimitRule = {
  maxFailures: 30,
  windowMs: 10 * 60_000,
  lockMs: 10 * 60_000,
};
/** Saves of existing notes per member: about two a second for ten minutes. */
export const NOTE_SAVE_RULE: LimitRule = {
  maxFailures: 1200,
  windowMs: 10 * 60_000,
  lockMs: 10 * 60_000,
};
/** Notes a member may keep in all (about 10 years of four a week). */
export const NOTES_PER_MEMBER = 2000;

/** Counts one write of the member's notes; 429 (Retry-After) past the rule. */
export async function spendNoteWrite(
  db: Database,
  c: Context,
  userId: number,
  kind: 'create' | 'save',
): Promise<void> {
  const rule = kind === 'create' ? NOTE_CREATE_RULE : NOTE_SAVE_RULE;
  const wait = await spend(db, `notes:${kind}:user:${userId}`, rule);
  if (wait <= 0) return;
  c.header('Retry-After', String(Math.ceil(wait / 1000)));
  throw new ApiProblem(429, 'note.tooMany', undefined, {
    minutes: Math.max(1, Math.ceil(wait / 60_000)),
  });
}

/** 422 when the member already keeps the most notes allowed. */
export async function checkNoteQuota(db: Database, userId: number): Promise<void> {
  const [row] = await db
    .select({ n: count() })
    .from(t.sermonNotes)
    .where(eq(t.sermonNotes.userId, userId));
  if ((row?.n ?? 0) >= NOTES_PER_MEMBER)
    throw new ApiProblem(422, 'note.quota', undefined, { max: NOTES_PER_MEMBER });
}
