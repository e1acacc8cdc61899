// /admin/people (docs/staff.md "People"): the church's directory. Search by name, e-mail, phone
// or member number; filters by role, group and status; all of them in the address; CSV export.
import { useStore } from '@nanostores/react';
import { useEffect, useState } from 'react';
import type { StaffRole } from '../../../../../contract/staff.ts';
import type { PeopleFilter } from '../../../../lib/staff/people-api.ts';
import { $people, exportPeopleCsv, loadPeople } from '../../../../stores/admin-people.ts';
import {
  ClearFilters,
  ListPager,
  pageOf,
  SearchForm,
  StaffGate,
  useUrlState,
  type StaffIslandProps,
} from '../kit/index.ts';
import { makeT, Notice, Select } from '../../ui/index.ts';
import { PeopleTabs } from './PeopleTabs.tsx';
import './people.css';

/** contract/staff.ts STAFF_ROLES (copied: islands import no zod); `membro` is nobody with a role. */
export const ROLES: readonly StaffRole[] = [
  'ROLE_SUPER_ADMIN',
  'ROLE_ADMIN',
  'ROLE_ADMIN_CONTENT',
  'ROLE_ADMIN_FINANCE',
  'ROLE_ADMIN_CHECKIN',
  'ROLE_ADMIN_KIDS',
  'ROLE_CHAT',
];

function Directory({ slug, strings, lang }: StaffIslandProps) {
  const t = makeT(strings, lang);
  const [params, update] = useUrlState();
  const people = useStore($people);
  const filter: PeopleFilter = {
    busca: params.get('busca'),
    papel: params.get('papel'),
    grupo: Number(params.get('grupo')) || null,
    status: params.get('status'),
  };
  const page = pageOf(params);
  const [notice, setNotice] = useState('');
  const [exporting, setExporting] = useState(false);
  const key = JSON.stringify([filter, page]);
  useEffect(() => {
    void loadPeople(slug, filter, page);
  }, [slug, key]);
  const data = people.data;
  const filtered = !!(filter.busca || filter.papel || filter.grupo || filter.status);
  const roleLabel = (r: string) => t(`admin.people.role.${r}`);
  return (
    <>
      <h1>{t('admin.people.title')}</h1>
      <PeopleTabs current="directory" t={t} />
      <p className="staff-actions">
        <a className="button" href="/admin/people/invitations">
          {t('admin.people.invite')}
        </a>
      </p>
      <SearchForm
        className="people-search"
        label={t('admin.people.search')}
        hint={t('admin.people.searchHint')}
        button={t('admin.people.searchButton')}
        buttonClass="button"
        value={filter.busca ?? ''}
        update={update}
      />
      <div className="staff-toolbar">
        <Select
          label={t('admin.people.role')}
          name="papel"
          value={filter.papel ?? ''}
          placeholder={t('admin.people.anyRole')}
          options={[...ROLES, 'membro'].map((r) => ({ value: r, label: roleLabel(r) }))}
          onChange={(v) => update({ papel: v || null, page: null })}
        />
        <Select
          label={t('admin.people.group')}
          name="grupo"
          value={filter.grupo ? String(filter.grupo) : ''}
          placeholder={t('admin.people.anyGroup')}
          options={(data?.grupos ?? []).map((g) => ({ value: String(g.id), label: g.nome }))}
          onChange={(v) => update({ grupo: v || null, page: null })}
        />
        <Select
          label={t('admin.people.status')}
          name="status"
          value={filter.status ?? ''}
          placeholder={t('admin.people.anyStatus')}
          options={['ativo', 'inativo'].map((s) => ({
            value: s,
            label: t(`admin.people.status.${s}`),
          }))}
          onChange={(v) => update({ status: v || null, page: null })}
        />
        <ClearFilters
          show={filtered}
          keys={['busca', 'papel', 'grupo', 'status']}
          label={t('admin.people.clear')}
          update={update}
        />
        <button
          type="button"
          className="button secondary"
          disabled={exporting}
          aria-busy={exporting || undefined}
          onClick={async () => {
            setExporting(true);
            const failure = await exportPeopleCsv(slug, filter);
            setExporting(false);
            setNotice(failure ? failure.message : '');
          }}
        >
          {t('admin.people.csv')}
        </button>
      </div>
      {notice && <Notice kind="error">{notice}</Notice>}
      <ListPager
        list={people}
        data={data}
        page={(data) => data}
        count="admin.people.count"
        update={update}
        t={t}
      >
        {(data) =>
          data.pessoas.length === 0 ? (
            <p>{filtered ? t('admin.people.noMatch') : t('admin.people.empty')}</p>
          ) : (
            <table className="staff-table">
              <caption className="visually-hidden">{t('admin.people.title')}</caption>
              <thead>
                <tr>
                  <th scope="col">{t('admin.people.name')}</th>
                  <th scope="col">{t('admin.people.contact')}</th>
                  <th scope="col">{t('admin.people.number')}</th>
                  <th scope="col">{t('admin.people.roles')}</th>
                </tr>
              </thead>
              <tbody>
                {data.pessoas.map((p) => (
                  <tr key={p.id}>
                    <td data-label={t('admin.people.name')}>
                      <a href={`/admin/people/${p.id}`}>{p.nome}</a>
                      {!p.ativo && (
                        <>
                          {' '}
                          <span className="staff-badge">{t('admin.people.status.inativo')}</span>
                        </>
                      )}
                    </td>
                    <td data-label={t('admin.people.contact')}>
                      {p.email}
                      {p.telefone && (
                        <>
                          <br />
                          {p.telefone}
                        </>
                      )}
                    </td>
                    <td data-label={t('admin.people.number')}>{p.numeroMembro ?? '—'}</td>
                    <td data-label={t('admin.people.roles')}>
                      {p.roles.length
                        ? p.roles.map((r) => (
                            <span key={r} className="staff-badge">
                              {roleLabel(r)}
                            </span>
                          ))
                        : '—'}
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

export default function PeopleIsland(props: StaffIslandProps) {
  return (
    <StaffGate {...props} area="people">
      {() => <Directory {...props} />}
    </StaffGate>
  );
}
