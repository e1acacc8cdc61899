// The background half of an import (docs/staff.md "Moving in"): the task queue
// (server/jobs/tasks.ts) runs its dry run and then the import on whichever node claims them,
// reading the file from the one file store; a task run again after its node died finds what it
// already wrote and adds nothing twice.
import { churchHomeUrl } from '../auth/church-link.ts';
import { defineTask } from '../jobs/tasks.ts';
import {
  analyseImport,
  IMPORT_TASK,
  runImport,
  type ImportTaskPayload,
} from './imports.service.ts';
import { releaseMemory, tallied } from './run.ts';

/** The task; tests hand their own image fetcher (this machine has no network). */
export function makeImportTask(
  options: { fetchImage?: (url: string) => Promise<Buffer | null> } = {},
) {
  return defineTask<ImportTaskPayload>({
    kind: IMPORT_TASK,
    async run(ctx, task, progress) {
      if (task.payload.step === 'analisar') {
        const preview = await analyseImport(
          ctx,
          { ...task.payload, actor: { ...task.payload.actor, churchId: task.churchId } },
          task.id,
          progress,
        );
        return preview && { criar: preview.criar, recusadas: preview.totalRecusadas };
      }
      const tally = await runImport(
        {
          db: ctx.db,
          files: ctx.files,
          changes: ctx.changes,
          mailer: ctx.mailer,
          siteUrl: (code) => churchHomeUrl(code, ctx.settings),
          ...options,
        },
        { ...task.payload, actor: { ...task.payload.actor, churchId: task.churchId } },
        progress,
      );
      setImmediate(() => releaseMemory(tallied(tally)));
      return {
        criadas: tally.criar,
        atualizadas: tally.atualizar,
        recusadas: tally.totalRecusadas,
      };
    },
  });
}

export const importTask = makeImportTask();
