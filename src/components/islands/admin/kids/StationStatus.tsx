// The station's connection line (docs/kids.md "When the network is down"): offline and since
// when its family list dates, what waits to be sent, and the reports of what the server refused
// or changed once it was sent (a child checked in elsewhere, a full room, a new code to reprint).
import { dateFormat } from '../../../../../common/format.ts';
import {
  clearKidsReports,
  flushKids,
  type KidsStationState,
} from '../../../../stores/admin-kids-offline.ts';
import { Notice, type T } from '../../ui/index.ts';

export function StationStatus({
  station,
  lang,
  t,
}: {
  station: KidsStationState;
  lang: string;
  t: T;
}) {
  return (
    <>
      {!station.online && (
        <Notice kind="info">
          {t('admin.kids.offline')}{' '}
          {station.listAt
            ? t('admin.kids.offlineList', {
                time: dateFormat(lang, { timeStyle: 'short' }).format(new Date(station.listAt)),
              })
            : t('admin.kids.offlineNoList')}
        </Notice>
      )}
      {station.queued > 0 && (
        <p className="kids-muted" role="status">
          {t('admin.kids.queued', { count: station.queued })}{' '}
          {station.online && (
            <button type="button" className="button secondary" onClick={() => void flushKids()}>
              {t('admin.kids.sendNow')}
            </button>
          )}
        </p>
      )}
      {station.error && <Notice kind="error">{station.error}</Notice>}
      {station.reports.length > 0 && (
        <section className="kids-reports" aria-labelledby="kids-reports-title">
          <h2 id="kids-reports-title">{t('admin.kids.reportsTitle')}</h2>
          <ul>
            {station.reports.map((r, i) => (
              <li key={i}>
                <strong>{r.quem}</strong>:{' '}
                {r.tipo === 'novoCodigo' ? (
                  <>
                    {t('admin.kids.newCode', { names: r.mensagem, code: r.codigo ?? '' })}{' '}
                    <a href={`/admin/kids/print?codigo=${r.codigoId}`}>
                      {t('admin.kids.printLabels')}
                    </a>
                  </>
                ) : (
                  r.mensagem
                )}
              </li>
            ))}
          </ul>
          <button type="button" className="button secondary" onClick={clearKidsReports}>
            {t('admin.kids.reportsSeen')}
          </button>
        </section>
      )}
    </>
  );
}
