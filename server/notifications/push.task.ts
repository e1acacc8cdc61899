// The task `notifications.push` (docs/notifications.md "Push"): one notice's push send, run by the
// task queue (server/jobs/tasks.ts) on whichever node claims it; safe to run again (deliverPush
// skips a send already done).
import { count, eq } from 'drizzle-orm';
import type { Lang } from '../../contract/language.ts';
import type { NoticeKind } from '../../contract/notification-preferences.ts';
import type { Db } from '../db/client.ts';
import * as t from '../db/schema/index.ts';
import { backgroundPace } from '../http/traffic.ts';
import { defineTask, enqueueTask } from '../jobs/tasks.ts';
import { deliverPush } from './push.service.ts';
import { localPushAllowed, vapidKeys } from './vapid.ts';

export const PUSH_TASK = 'notifications.push';

export interface PushTaskPayload {
  /** The send's first notification row. */
  notificationId: number;
}

/**
 * Queues a notice's push send, when the church has any device to reach. `texts`: a product
 * message's words in every language, so each member's devices get theirs (else the notice's).
 */
export async function queuePush(
  db: Db,
  churchId: number,
  notificationId: number,
  texts?: Record<Lang, { title: string; body: string }>,
  /** The preference kind its audience gave it (noticeKindOf); absent: inferred from the notice. */
  kind?: NoticeKind,
): Promise<void> {
  const [any] = await db
    .select({ id: t.pushSubscriptions.id })
    .from(t.pushSubscriptions)
    .where(eq(t.pushSubscriptions.churchId, churchId))
    .limit(1);
  if (!any) return;
  const [fresh] = await db
    .insert(t.pushSends)
    .values({ churchId, notificationId, texts: texts ?? null, kind: kind ?? null })
    .onConflictDoNothing({ target: [t.pushSends.churchId, t.pushSends.notificationId] })
    .returning({ id: t.pushSends.id });
  // once per notice: queued again (a scheduled notice taken over), it is not sent a second time
  if (fresh) await enqueueTask(db, { churchId, kind: PUSH_TASK, payload: { notificationId } });
}

/**
 * How a notice's pushes go out: each message is encrypted for its device on the main thread
 * (~0.5 ms of key agreement, plus its request), and 20 senders without a pause kept that thread
 * ~90 % busy while 20,000 devices were reached, public pages' p95 at 5× their p95 without it.
 * So each message takes the process's background pace (server/http/traffic.ts), shared with the
 * e-mail job: while requests are being answered, 4 messages at once in all, each slot resting
 * 25 ms after its message (within 2×: bench/staff-work.ts, docs/performance.md "Pages while staff
 * work runs"); with nobody being answered, all 20 senders at full speed (20,000 devices in ~40 s).
 */
export const PUSH_PACE = { concurrency: 20, pace: backgroundPace };

export const pushTask = defineTask<PushTaskPayload>({
  kind: PUSH_TASK,
  async run(ctx, task, progress) {
    const total = await deviceCount(ctx.db, task.churchId);
    const outcome = await deliverPush(
      ctx.db,
      task.churchId,
      task.payload.notificationId,
      vapidKeys(ctx.settings),
      {
        // the tests' push service listens on 127.0.0.1 over plain http
        allowLocal: localPushAllowed(ctx.settings),
        ...PUSH_PACE,
        progress: (done) => progress(Math.min(done, total), total),
      },
    );
    return outcome;
  },
});

async function deviceCount(db: Db, churchId: number): Promise<number> {
  const [row] = await db
    .select({ n: count() })
    .from(t.pushSubscriptions)
    .where(eq(t.pushSubscriptions.churchId, churchId));
  return row?.n ?? 0;
}
