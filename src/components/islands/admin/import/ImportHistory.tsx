// The church's imports, newest first: each opens on the page with its state and what it did.
import { useStore } from '@nanostores/react';
import type { Lang } from '../../../../../contract/language.ts';
import { mediumDateTime } from '../../../../../common/format.ts';
import { $imports, open } from '../../../../stores/admin-import.ts';
import { Loader, Notice, type T } from '../../ui/index.ts';

export function ImportHistory({ slug, t, lang }: { slug: string; t: T; lang: Lang }) {
  const imports = useStore($imports);
  return (
    <section aria-labelledby="import-history">
      <h2 id="import-history">{t('admin.import.history')}</h2>
      {imports.state === 'error' && <Notice kind="error">{imports.message}</Notice>}
      {!imports.data ? (
        imports.state !== 'error' && <Loader label={t('admin.shell.loading')} />
      ) : imports.data.importacoes.length === 0 ? (
        <p>{t('admin.import.none')}</p>
      ) : (
        <ul className="import-history">
          {imports.data.importacoes.map((i) => (
            <li key={i.id}>
              <button
                type="button"
                className="button secondary"
                onClick={() => void open(slug, i.id)}
              >
                {i.nomeArquivo}
              </button>{' '}
              <span>{t(`admin.import.kind.${i.tipo}`)}</span>{' '}
              <span className="staff-badge">{t(`admin.import.state.${i.estado}`)}</span>{' '}
              <small>{mediumDateTime(i.criadoEm, lang)}</small>
              {i.resultado && (
                <small>
                  {' '}
                  ·{' '}
                  {t('admin.import.summary', {
                    created: i.resultado.criar,
                    refused: i.resultado.totalRecusadas,
                  })}
                </small>
              )}
            </li>
          ))}
        </ul>
      )}
    </section>
  );
}
