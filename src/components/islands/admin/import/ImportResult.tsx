// What an import did (created, updated, invited, images it could not fetch), its undo as a whole,
// and when it was undone.
import type { ImportView } from '../../../../../contract/imports.ts';
import { mediumDateTime } from '../../../../../common/format.ts';
import { undoImport } from '../../../../stores/admin-import.ts';
import { ConfirmButton } from '../kit/index.ts';
import type { T } from '../../ui/index.ts';
import { Counts } from './ImportCounts.tsx';

export function ImportResult({
  slug,
  view,
  t,
  lang,
}: {
  slug: string;
  view: ImportView;
  t: T;
  lang: string;
}) {
  return (
    <>
      {view.resultado && (view.estado === 'concluido' || view.estado === 'desfeito') && (
        <>
          <h3>{t('admin.import.result')}</h3>
          <Counts counts={view.resultado} t={t} done />
          {view.resultado.convidadas > 0 && (
            <p>{t('admin.import.invited', { n: view.resultado.convidadas })}</p>
          )}
          {view.resultado.imagensFaltando.length > 0 && (
            <details className="import-lines">
              <summary>
                {t('admin.import.missingImages')} ({view.resultado.imagensFaltando.length})
              </summary>
              <ul>
                {view.resultado.imagensFaltando.map((u) => (
                  <li key={u}>{u}</li>
                ))}
              </ul>
            </details>
          )}
        </>
      )}
      {(view.estado === 'concluido' || (view.estado === 'falhou' && view.resultado)) && (
        <>
          <p>{t('admin.import.undoHint')}</p>
          <ConfirmButton
            label={t('admin.import.undo')}
            title={t('admin.import.undoTitle')}
            explanation={t('admin.import.undoExplain')}
            confirmLabel={t('admin.import.undo')}
            cancelLabel={t('admin.import.cancel')}
            onConfirm={() => undoImport(slug)}
          />
        </>
      )}
      {view.desfeitoEm && (
        <p>
          {t('admin.import.undoneAt', { when: mediumDateTime(view.desfeitoEm, lang as never) })}
        </p>
      )}
    </>
  );
}
