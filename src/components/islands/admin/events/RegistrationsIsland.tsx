// /admin/events/{id}/registrations (docs/events.md "Registrations"): who registered, totals sold
// and collected, in a dense table built for 700+ rows (the staff kit's DataTable): columns sorted by
// the server (`ordem` in the address, with the search and filters), rows selected for a CSV of
// their own, and per row a menu to cancel/refund (the whole order, through the payment pipeline:
// its seats return to sale) and resend the ticket e-mail.
import { useStore } from '@nanostores/react';
import { useEffect, useState } from 'react';
import { mediumDateTime, money } from '../../../../lib/format.ts';
import type { RegistrationsFilter } from '../../../../lib/staff/events-api.ts';
import {
  $registrations,
  cancelOne,
  exportCsv,
  loadRegistrations,
  resendOne,
} from '../../../../stores/admin-events.ts';
import {
  REGISTRATIONS_SELECTION_MAX,
  type StaffRegistration,
} from '../../../../../contract/events-staff.ts';
import {
  ClearFilters,
  ConfirmButton,
  DataTable,
  PagedList,
  RowMenu,
  pageOf,
  SearchForm,
  StaffGate,
  useUrlState,
  type StaffIslandProps,
} from '../kit/index.ts';
import { Loader, makeT, Notice, Select } from '../../ui/index.ts';
import './events.css';

const OPEN = ['pendente', 'aguardando', 'em_aberto', 'em_analise'];

