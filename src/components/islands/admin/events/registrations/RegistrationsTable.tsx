// The registrations table (the staff kit's DataTable, built for 700+ rows): columns sorted by the
// server, rows selected for a CSV of their own, and per row a menu to resend the ticket e-mail or
// cancel/refund the whole order (through the payment pipeline: its seats return to sale).
import { useStore } from '@nanostores/react';
import type {
  RegistrationsPage,
  StaffRegistration,
} from '../../../../../../contract/events-staff.ts';
import type { Lang } from '../../../../../../contract/language.ts';
import { mediumDateTime, money } from '../../../../../../common/format.ts';
import type { RegistrationsFilter } from '../../../../../lib/staff/events-api.ts';
import {
  $registrationsDesk,
  cancelRegistrationOf,
  resendRegistration,
  selectRegistrations,
} from '../../../../../stores/admin-events.ts';
import { ConfirmButton, DataTable, RowMenu } from '../../kit/index.ts';
import type { T } from '../../../ui/index.ts';

const OPEN = ['pendente', 'aguardando', 'em_aberto', 'em_analise'];

interface RowContext {
  slug: string;
  id: number;
  filter: RegistrationsFilter;
  busy: boolean;
  cur: string;
  t: T;
  lang: Lang;
}

export function RegistrationsTable({
  slug,
  id,
  data,
  filter,
  update,
  t,
  lang,
}: {
  slug: string;
  id: number;
  data: RegistrationsPage;
  filter: RegistrationsFilter;
  update: (changes: Record<string, string | number | null>) => void;
  t: T;
  lang: Lang;
}) {
  const { selected, busy } = useStore($registrationsDesk);
  const cur = data.evento.moeda;
  const actions = (r: StaffRegistration) => rowActions(r, { slug, id, filter, busy, cur, t, lang });
  return (
    <DataTable<StaffRegistration, number>
      caption={t('admin.events.reg.table')}
      rows={data.inscricoes}
      rowKey={(r) => r.id}
      rowClass={(r) => `reg-${r.status}`}
      sort={filter.ordem || '-data'}
      onSort={(ordem) => update({ ordem: ordem === '-data' ? null : ordem, page: null })}
      selection={{
        selected,
        onChange: selectRegistrations,
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
      actions={(r) => (r.status === 'cancelada' ? null : actions(r))}
    />
  );
}

/** A row's menu: a plain function, not a component, so a re-render keeps the menu open. */
function rowActions(r: StaffRegistration, { slug, id, filter, busy, cur, t, lang }: RowContext) {
  const paid = r.pagamento?.status === 'aprovado' && r.pagamento.total > 0;
  const others = (r.pagamento?.ingressos ?? 1) - 1;
  return (
    <RowMenu label={t('admin.events.reg.actions')} of={`${r.nomeTitular} (${r.codigo})`}>
      <button
        type="button"
        className="button secondary"
        disabled={busy}
        onClick={() =>
          void resendRegistration(slug, id, r.id, (email) =>
            t('admin.events.reg.resent', { email }),
          )
        }
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
        onConfirm={() =>
          cancelRegistrationOf(slug, id, r.id, filter, {
            refunded: t('admin.events.reg.refunded'),
            cancelled: t('admin.events.reg.cancelled'),
          })
        }
      />
    </RowMenu>
  );
}
