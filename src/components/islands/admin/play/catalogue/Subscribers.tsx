// /admin/play/subscribers: the subscribers with their state, filtered by text, state and plan in
// the address, a page at a time.
import { dateFormat, NUMERIC_DATE } from '../../../../../../common/format.ts';
import { useStore } from '@nanostores/react';
import { useEffect } from 'react';
import {
  $playPlans,
  $subscribers,
  loadPlans,
  loadSubscribers,
} from '../../../../../stores/admin-play.ts';
import { ListPager, SearchForm, useUrlState } from '../../kit/index.ts';
import { Select, type T } from '../../../ui/index.ts';

export function Subscribers({ slug, t, lang }: { slug: string; t: T; lang: string }) {
  const [params, update] = useUrlState();
  const list = useStore($subscribers);
  const plans = useStore($playPlans);
  const key = params.toString();
  useEffect(() => {
    void loadSubscribers(slug, params);
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, [slug, key]);
  useEffect(() => void loadPlans(slug), [slug]);
  const date = (iso: string | null) =>
    iso ? dateFormat(lang, NUMERIC_DATE).format(new Date(iso)) : '—';
  return (
    <>
      <SearchForm
        className="play-filters"
        label={t('admin.play.searchSubscriber')}
        button={t('admin.play.searchButton')}
        maxLength={100}
        value={params.get('busca') ?? ''}
        update={update}
      >
        <Select
          label={t('admin.play.state')}
          name="situacao"
          value={params.get('situacao') ?? ''}
          onChange={(v) => update({ situacao: v, page: null })}
          placeholder={t('admin.play.all')}
          options={['ativo', 'pendente', 'cancelado', 'expirado'].map((s) => ({
            value: s,
            label: t(`admin.play.sub.${s}`),
          }))}
        />
        <Select
          label={t('admin.play.plan')}
          name="plano"
          value={params.get('plano') ?? ''}
          onChange={(v) => update({ plano: v, page: null })}
          placeholder={t('admin.play.all')}
          options={(plans.data ?? []).map((p) => ({ value: String(p.id), label: p.nome }))}
        />
      </SearchForm>
      <ListPager
        list={list}
        data={list.data}
        page={(d) => d}
        count="admin.play.subscriberCount"
        update={update}
        t={t}
      >
        {(page) =>
          page.assinantes.length === 0 ? (
            <p>{t('admin.play.subscribersEmpty')}</p>
          ) : (
            <table className="staff-table">
              <thead>
                <tr>
                  <th scope="col">{t('admin.play.member')}</th>
                  <th scope="col">{t('admin.play.plan')}</th>
                  <th scope="col">{t('admin.play.state')}</th>
                  <th scope="col">{t('admin.play.paidUntil')}</th>
                  <th scope="col">{t('admin.play.renews')}</th>
                </tr>
              </thead>
              <tbody>
                {page.assinantes.map((s) => (
                  <tr key={s.id}>
                    <td>
                      {s.usuario.nome}
                      <br />
                      <small>{s.usuario.email}</small>
                    </td>
                    <td data-label={t('admin.play.plan')}>{s.plano.nome}</td>
                    <td data-label={t('admin.play.state')}>
                      <span className="staff-badge">{t(`admin.play.sub.${s.situacao}`)}</span>
                      {s.situacao === 'ativo' && !s.acessoAte && <> · {t('admin.play.lapsed')}</>}
                      {s.canceladoEm && (
                        <> · {t('admin.play.cancelledOn', { date: date(s.canceladoEm) })}</>
                      )}
                    </td>
                    <td data-label={t('admin.play.paidUntil')}>{date(s.pagoAte)}</td>
                    <td data-label={t('admin.play.renews')}>{date(s.renovarEm)}</td>
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