function Registrations({ slug, strings, lang, id }: StaffIslandProps & { id: number }) {
  const t = makeT(strings, lang);
  const [params, update] = useUrlState();
  const list = useStore($registrations);
  const filter: RegistrationsFilter = {
    busca: params.get('busca') ?? '',
    status: params.get('status') ?? '',
    ingresso: params.get('ingresso') ?? '',
    pagamento: params.get('pagamento') ?? '',
    ordem: params.get('ordem') ?? '',
    page: pageOf(params),
  };
  const [message, setMessage] = useState<{ kind: 'ok' | 'error'; text: string } | null>(null);
  const [busy, setBusy] = useState(false);
  // kept across pages, sorts and searches, so rows picked on several pages export together
  const [selected, setSelected] = useState<Set<number>>(() => new Set());
  useEffect(() => {
    void loadRegistrations(slug, id, filter);
  }, [
    slug,
    id,
    filter.busca,
    filter.status,
    filter.ingresso,
    filter.pagamento,
    filter.ordem,
    filter.page,
  ]);
  const data = list.data;
  if (list.state === 'error' && !data) return <Notice kind="error">{list.message}</Notice>;
  if (!data) return <Loader label={t('admin.shell.loading')} />;
  const cur = data.evento.moeda;
  const filtered = Boolean(filter.busca || filter.status || filter.ingresso || filter.pagamento);
  return (
    <>
      <h1>{t('admin.events.registrationsOf', { title: data.evento.titulo })}</h1>
      <p>
        <a href="/admin/events">{t('admin.events.back')}</a>
      </p>
      <dl className="events-totals">
        <div>
          <dt>{t('admin.events.totals.sold')}</dt>
          <dd>{data.totais.vendidos}</dd>
        </div>
        <div>
          <dt>{t('admin.events.totals.collected')}</dt>
          <dd>{money(data.totais.arrecadado, cur, lang)}</dd>
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
      {message && <Notice kind={message.kind}>{message.text}</Notice>}
      <SearchForm
        className="staff-toolbar events-filters"
        boxClass="events-search"
        label={t('admin.events.reg.search')}
        button={t('admin.events.searchButton')}
        maxLength={100}
        value={filter.busca}
        update={update}
      >
        <Select
          label={t('admin.events.reg.status')}
          name="status"
          value={filter.status}
          placeholder={t('admin.events.reg.any')}
          options={(['confirmada', 'pendente', 'cancelada'] as const).map((s) => ({
            value: s,
            label: t(`admin.events.status.${s}`),
          }))}
          onChange={(v) => update({ status: v || null, page: null })}
        />
        <Select
          label={t('admin.events.reg.ticket')}
          name="ingresso"
          value={filter.ingresso}
          placeholder={t('admin.events.reg.any')}
          options={data.ingressos.map((k) => ({ value: String(k.id), label: k.nome }))}
          onChange={(v) => update({ ingresso: v || null, page: null })}
        />
        <Select
          label={t('admin.events.reg.payment')}
          name="pagamento"
          value={filter.pagamento}
          placeholder={t('admin.events.reg.any')}
          options={[
            { value: 'pago', label: t('admin.events.reg.paid') },
            { value: 'pendente', label: t('admin.events.reg.unpaid') },
          ]}
          onChange={(v) => update({ pagamento: v || null, page: null })}
        />
        <ClearFilters
          show={filtered}
          keys={['busca', 'status', 'ingresso', 'pagamento']}
          label={t('admin.events.clear')}
          update={update}
        />
        <button
          type="button"
          className="button secondary"
          onClick={async () => {
            const failure = await exportCsv(slug, id, filter);
            if (failure) setMessage({ kind: 'error', text: failure.message });
          }}
        >
          {t('admin.events.csv')}
        </button>
      </SearchForm>
      {selected.size > 0 && (
        <div className="events-selection">
          <p role="status">{t.plural('admin.events.reg.selected', selected.size)}</p>
          <button
            type="button"
            className="button"
            onClick={async () => {
              if (selected.size > REGISTRATIONS_SELECTION_MAX)
                return setMessage({
                  kind: 'error',
                  text: t('admin.events.reg.tooMany', { max: REGISTRATIONS_SELECTION_MAX }),
                });
              const failure = await exportCsv(slug, id, filter, [...selected]);
              if (failure) setMessage({ kind: 'error', text: failure.message });
            }}
          >
            {t('admin.events.reg.csvSelected')}
          </button>
          <button type="button" className="button secondary" onClick={() => setSelected(new Set())}>
            {t('admin.events.reg.clearSelection')}
          </button>
        </div>
      )}
      <PagedList
        busy={list.state === 'loading'}
        page={data}
        count="admin.events.reg.count"
        update={update}
        t={t}
      >
        {data.inscricoes.length === 0 ? (
          <p>{t(filtered ? 'admin.events.noMatch' : 'admin.events.reg.empty')}</p>
        ) : (
          <DataTable<StaffRegistration, number>
            caption={t('admin.events.reg.table')}
            rows={data.inscricoes}
            rowKey={(r) => r.id}
            rowClass={(r) => `reg-${r.status}`}
            sort={filter.ordem || '-data'}
            onSort={(ordem) => update({ ordem: ordem === '-data' ? null : ordem, page: null })}
            selection={{
              selected,
              onChange: setSelected,
              rowLabel: (key) => {
                const r = data.inscricoes.find((x) => x.id === key);
                return t('admin.events.reg.select', {
                  name: r?.nomeTitular ?? '',
                  code: r?.codigo ?? '',
                });
              },
              allLabel: t('admin.events.reg.selectPage'),
            }}
            columns={[
              {
                key: 'titular',
                label: t('admin.events.reg.col.holder'),
                sortable: true,
                className: 'events-holder',
                cell: (r) => (
                  <>
                    {r.nomeTitular}
                    <span className="events-hint">
                      <code>{r.codigo}</code>
                      {' · '}
                      {t('admin.events.reg.buyer', {
                        name: r.comprador.nome,
                        email: r.comprador.email,
                      })}
                    </span>
                    {data.perguntas
                      .filter((q) => r.respostas[q.id])
                      .map((q) => (
                        <span key={q.id} className="events-hint">
                          {q.titulo}: {r.respostas[q.id]}
                        </span>
                      ))}
                  </>
                ),
              },
              {
                key: 'ingresso',
                label: t('admin.events.reg.col.ticket'),
                sortable: true,
                cell: (r) => r.ingresso.nome,
              },
              {
                key: 'status',
                label: t('admin.events.reg.col.status'),
                sortable: true,
                cell: (r) => (
                  <span className={`events-badge ${r.status === 'confirmada' ? 'on' : 'off'}`}>
                    {t(`admin.events.status.${r.status}`)}
                  </span>
                ),
              },
              {
                key: 'pagamento',
                label: t('admin.events.reg.col.payment'),
                sortable: true,
                descFirst: true,
                cell: (r) =>
                  r.pagamento ? (
                    <>
                      {money(r.pagamento.total, cur, lang)}
                      <span className="events-hint">
                        {t(
                          `admin.events.pay.${OPEN.includes(r.pagamento.status) ? 'open' : r.pagamento.status}`,
                        )}{' '}
                        · {r.pagamento.codigo}
                      </span>
                    </>
                  ) : (
                    t('admin.events.reg.noPayment')
                  ),
              },
              {
                key: 'checkin',
                label: t('admin.events.reg.col.checkin'),
                sortable: true,
                descFirst: true,
                cell: (r) =>
                  r.checkin
                    ? t('admin.events.reg.admittedAt', {
                        when: mediumDateTime(r.checkin.quando, lang),
                        door: r.checkin.porta || t('admin.events.door.noDoor'),
                      })
                    : t('admin.events.reg.notAdmitted'),
              },
              {
                key: 'data',
                label: t('admin.events.reg.col.date'),
                sortable: true,
                descFirst: true,
                className: 'events-nowrap',
                cell: (r) => mediumDateTime(r.dataCadastro, lang),
              },
            ]}
            actionsLabel={t('admin.events.reg.actions')}
            actions={(r) => (r.status === 'cancelada' ? null : rowActions(r))}
          />
        )}
      </PagedList>
    </>
  );

  /** A row's menu: a plain function, not a component, so a re-render keeps the menu open. */
  function rowActions(r: StaffRegistration) {
    const paid = r.pagamento?.status === 'aprovado' && r.pagamento.total > 0;
    const others = (r.pagamento?.ingressos ?? 1) - 1;
    return (
      <RowMenu label={t('admin.events.reg.actions')} of={`${r.nomeTitular} (${r.codigo})`}>
        <button
          type="button"
          className="button secondary"
          disabled={busy}
          onClick={async () => {
            setBusy(true);
            const out = await resendOne(slug, id, r.id);
            setBusy(false);
            setMessage(
              'failure' in out
                ? { kind: 'error', text: out.failure.message }
                : { kind: 'ok', text: t('admin.events.reg.resent', { email: out.ok }) },
            );
          }}
        >
          {t('admin.events.reg.resend')}
        </button>
        <ConfirmButton
          label={t(paid ? 'admin.events.reg.refund' : 'admin.events.reg.cancel')}
          title={t(paid ? 'admin.events.reg.refundTitle' : 'admin.events.reg.cancelTitle', {
            name: r.nomeTitular,
          })}
          explanation={
            t(paid ? 'admin.events.reg.refundExplain' : 'admin.events.reg.cancelExplain', {
              amount: r.pagamento ? money(r.pagamento.total, cur, lang) : '',
            }) + (others > 0 ? ` ${t.plural('admin.events.reg.sameOrder', others)}` : '')
          }
          confirmLabel={t(paid ? 'admin.events.reg.refund' : 'admin.events.reg.cancel')}
          cancelLabel={t('admin.shell.cancel')}
          busy={busy}
          onConfirm={async () => {
            setBusy(true);
            const out = await cancelOne(slug, id, r.id, filter);
            setBusy(false);
            setMessage(
              'failure' in out
                ? { kind: 'error', text: out.failure.message }
                : {
                    kind: 'ok',
                    text: t(
                      out.ok.resultado === 'estornado'
                        ? 'admin.events.reg.refunded'
                        : 'admin.events.reg.cancelled',
                    ),
                  },
            );
          }}
        />
      </RowMenu>
    );
  }
}

export default function RegistrationsIsland(props: StaffIslandProps & { id: number }) {
  return (
    <StaffGate {...props} area="registrations">
      {() => <Registrations {...props} />}
    </StaffGate>
  );
}
