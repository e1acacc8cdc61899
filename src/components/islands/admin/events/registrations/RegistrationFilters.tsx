// The registrations page's search and filters (kept in the address), and the CSV of what they show.
import type { RegistrationsPage } from '../../../../../../contract/events-staff.ts';
import type { RegistrationsFilter } from '../../../../../lib/staff/events-api.ts';
import { exportRegistrations } from '../../../../../stores/admin-events.ts';
import { ClearFilters, SearchForm } from '../../kit/index.ts';
import { Select, type T } from '../../../ui/index.ts';

type Update = (changes: Record<string, string | number | null>) => void;

export function RegistrationFilters({
  slug,
  id,
  data,
  filter,
  filtered,
  update,
  t,
}: {
  slug: string;
  id: number;
  data: RegistrationsPage;
  filter: RegistrationsFilter;
  filtered: boolean;
  update: Update;
  t: T;
}) {
  return (
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
        onClick={() => void exportRegistrations(slug, id, filter)}
      >
        {t('admin.events.csv')}
      </button>
    </SearchForm>
  );
}
