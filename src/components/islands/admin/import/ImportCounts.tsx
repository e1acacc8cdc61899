// What an import's dry run found or its import did: to create, update, the same, to invite,
// refused with line and reason, remarks, and the groups it creates.
import type { ImportCounts } from '../../../../../contract/imports.ts';
import type { T } from '../../ui/index.ts';

export function Counts({
  counts,
  t,
  done = false,
}: {
  counts: ImportCounts;
  t: T;
  done?: boolean;
}) {
  return (
    <>
      <ul className="import-counts">
        <li>
          <strong>{counts.criar}</strong>{' '}
          {t(done ? 'admin.import.created' : 'admin.import.toCreate')}
        </li>
        <li>
          <strong>{counts.atualizar}</strong>{' '}
          {t(done ? 'admin.import.updated' : 'admin.import.toUpdate')}
        </li>
        <li>
          <strong>{counts.iguais}</strong> {t('admin.import.same')}
        </li>
        {counts.convidar > 0 && (
          <li>
            <strong>{counts.convidar}</strong>{' '}
            {t(done ? 'admin.import.invitedRows' : 'admin.import.toInvite')}
          </li>
        )}
        <li>
          <strong>{counts.totalRecusadas}</strong> {t('admin.import.refused')}
        </li>
      </ul>
      {[
        ['admin.import.updateLines', counts.atualizarLinhas, counts.atualizar] as const,
        ['admin.import.sameLines', counts.iguaisLinhas, counts.iguais] as const,
      ].map(
        ([title, lines, total]) =>
          lines.length > 0 && (
            <details className="import-lines" key={title}>
              <summary>
                {t(title)} ({total})
              </summary>
              <p>
                {t('admin.import.inviteLinesList', {
                  lines: lines.join(', ') + (lines.length < total ? '…' : ''),
                })}
              </p>
            </details>
          ),
      )}
      {counts.gruposCriar.length > 0 && (
        <details className="import-lines" open>
          <summary>
            {t(done ? 'admin.import.groupsCreated' : 'admin.import.groupsToCreate')} (
            {counts.gruposCriar.length})
          </summary>
          <p>{t('admin.import.groupsHint')}</p>
          <ul>
            {counts.gruposCriar.map((g) => (
              <li key={g}>{g}</li>
            ))}
          </ul>
        </details>
      )}
      {counts.convidar > 0 && (
        <details className="import-lines" open>
          <summary>
            {t(done ? 'admin.import.invitedLines' : 'admin.import.inviteLines')} ({counts.convidar})
          </summary>
          <p>{t('admin.import.inviteHint', { limit: counts.convitesPorDia })}</p>
          <p>
            {t('admin.import.inviteLinesList', {
              lines:
                counts.convidarLinhas.join(', ') +
                (counts.convidarLinhas.length < counts.convidar ? '…' : ''),
            })}
          </p>
        </details>
      )}
      {counts.recusadas.length > 0 && (
        <Lines
          title={t('admin.import.refusedLines')}
          lines={counts.recusadas}
          total={counts.totalRecusadas}
          t={t}
        />
      )}
      {counts.avisos.length > 0 && (
        <Lines
          title={t('admin.import.remarks')}
          lines={counts.avisos}
          total={counts.totalAvisos}
          t={t}
        />
      )}
    </>
  );
}

function Lines({
  title,
  lines,
  total,
  t,
}: {
  title: string;
  lines: { linha: number; motivo: string }[];
  total: number;
  t: T;
}) {
  return (
    <details className="import-lines" open={lines.length <= 10}>
      <summary>
        {title} ({total})
      </summary>
      <table>
        <thead>
          <tr>
            <th scope="col">{t('admin.import.line')}</th>
            <th scope="col">{t('admin.import.reason')}</th>
          </tr>
        </thead>
        <tbody>
          {lines.map((l, i) => (
            <tr key={i}>
              <td>{l.linha || '—'}</td>
              <td>{l.motivo}</td>
            </tr>
          ))}
        </tbody>
      </table>
      {total > lines.length && <p>{t('admin.import.moreLines', { n: total - lines.length })}</p>}
    </details>
  );
}
