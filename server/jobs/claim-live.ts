// The claim loop of the jobs that charge saved cards (recurring gifts, Play renewals) when a row's
// charge may go to a live gateway (docs/payments.md "Recurring gifts at a live gateway"): rows are
// claimed one at a time as in claim.ts; a row whose church is live opens its charge inside the
// claim (the live charge's first commit), and only after that commit is the gateway asked
// (sendLiveCharge) and its answer settled against the row in a new transaction. Whatever is lost
// between the two is found by the reconciliation job, and the row is looked at again later.
import { eq } from 'drizzle-orm';
import type { Database, Tx } from '../db/client.ts';
import * as t from '../db/schema/index.ts';
import type { Mail } from '../mail/outbox.ts';
import { log } from '../log.ts';
import type { GatewayAdapter } from '../payments/adapters/types.ts';
import { sendLiveCharge, type OpenedLiveCharge } from '../payments/live.ts';
import { eachClaimed, type ClaimOptions } from './claim.ts';

/** A live charge committed as pending in a row's claim: the gateway is asked once that commit is made. */
export interface LiveSend<Row> {
  row: Row;
  adapter: GatewayAdapter;
  opened: OpenedLiveCharge;
}

/** The payment a live send made, as its second commit left it (undefined if it is gone). */
export interface SentPayment {
  id: number;
  status: string;
  message: string | null;
}

/**
 * Works every row `claim` hands out, one claim at a time: `work` either settles it in the claim
 * (the sandbox) or answers `{ send }` (a live charge opened in the claim), which is then sent and
 * handed to `settle` in a transaction of its own. E-mails go after each commit.
 */
export async function eachClaimedThenSent<Row extends { id: number }, Outcome extends object>(
  db: Database,
  now: Date,
  options: ClaimOptions,
  claim: (tx: Tx) => Promise<Row | undefined>,
  work: (tx: Tx, row: Row, mails: Mail[]) => Promise<Outcome | { send: LiveSend<Row> }>,
  settle: (
    tx: Tx,
    send: LiveSend<Row>,
    payment: SentPayment | undefined,
    mails: Mail[],
  ) => Promise<Outcome>,
): Promise<Outcome[]> {
  const outcomes: Outcome[] = [];
  const limit = options.limit ?? 500;
  // one claim at a time, so a live charge reaches its gateway right after its first commit
  while (outcomes.length < limit) {
    const claimed = await eachClaimed(db, { ...options, limit: 1 }, claim, work);
    if (!claimed.length) break;
    const first = claimed[0]!;
    if (isSend(first)) outcomes.push(await sendAndSettle(db, first.send, now, options, settle));
    else outcomes.push(first as Outcome);
  }
  return outcomes;
}

const isSend = <Row>(x: object): x is { send: LiveSend<Row> } => 'send' in x;

/** After the live charge's first commit: the gateway and its answer, then the row settled. */
async function sendAndSettle<Row, Outcome>(
  db: Database,
  send: LiveSend<Row>,
  now: Date,
  options: ClaimOptions,
  settle: (
    tx: Tx,
    send: LiveSend<Row>,
    payment: SentPayment | undefined,
    mails: Mail[],
  ) => Promise<Outcome>,
): Promise<Outcome> {
  await sendLiveCharge(db, send.adapter, send.opened, now);
  const mails: Mail[] = [];
  const outcome = await db.transaction(async (tx) => {
    const [payment] = await tx
      .select({ id: t.payments.id, status: t.payments.status, message: t.payments.message })
      .from(t.payments)
      .where(eq(t.payments.id, send.opened.paymentId));
    return settle(tx, send, payment, mails);
  });
  for (const mail of mails)
    await options.mailer
      .send(mail)
      .catch((error: unknown) => log.error({ err: error }, '[jobs] e-mail failed'));
  return outcome;
}
