// /admin/giving (docs/staff.md "Giving"): the treasurer's dashboard and gifts. One set of filters
// in the address (period, reason, method, status) drives the totals, the chart, the list and the
// CSV, so the numbers on the page always add up; approved gifts by default.
import { useStore } from '@nanostores/react';
import { useEffect, useState } from 'react';
import type { StaffGift } from '../../../../../contract/giving-staff.ts';
import { formatDate, money } from '../../../../lib/format.ts';
import type { GiftFilter } from '../../../../lib/staff/giving-api.ts';
import {
  $gifts,
  $reasons,
  exportGiftsCsv,
  loadGifts,
  loadReasons,
  refund,
} from '../../../../stores/admin-giving.ts';
import {
  ClearFilters,
  ConfirmButton,
  pageOf,
  StaffGate,
  useUrlState,
  type StaffIslandProps,
} from '../kit/index.ts';
import { Field, Loader, makeT, Notice, Pager, Select } from '../../ui/index.ts';
import { GivingChart } from './GivingChart.tsx';
import { GivingTabs } from './GivingTabs.tsx';
import './giving.css';

const METHODS = ['cartao', 'pix', 'boleto', 'picpay', 'dinheiro', 'transferencia', 'ach'];
const STATUSES = ['aprovado', 'pendente', 'em_analise', 'nao_aprovado', 'cancelado', 'estornado'];

/** First and last day of a `yyyy-mm` month. */
function monthRange(month: string): [string, string] {
  const [y, m] = month.split('-').map(Number) as [number, number];
  const last = new Date(Date.UTC(y, m, 0)).getUTCDate();
  return [`${month}-01`, `${month}-${String(last).padStart(2, '0')}`];
}

