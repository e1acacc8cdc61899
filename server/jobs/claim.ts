// The claim loop of the jobs that charge rows one by one (recurring gifts, Play renewals): each
// due row is claimed with SELECT … FOR UPDATE SKIP LOCKED and worked in that same transaction, so a
// second process skips it and a process killed mid-charge rolls back and frees it. The e-mails the
// work queues are sent once its transaction has committed; a failure to send never undoes it.
import type { Config } from '../../common/config.ts';
import type { Database, Tx } from '../db/client.ts';
import type { Mail, Mailer } from '../mail/outbox.ts';
import { log } from '../log.ts';

/** What the job runner (or a worker script, or a test) gives a claim loop. */
export interface ClaimOptions {
  /** The job runner's mailer (settings passed in, never read globally). */
  mailer: Mailer;
  /** For the links in the e-mails. */
  settings: Pick<Config, 'PROVIDER_DOMAIN' | 'PORT'>;
  /** Tests only: wait this long inside the claim, to be killed mid-charge. */
  holdMs?: number;
  /** Called once a row is claimed (tests watch for it before killing the process). */
  onClaim?: (id: number) => void;
  /** At most this many rows in one run. */
  limit?: number;
}

/** Works every row `claim` hands out (one per transaction, `.for('update', { skipLocked: true })`). */
export async function eachClaimed<Row extends { id: number }, Outcome>(
  db: Database,
  options: ClaimOptions,
  claim: (tx: Tx) => Promise<Row | undefined>,
  work: (tx: Tx, row: Row, mails: Mail[]) => Promise<Outcome>,
): Promise<Outcome[]> {
  const outcomes: Outcome[] = [];
  const limit = options.limit ?? 500;
  while (outcomes.length < limit) {
    const mails: Mail[] = [];
    const outcome = await db.transaction(async (tx) => {
      const row = await claim(tx);
      if (!row) return null;
      options.onClaim?.(row.id);
      if (options.holdMs) await new Promise((resolve) => setTimeout(resolve, options.holdMs));
      return { value: await work(tx, row, mails) };
    });
    if (!outcome) break;
    outcomes.push(outcome.value);
    for (const mail of mails)
      await options.mailer
        .send(mail)
        .catch((error: unknown) => log.error({ err: error }, '[jobs] e-mail failed'));
  }
  return outcomes;
}
