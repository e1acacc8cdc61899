// /admin/events (docs/events.md "The staff side"): the church's events, upcoming or past, with
// search in the address, the shared pager, and per event what the caller's roles allow: edit,
// registrations, check-in. The door volunteer and the treasurer start here too.
import { useStore } from '@nanostores/react';
import { useEffect } from 'react';
import type { StaffMe } from '../../../../../contract/staff.ts';
import { mediumDateTime } from '../../../../../common/format.ts';
import { $eventsList, loadEvents } from '../../../../stores/admin-events.ts';
import {
  ListPager,
  pageOf,
  SearchForm,
  StaffGate,
  useUrlState,
  type StaffIslandProps,
} from '../kit/index.ts';
import { makeT, Notice } from '../../ui/index.ts';
import './events.css';

function EventsList({ slug, strings, lang, me }: StaffIslandProps & { me: StaffMe }) {
  const t = makeT(strings, lang);
  const [params, update] = useUrlState();
  const list = useStore($eventsList);
  const busca = params.get('busca') ?? '';
  const quando = params.get('quando') === 'passados' ? 'passados' : 'proximos';
  const page = pageOf(params);
  const vista = params.get('vista') ?? '';
  useEffect(() => {
    void loadEvents(slug, { busca, quando, page });
  }, [slug, busca, quando, page]);
  const may = (area: string) => me.areas.includes(area as never);
  const intro =
    vista === 'checkin' || (!may('events') && !may('registrations'))
      ? t('admin.events.introCheckin')
      : vista === 'inscricoes' || !may('events')
        ? t('admin.events.introRegistrations')
        : t('admin.events.intro');
  return (
    <>
      <div className="events-head">
        <h1>{t('admin.events.title')}</h1>
        {may('events') && (
          <a className="button" href="/admin/events/new">
            {t('admin.events.new')}
          </a>
        )}
      </div>
      <p>{intro}</p>
      <SearchForm
        className="staff-toolbar events-filters"
        boxClass="events-search"
        label={t('admin.events.search')}
        button={t('admin.events.searchButton')}
        maxLength={100}
        value={busca}
        update={update}
      >
        <div className="events-tabs" role="group" aria-label={t('admin.events.when')}>
          {(['proximos', 'passados'] as const).map((w) => (
            <button
              key={w}
              type="button"
              className={`button ${w === quando ? '' : 'secondary'}`}
              aria-pressed={w === quando}
              onClick={() => update({ quando: w === 'proximos' ? null : w, page: null })}
            >
              {t(`admin.events.when.${w}`)}
            </button>
          ))}
        </div>
      </SearchForm>
      <ListPager
        list={list}
        data={list.data}
        page={(data) => data}
        count="admin.events.count"
        update={update}
        t={t}
      >
        {(data) =>
          data.eventos.length === 0 ? (
            busca ? (
              <p>{t('admin.events.noMatch')}</p>
            ) : (
              <div className="events-empty">
                <h2>{t('admin.events.emptyTitle')}</h2>
                <p>{t(may('events') ? 'admin.events.empty' : 'admin.events.emptyOther')}</p>
              </div>
            )
          ) : (
            <ul className="events-cards">
              {data.eventos.map((e) => (
                <li key={e.id} className="events-card">
                  <h2>
                    {may('events') ? <a href={`/admin/events/${e.id}`}>{e.titulo}</a> : e.titulo}{' '}
                    <span className={`events-badge ${e.publicado ? 'on' : 'off'}`}>
                      {t(e.publicado ? 'admin.events.published' : 'admin.events.draft')}
                    </span>
                  </h2>
                  <p>
                    <time dateTime={e.dataInicio}>
                      {mediumDateTime(e.dataInicio, lang, e.fusoHorario)}
                    </time>
                    {e.local ? ` · ${e.local}` : ''}
                  </p>
                  <p className="events-figures">
                    {t('admin.events.soldOf', { sold: e.vendidos, stock: e.estoque })} ·{' '}
                    {t.plural('admin.events.admitted', e.admitidos)}
                  </p>
                  <p className="events-actions">
                    {may('events') && (
                      <a className="button secondary" href={`/admin/events/${e.id}`}>
                        {t('admin.events.edit')}
                      </a>
                    )}
                    {may('registrations') && (
                      <a
                        className={`button ${vista === 'inscricoes' ? '' : 'secondary'}`}
                        href={`/admin/events/${e.id}/registrations`}
                      >
                        {t('admin.events.registrations')}
                      </a>
                    )}
                    {may('checkin') && (
                      <a
                        className={`button ${vista === 'checkin' || !may('events') ? '' : 'secondary'}`}
                        href={`/admin/events/${e.id}/checkin`}
                      >
                        {t('admin.events.checkin')}
                      </a>
                    )}
                  </p>
                </li>
              ))}
            </ul>
          )
        }
      </ListPager>
    </>
  );
}

export default function EventsListIsland(props: StaffIslandProps) {
  const area = 'dashboard';
  return (
    <StaffGate {...props} area={area}>
      {(me) =>
        ['events', 'registrations', 'checkin'].some((a) => me.areas.includes(a as never)) ? (
          <EventsList {...props} me={me} />
        ) : (
          <Notice kind="error">
            {makeT(props.strings, props.lang)('admin.shell.areaRefused')}
          </Notice>
        )
      }
    </StaffGate>
  );
}
