// The registrations page's totals: tickets sold, money collected, pending and admitted.
import type { RegistrationsPage } from '../../../../../../contract/events-staff.ts';
import type { Lang } from '../../../../../../contract/language.ts';
import { money } from '../../../../../../common/format.ts';
import type { T } from '../../../ui/index.ts';

export function RegistrationTotals({
  data,
  t,
  lang,
}: {
  data: RegistrationsPage;
  t: T;
  lang: Lang;
}) {
  return (
    <dl className="events-totals">
      <div>
        <dt>{t('admin.events.totals.sold')}</dt>
        <dd>{data.totais.vendidos}</dd>
      </div>
      <div>
        <dt>{t('admin.events.totals.collected')}</dt>
        <dd>{money(data.totais.arrecadado, data.evento.moeda, lang)}</dd>
      </div>
      <div>
        <dt>{t('admin.events.totals.pending')}</dt>
        <dd>{data.totais.pendentes}</dd>
      </div>
      <div>
        <dt>{t('admin.events.totals.admitted')}</dt>
        <dd>{data.totais.admitidos}</dd>
      </div>
    </dl>
  );
}