function Gifts({ slug, strings, lang }: StaffIslandProps) {
  const t = makeT(strings, lang);
  const [params, update] = useUrlState();
  const gifts = useStore($gifts);
  const reasons = useStore($reasons);
  const [notice, setNotice] = useState<{ kind: 'ok' | 'error'; text: string } | null>(null);
  const [exporting, setExporting] = useState(false);
  const statusParam = params.get('status');
  const filter: GiftFilter = {
    de: params.get('de'),
    ate: params.get('ate'),
    motivo: Number(params.get('motivo')) || null,
    metodo: params.get('metodo'),
    status: statusParam === 'todos' ? null : (statusParam ?? 'aprovado'),
  };
  const page = pageOf(params);
  const key = JSON.stringify([filter, page]);
  useEffect(() => {
    void loadGifts(slug, filter, page);
  }, [slug, key]);
  useEffect(() => {
    void loadReasons(slug);
  }, [slug]);

  const data = gifts.data;
  const currency = data?.page.moeda ?? 'BRL';
  const fmt = (v: number) => money(v, currency, lang);
  const month =
    filter.de && filter.ate && filter.de.slice(0, 7) === filter.ate.slice(0, 7)
      ? monthRange(filter.de.slice(0, 7))[0] === filter.de &&
        monthRange(filter.de.slice(0, 7))[1] === filter.ate
        ? filter.de.slice(0, 7)
        : ''
      : '';
  const filtered =
    !!(filter.de || filter.ate || filter.motivo || filter.metodo) || statusParam !== null;
  const methodLabel = (m: string) => t(`admin.giving.method.${m}`);
  const statusLabel = (s: string) => t(`admin.giving.status.${s}`);

  async function onRefund(gift: StaffGift) {
    setNotice(null);
    const failure = await refund(slug, gift.codigo, filter, page);
    setNotice(
      failure
        ? { kind: 'error', text: failure.message }
        : { kind: 'ok', text: t('admin.giving.refunded', { code: gift.codigo }) },
    );
  }

  return (
    <>
      <h1>{t('admin.giving.title')}</h1>
      <GivingTabs current="gifts" t={t} />
      <form className="staff-toolbar" role="search" onSubmit={(e) => e.preventDefault()}>
        <Field
          label={t('admin.giving.month')}
          type="month"
          name="mes"
          value={month}
          onChange={(v) => {
            const [de, ate] = v ? monthRange(v) : [null, null];
            update({ de, ate, page: null });
          }}
        />
        <Field
          label={t('admin.giving.from')}
          type="date"
          name="de"
          value={filter.de ?? ''}
          onChange={(v) => update({ de: v || null, page: null })}
        />
        <Field
          label={t('admin.giving.to')}
          type="date"
          name="ate"
          value={filter.ate ?? ''}
          onChange={(v) => update({ ate: v || null, page: null })}
        />
        <Select
          label={t('admin.giving.reason')}
          name="motivo"
          value={filter.motivo ? String(filter.motivo) : ''}
          placeholder={t('admin.giving.anyReason')}
          options={[
            ...(reasons.data?.motivos ?? []).map((m) => ({ value: String(m.id), label: m.nome })),
            // a reason filtered by address that the list lacks still shows as chosen, never as "all"
            ...(filter.motivo &&
            reasons.data &&
            !reasons.data.motivos.some((m) => String(m.id) === String(filter.motivo))
              ? [
                  {
                    value: String(filter.motivo),
                    label: t('admin.giving.reasonNumber', { id: filter.motivo }),
                  },
                ]
              : []),
          ]}
          onChange={(v) => update({ motivo: v || null, page: null })}
        />
        <Select
          label={t('admin.giving.method')}
          name="metodo"
          value={filter.metodo ?? ''}
          placeholder={t('admin.giving.anyMethod')}
          options={METHODS.map((m) => ({ value: m, label: methodLabel(m) }))}
          onChange={(v) => update({ metodo: v || null, page: null })}
        />
        <Select
          label={t('admin.giving.statusLabel')}
          name="status"
          value={statusParam === 'todos' ? '' : (filter.status ?? '')}
          placeholder={t('admin.giving.anyStatus')}
          options={STATUSES.map((s) => ({ value: s, label: statusLabel(s) }))}
          onChange={(v) => update({ status: v === 'aprovado' ? null : v || 'todos', page: null })}
        />
        <ClearFilters
          show={filtered}
          keys={['de', 'ate', 'motivo', 'metodo', 'status']}
          label={t('admin.giving.clear')}
          update={update}
        />
        <button
          type="button"
          className="button secondary"
          disabled={exporting}
          aria-busy={exporting || undefined}
          onClick={async () => {
            setExporting(true);
            const failure = await exportGiftsCsv(slug, filter);
            setExporting(false);
            if (failure) setNotice({ kind: 'error', text: failure.message });
          }}
        >
          {t('admin.giving.csv')}
        </button>
      </form>
      {notice && <Notice kind={notice.kind}>{notice.text}</Notice>}
      {gifts.state === 'error' && <Notice kind="error">{gifts.message}</Notice>}
      {!data ? (
        gifts.state !== 'error' && <Loader label={t('admin.shell.loading')} />
      ) : (
        <div aria-busy={gifts.state === 'loading' || undefined}>
          <section aria-labelledby="giving-totals" className="giving-dashboard">
            <h2 id="giving-totals">{t('admin.giving.totals')}</h2>
            <dl className="giving-figures">
              <div>
                <dt>{t('admin.giving.total')}</dt>
                <dd data-testid="giving-total">{fmt(data.summary.total)}</dd>
              </div>
              <div>
                <dt>{t('admin.giving.count')}</dt>
                <dd>{data.summary.quantidade}</dd>
              </div>
            </dl>
            {data.summary.porPeriodo.length > 0 && (
              <GivingChart
                labels={data.summary.porPeriodo.map((p) => p.periodo)}
                values={data.summary.porPeriodo.map((p) => p.valor)}
                label={t(
                  data.summary.agrupamento === 'dia'
                    ? 'admin.giving.chartByDay'
                    : 'admin.giving.chartByMonth',
                )}
                format={fmt}
              />
            )}
            <div className="giving-breakdown">
              <table className="staff-table">
                <caption>{t('admin.giving.byReason')}</caption>
                <tbody>
                  {data.summary.porMotivo.map((r) => (
                    <tr key={r.id}>
                      <th scope="row">{r.nome}</th>
                      <td className="num">{fmt(r.valor)}</td>
                    </tr>
                  ))}
                </tbody>
              </table>
              <table className="staff-table">
                <caption>{t('admin.giving.byMethod')}</caption>
                <tbody>
                  {data.summary.porMetodo.map((r) => (
                    <tr key={r.metodo}>
                      <th scope="row">{methodLabel(r.metodo)}</th>
                      <td className="num">{fmt(r.valor)}</td>
                    </tr>
                  ))}
                </tbody>
              </table>
              <table className="staff-table">
                <caption>{t('admin.giving.byPeriod')}</caption>
                <tbody>
                  {data.summary.porPeriodo.map((r) => (
                    <tr key={r.periodo}>
                      <th scope="row">{r.periodo}</th>
                      <td className="num">{fmt(r.valor)}</td>
                    </tr>
                  ))}
                </tbody>
              </table>
            </div>
          </section>
          <h2>{t('admin.giving.gifts')}</h2>
          <p role="status">{t.plural('admin.giving.giftCount', data.page.total)}</p>
          {data.page.doacoes.length === 0 ? (
            <p>{filtered ? t('admin.giving.noMatch') : t('admin.giving.empty')}</p>
          ) : (
            <table className="staff-table">
              <caption className="visually-hidden">{t('admin.giving.gifts')}</caption>
              <thead>
                <tr>
                  <th scope="col">{t('admin.giving.date')}</th>
                  <th scope="col">{t('admin.giving.giver')}</th>
                  <th scope="col">{t('admin.giving.reasons')}</th>
                  <th scope="col">{t('admin.giving.method')}</th>
                  <th scope="col">{t('admin.giving.statusLabel')}</th>
                  <th scope="col">{t('admin.giving.amount')}</th>
                  <th scope="col">
                    <span className="visually-hidden">{t('admin.giving.actions')}</span>
                  </th>
                </tr>
              </thead>
              <tbody>
                {data.page.doacoes.map((g) => (
                  <tr key={g.id}>
                    <td data-label={t('admin.giving.date')}>
                      <time dateTime={g.data}>{formatDate(g.data, lang)}</time>
                      <br />
                      <small>{g.codigo}</small>
                    </td>
                    <td data-label={t('admin.giving.giver')}>
                      {g.doador.id ? (
                        <a href={`/admin/people/${g.doador.id}`}>{g.doador.nome}</a>
                      ) : (
                        g.doador.nome
                      )}
                      {g.recorrente && (
                        <>
                          {' '}
                          <span className="staff-badge">{t('admin.giving.recurringBadge')}</span>
                        </>
                      )}
                      {g.importada && (
                        <>
                          {' '}
                          <span className="staff-badge">{t('admin.giving.importedBadge')}</span>
                        </>
                      )}
                    </td>
                    <td data-label={t('admin.giving.reasons')}>
                      {g.itens.map((i) => i.motivo).join(', ')}
                    </td>
                    <td data-label={t('admin.giving.method')}>{methodLabel(g.metodo)}</td>
                    <td data-label={t('admin.giving.statusLabel')}>
                      <span className="staff-badge">{statusLabel(g.status)}</span>
                    </td>
                    <td data-label={t('admin.giving.amount')} className="num">
                      {fmt(g.valor)}
                    </td>
                    <td>
                      {g.estornavel && (
                        <ConfirmButton
                          label={t('admin.giving.refund')}
                          title={t('admin.giving.refundTitle')}
                          explanation={t('admin.giving.refundExplain', {
                            amount: fmt(g.valor),
                            name: g.doador.nome,
                          })}
                          confirmLabel={t('admin.giving.refundConfirm')}
                          cancelLabel={t('admin.giving.cancel')}
                          className="button secondary"
                          onConfirm={() => onRefund(g)}
                        />
                      )}
                    </td>
                  </tr>
                ))}
              </tbody>
              <tfoot>
                <tr>
                  <th scope="row" colSpan={5}>
                    {t('admin.giving.sumAll')}
                  </th>
                  <td className="num">{fmt(data.page.soma)}</td>
                  <td />
                </tr>
              </tfoot>
            </table>
          )}
          <Pager
            page={data.page.page}
            totalPages={data.page.totalPages}
            onPage={(p) => update({ page: p > 1 ? p : null })}
            t={t}
          />
        </div>
      )}
    </>
  );
}

export default function GivingIsland(props: StaffIslandProps) {
  return (
    <StaffGate {...props} area="giving">
      {() => <Gifts {...props} />}
    </StaffGate>
  );
}
