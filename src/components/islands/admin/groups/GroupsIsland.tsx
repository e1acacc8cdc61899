// /admin/groups (docs/staff.md "Groups"): the church's groups with leader, day, members, pending
// requests and state; search by name in the address; a new group.
import { useStore } from '@nanostores/react';
import { useEffect } from 'react';
import { $groups, loadGroups } from '../../../../stores/admin-groups.ts';
import { SearchForm, StaffGate, useUrlState, type StaffIslandProps } from '../kit/index.ts';
import { Loader, makeT, Notice } from '../../ui/index.ts';
import { weekdayName } from './weekday.ts';
import './groups.css';

function GroupsList({ slug, strings, lang }: StaffIslandProps) {
  const t = makeT(strings, lang);
  const [params, update] = useUrlState();
  const busca = params.get('busca');
  const groups = useStore($groups);
  useEffect(() => {
    void loadGroups(slug, busca);
  }, [slug, busca]);
  const data = groups.data;
  return (
    <>
      <h1>{t('admin.groups.title')}</h1>
      <div className="staff-toolbar groups-admin-toolbar">
        <SearchForm
          className="groups-admin-search"
          label={t('admin.groups.search')}
          button={t('admin.groups.searchButton')}
          value={busca ?? ''}
          maxLength={100}
          update={update}
        />
        <a className="button" href="/admin/groups/new">
          {t('admin.groups.new')}
        </a>
      </div>
      {groups.state === 'error' && <Notice kind="error">{groups.message}</Notice>}
      {!data ? (
        groups.state !== 'error' && <Loader label={t('admin.groups.loading')} />
      ) : data.grupos.length === 0 ? (
        <p>{busca ? t('admin.groups.noMatch') : t('admin.groups.empty')}</p>
      ) : (
        <table className="staff-table groups-admin-table">
          <caption className="visually-hidden">{t('admin.groups.title')}</caption>
          <thead>
            <tr>
              <th scope="col">{t('admin.groups.name')}</th>
              <th scope="col">{t('admin.groups.leader')}</th>
              <th scope="col">{t('admin.groups.when')}</th>
              <th scope="col">{t('admin.groups.members')}</th>
              <th scope="col">{t('admin.groups.state')}</th>
            </tr>
          </thead>
          <tbody>
            {data.grupos.map((g) => (
              <tr key={g.id}>
                <td>
                  <a href={`/admin/groups/${g.id}`}>{g.nome}</a>
                  {g.bairro && <small className="groups-admin-muted"> · {g.bairro}</small>}
                </td>
                <td data-label={t('admin.groups.leader')}>{g.lider?.nome ?? '—'}</td>
                <td data-label={t('admin.groups.when')}>
                  {weekdayName(g.diaSemana, lang)} {g.horario}
                </td>
                <td data-label={t('admin.groups.members')}>
                  {g.qtdeMembros}{' '}
                  {g.pendentes > 0 && (
                    <span className="staff-badge">
                      {t('admin.groups.pendingCount', { count: g.pendentes })}
                    </span>
                  )}
                </td>
                <td>
                  <span className="staff-badge">
                    {t(
                      g.ativo
                        ? g.aberta
                          ? 'admin.groups.open'
                          : 'admin.groups.full'
                        : 'admin.groups.inactive',
                    )}
                  </span>
                </td>
              </tr>
            ))}
          </tbody>
        </table>
      )}
    </>
  );
}

export default function GroupsIsland(props: StaffIslandProps) {
  return (
    <StaffGate {...props} area="groups">
      {() => <GroupsList {...props} />}
    </StaffGate>
  );
}
