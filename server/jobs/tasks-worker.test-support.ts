// A worker process for the task queue's two-process test (tasks.pg.test.ts): it drains the queue of
// `test.sleep` tasks on DATABASE_URL, printing each claim, then exits.
// TASK_LEASE_MS sets the lease (short, so a killed worker's task is taken again soon).
import { parseConfig } from '../../common/config.ts';
import { openDatabase } from '../db/client.ts';
import { createLocalFileStore } from '../files/local.ts';
import { mailerFromSettings } from '../mail/outbox.ts';
import { newWorkerId } from './runner.ts';
import { defineTask, drainTasks } from './tasks.ts';

export const sleepTask = defineTask<{ ms: number }>({
  kind: 'test.sleep',
  async run(ctx, task, progress) {
    console.log(`claimed ${task.id}`);
    for (let i = 1; i <= 4; i++) {
      await new Promise((resolve) => setTimeout(resolve, task.payload.ms / 4));
      await progress(i, 4);
    }
    console.log(`finished ${task.id}`);
    return { by: ctx.workerId };
  },
});

const url = process.env.DATABASE_URL;
if (url && process.argv[1]?.endsWith('tasks-worker.test-support.ts')) {
  const handle = await openDatabase(url);
  const settings = parseConfig();
  const workerId = newWorkerId();
  await drainTasks(
    {
      db: handle.db,
      now: () => new Date(),
      workerId,
      settings,
      mailer: mailerFromSettings(settings),
      files: createLocalFileStore(() => '/tmp/tasks-worker-files'),
    },
    [sleepTask],
    { leaseMs: Number(process.env.TASK_LEASE_MS ?? 60_000) },
  );
  console.log('drained');
  await handle.close();
}
