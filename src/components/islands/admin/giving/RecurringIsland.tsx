// /admin/giving/recurring (docs/staff.md "Giving"): recurring gifts with their state (active,
// failing, paused, cancelled) and next charge; the state filter lives in the address.
import { useStore } from '@nanostores/react';
import { useEffect } from 'react';
import { formatDate, money } from '../../../../../common/format.ts';
import { $recurring, loadRecurring } from '../../../../stores/admin-giving.ts';
import { ListPager, pageOf, StaffGate, useUrlState, type StaffIslandProps } from '../kit/index.ts';
import { makeT, Select } from '../../ui/index.ts';
import { GivingTabs } from './GivingTabs.tsx';
import './giving.css';

const STATES = ['ativa', 'falhando', 'pausada', 'cancelada'];

function Recurring({ slug, strings, lang }: StaffIslandProps) {
  const t = makeT(strings, lang);
  const [params, update] = useUrlState();
  const recurring = useStore($recurring);
  const estado = params.get('estado');
  const page = pageOf(params);
  useEffect(() => {
    void loadRecurring(slug, estado, page);
  }, [slug, estado, page]);
  return (
    <>
      <h1>{t('admin.giving.recurringTitle')}</h1>
      <GivingTabs current="recurring" t={t} />
      <form className="staff-toolbar" role="search" onSubmit={(e) => e.preventDefault()}>
        <Select
          label={t('admin.giving.state')}
          name="estado"
          value={estado ?? ''}
          placeholder={t('admin.giving.anyState')}
          options={STATES.map((s) => ({ value: s, label: t(`admin.giving.state.${s}`) }))}
          onChange={(v) => update({ estado: v || null, page: null })}
        />
      </form>
      <ListPager
        list={recurring}
        data={recurring.data}
        page={(data) => data}
        count="admin.giving.recurringCount"
        update={update}
        t={t}
      >
        {(data) =>
          data.recorrentes.length === 0 ? (
            <p>{t('admin.giving.noRecurring')}</p>
          ) : (
            <table className="staff-table">
              <caption className="visually-hidden">{t('admin.giving.recurringTitle')}</caption>
              <thead>
                <tr>
                  <th scope="col">{t('admin.giving.giver')}</th>
                  <th scope="col">{t('admin.giving.reason')}</th>
                  <th scope="col">{t('admin.giving.amount')}</th>
                  <th scope="col">{t('admin.giving.state')}</th>
                  <th scope="col">{t('admin.giving.nextCharge')}</th>
                </tr>
              </thead>
              <tbody>
                {data.recorrentes.map((r) => (
                  <tr key={r.id}>
                    <td data-label={t('admin.giving.giver')}>
                      <a href={`/admin/people/${r.doador.id}`}>{r.doador.nome}</a>
                    </td>
                    <td data-label={t('admin.giving.reason')}>{r.motivo}</td>
                    <td data-label={t('admin.giving.amount')} className="num">
                      {money(r.valor, data.moeda, lang)}{' '}
                      <small>{t('admin.giving.everyDays', { days: r.recorrenciaDias })}</small>
                    </td>
                    <td data-label={t('admin.giving.state')}>
                      <span className={`staff-badge giving-state-${r.estado}`}>
                        {t(`admin.giving.state.${r.estado}`)}
                      </span>
                      {r.tentativasFalhas > 0 && (
                        <small> {t.plural('admin.giving.failedTries', r.tentativasFalhas)}</small>
                      )}
                    </td>
                    <td data-label={t('admin.giving.nextCharge')}>
                      {r.proximaCobranca ? formatDate(`${r.proximaCobranca}T12:00:00Z`, lang) : '—'}
                    </td>
                  </tr>
                ))}
              </tbody>
            </table>
          )
        }
      </ListPager>
    </>
  );
}

export default function RecurringIsland(props: StaffIslandProps) {
  return (
    <StaffGate {...props} area="giving">
      {() => <Recurring {...props} />}
    </StaffGate>
  );
}
