// The import on screen: its file and state, the choices and the dry run while it is prepared,
// its progress while it runs, a failed one tried again, its result and undo.
import { useStore } from '@nanostores/react';
import { useEffect } from 'react';
import type { ImportView } from '../../../../../contract/imports.ts';
import {
  $choices,
  busyStates,
  checkChoices,
  close,
  follow,
  markChanged,
  retryImport,
  startImport,
} from '../../../../stores/admin-import.ts';
import { Notice, SubmitButton, type T } from '../../ui/index.ts';
import { ImportChoices } from './ImportChoices.tsx';
import { Counts } from './ImportCounts.tsx';
import { ImportProgress } from './ImportProgress.tsx';
import { ImportResult } from './ImportResult.tsx';

export function CurrentImport({
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
  const { busy, error, inUse } = useStore($choices);
  const running = busyStates.includes(view.estado);
  useEffect(() => (running ? follow(slug, view.id) : undefined), [slug, view.id, running]);
  return (
    <section className="card import-current" aria-labelledby="import-current">
      <h2 id="import-current">
        {t(`admin.import.kind.${view.tipo}`)}: {view.nomeArquivo}
      </h2>
      <p>
        <span className="staff-badge">{t(`admin.import.state.${view.estado}`)}</span>
      </p>
      {error && <Notice kind="error">{error}</Notice>}
      {inUse.length > 0 && (
        <ul className="import-in-use">
          {inUse.map((u) => (
            <li key={u}>{u}</li>
          ))}
        </ul>
      )}
      {view.estado === 'analisado' && (
        <form
          noValidate
          onSubmit={(e) => {
            e.preventDefault();
            void checkChoices(slug);
          }}
          onChange={markChanged}
        >
          <ImportChoices view={view} t={t} />
          {view.colunas && (
            <SubmitButton
              submitting={busy}
              label={t('admin.import.checkAgain')}
              busyLabel={t('admin.import.checking')}
              className="button secondary"
            />
          )}
        </form>
      )}
      {view.estado === 'analisado' && view.previa && (
        <>
          <h3>{t('admin.import.dryRun')}</h3>
          <p>{t('admin.import.dryRunHint')}</p>
          <Counts counts={view.previa} t={t} />
          <button
            type="button"
            className="button"
            disabled={busy}
            onClick={() => void startImport(slug)}
          >
            {t('admin.import.start')}
          </button>
        </>
      )}
      <ImportProgress view={view} t={t} />
      {view.estado === 'falhou' && (
        <>
          {view.erro && <Notice kind="error">{view.erro}</Notice>}
          <p>{t('admin.import.retryHint')}</p>
          <button
            type="button"
            className="button"
            disabled={busy}
            onClick={() => void retryImport(slug)}
          >
            {t('admin.import.retry')}
          </button>
        </>
      )}
      <ImportResult slug={slug} view={view} t={t} lang={lang} />
      <p>
        <button type="button" className="button secondary" onClick={close}>
          {t('admin.import.another')}
        </button>
      </p>
    </section>
  );
}
