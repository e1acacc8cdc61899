// The gifts page's filters, kept in the address: a month or a period, reason, method and status
// (approved by default), and the CSV of what they select.
import { useStore } from '@nanostores/react';
import type { GiftFilter } from '../../../../../lib/staff/giving-api.ts';
import {
  $giftsDesk,
  $reasons,
  exportGifts,
  monthOf,
  monthRange,
} from '../../../../../stores/admin-giving.ts';
import { ClearFilters } from '../../kit/index.ts';
import { Field, Select, type T } from '../../../ui/index.ts';

const METHODS = ['cartao', 'pix', 'boleto', 'picpay', 'dinheiro', 'transferencia', 'ach'];
const STATUSES = ['aprovado', 'pendente', 'em_analise', 'nao_aprovado', 'cancelado', 'estornado'];

export function GiftFilters({
  slug,
  filter,
  statusParam,
  filtered,
  update,
  t,
}: {
  slug: string;
  filter: GiftFilter;
  /** The address's `status`: null is the default (approved). */
  statusParam: string | null;
  filtered: boolean;
  update: (changes: Record<string, string | number | null>) => void;
  t: T;
}) {
  const reasons = useStore($reasons);
  const { exporting } = useStore($giftsDesk);
  const month = monthOf(filter);
  const methodLabel = (m: string) => t(`admin.giving.method.${m}`);
  const statusLabel = (s: string) => t(`admin.giving.status.${s}`);
  return (
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
        onClick={() => void exportGifts(slug, filter)}
      >
        {t('admin.giving.csv')}
      </button>
    </form>
  );
}
