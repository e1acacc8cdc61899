// The progress of an import's background task: the dry run being read (an indeterminate bar), then
// the import queued or running, line by line.
import type { ImportView } from '../../../../../contract/imports.ts';
import { busyStates } from '../../../../stores/admin-import.ts';
import type { T } from '../../ui/index.ts';

export function ImportProgress({ view, t }: { view: ImportView; t: T }) {
  const progress = view.progresso;
  if (view.estado === 'analisando')
    return (
      <>
        <label htmlFor="import-progress">
          {progress?.feito
            ? t('admin.import.analysed', { done: progress.feito })
            : t('admin.import.analysing')}
        </label>
        {/* the dry run does not know the number of lines ahead: an indeterminate bar */}
        <progress id="import-progress" />
      </>
    );
  if (!busyStates.includes(view.estado)) return null;
  return (
    <>
      <label htmlFor="import-progress">
        {progress && progress.total
          ? t('admin.import.progress', { done: progress.feito, total: progress.total })
          : t('admin.import.waiting')}
      </label>
      <progress
        id="import-progress"
        max={progress?.total || 1}
        value={progress?.total ? progress.feito : undefined}
      />
    </>
  );
}
