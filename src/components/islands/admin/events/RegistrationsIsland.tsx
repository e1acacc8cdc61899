// /admin/events/{id}/registrations (docs/events.md "Registrations"): who registered, totals sold
// and collected, in a dense table built for 700+ rows (the staff kit's DataTable): columns sorted by
// the server (`ordem` in the address, with the search and filters), rows selected for a CSV of
// their own, and per row a menu to cancel/refund (the whole order, through the payment pipeline:
// its seats return to sale) and resend the ticket e-mail. The sections in registrations/ render
// src/stores/admin-events.ts.
import { useStore } from '@nanostores/react';
import { useEffect } from 'react';
import {
  $registrations,
  $registrationsDesk,
  loadRegistrations,
  registrationsFilterOf,
} from '../../../../stores/admin-events.ts';
import { PagedList, pageOf, StaffGate, useUrlState, type StaffIslandProps } from '../kit/index.ts';
import { Loader, makeT, Notice } from '../../ui/index.ts';
import { RegistrationFilters } from './registrations/RegistrationFilters.tsx';
import { RegistrationSelection } from './registrations/RegistrationSelection.tsx';
import { RegistrationsTable } from './registrations/RegistrationsTable.tsx';
import { RegistrationTotals } from './registrations/RegistrationTotals.tsx';
import './events.css';

function Registrations({ slug, strings, lang, id }: StaffIslandProps & { id: number }) {
  const t = makeT(strings, lang);
  const [params, update] = useUrlState();
  const list = useStore($registrations);
  const { message } = useStore($registrationsDesk);
  const filter = registrationsFilterOf(params, pageOf(params));
  const key = JSON.stringify(filter);
  useEffect(() => {
    void loadRegistrations(slug, id, filter);
    // the filter is new each render: its text says when it changed
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, [slug, id, key]);
  const data = list.data;
  if (list.state === 'error' && !data) return <Notice kind="error">{list.message}</Notice>;
  if (!data) return <Loader label={t('admin.shell.loading')} />;
  const filtered = Boolean(filter.busca || filter.status || filter.ingresso || filter.pagamento);
  const where = { slug, id, filter, t };
  return (
    <>
      <h1>{t('admin.events.registrationsOf', { title: data.evento.titulo })}</h1>
      <p>
        <a href="/admin/events">{t('admin.events.back')}</a>
      </p>
      <RegistrationTotals data={data} t={t} lang={lang} />
      {message && <Notice kind={message.kind}>{message.text}</Notice>}
      <RegistrationFilters {...where} data={data} filtered={filtered} update={update} />
      <RegistrationSelection {...where} />
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
          <RegistrationsTable {...where} data={data} update={update} lang={lang} />
        )}
      </PagedList>
    </>
  );
}

export default function RegistrationsIsland(props: StaffIslandProps & { id: number }) {
  return (
    <StaffGate {...props} area="registrations">
      {() => <Registrations {...props} />}
    </StaffGate>
  );
}
