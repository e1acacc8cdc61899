// The member's registrations (spec §2 /user/registrations…): events with tickets, an event's
// tickets with the ticket data of spec §3, and a ticket's exclusive content (holders only).
// The loads are the store's (src/stores/events.ts).
import { useStore } from '@nanostores/react';
import { useEffect } from 'react';
import { longDate, timeOf } from '../../../../common/format.ts';
import { $registrations, loadRegistrations } from '../../../stores/events.ts';
import { Loader, makeT, Notice, useMember, type IslandProps } from '../ui/index.ts';
import { TicketQr } from './TicketQr.tsx';

interface Props extends IslandProps {
  slug: string;
  mode: 'list' | 'tickets' | 'content' | 'contentItem';
  eventId?: number;
  ticketId?: number;
  contentId?: number;
}

export default function RegistrationsIsland(props: Props) {
  const t = makeT(props.strings, props.lang);
  const { ready, userId } = useMember(props.church);
  const state = useStore($registrations);

  useEffect(() => {
    if (!ready || !userId) return;
    void loadRegistrations(
      userId,
      props.mode === 'list'
        ? { mode: 'list', churchId: props.church.id }
        : props.mode === 'tickets'
          ? { mode: 'tickets', slug: props.slug, eventId: props.eventId! }
          : { mode: 'content', eventId: props.eventId!, ticketId: props.ticketId! },
    );
  }, [ready, userId]);

  if (state.state === 'error')
    return <Notice kind="error">{state.message || t('checkout.error.generic')}</Notice>;
  const loaded = state.state === 'ready' ? state.data : null;
  if (!ready || !loaded) return <Loader label={t('checkout.loading')} inline />;

  if (loaded.kind === 'list') {
    if (!loaded.events.length)
      return (
        <p>
          {t('registrations.empty')} <a href="/event">{t('events.title')}</a>
        </p>
      );
    return (
      <ul className="ev-list">
        {loaded.events.map((e) => (
          <li key={e.id}>
            <a href={`/user/registrations/${e.id}/tickets`}>
              <strong>{e.titulo}</strong>
              <span>
                {longDate(e.dataInicio, props.lang, e.fusoHorario)} ·{' '}
                {timeOf(e.dataInicio, props.lang, e.fusoHorario)}
              </span>
              <span>{t.plural('registrations.count', e.qtdeInscricoes)}</span>
            </a>
          </li>
        ))}
      </ul>
    );
  }

  if (loaded.kind === 'tickets') {
    if (!loaded.tickets.length) return <p>{t('registrations.noTickets')}</p>;
    const hasContent = loaded.event?.flagConteudoOnline ?? false;
    return (
      <ul className="ev-tickets">
        {loaded.tickets.map((r) => (
          <li key={r.id} className={`ev-ticket status-${r.status}`}>
            <h2>
              {r.ingresso.nome}{' '}
              <span className="ev-badge">{t(`registrations.status.${r.status}`)}</span>
            </h2>
            <dl className="ev-facts">
              <div>
                <dt>{t('registrations.event')}</dt>
                <dd>{r.evento.titulo}</dd>
              </div>
              <div>
                <dt>{t('events.date')}</dt>
                <dd>{longDate(r.evento.dataInicio, props.lang, r.evento.fusoHorario)}</dd>
              </div>
              <div>
                <dt>{t('events.time')}</dt>
                <dd>{timeOf(r.evento.dataInicio, props.lang, r.evento.fusoHorario)}</dd>
              </div>
              {r.evento.local && (
                <div>
                  <dt>{t('events.place')}</dt>
                  <dd>{r.evento.local}</dd>
                </div>
              )}
              <div>
                <dt>{t('registrations.buyer')}</dt>
                <dd>{r.comprador.nome}</dd>
              </div>
              <div>
                <dt>{t('registrations.ticket')}</dt>
                <dd>
                  {r.ingresso.nome} · {r.codigo}
                </dd>
              </div>
              <div>
                <dt>{t('registrations.holder')}</dt>
                <dd>{r.nomeTitular}</dd>
              </div>
            </dl>
            {r.status !== 'cancelada' && (
              <>
                <TicketQr code={r.codigo} label={t('registrations.qr', { code: r.codigo })} />
                <p className="ev-qr-hint">{t('registrations.qrHint')}</p>
              </>
            )}
            <p className="ev-actions">
              {hasContent && r.status === 'confirmada' && (
                <a
                  className="button"
                  href={`/user/registrations/${r.evento.id}/ticket/${r.id}/content`}
                >
                  {t('events.button.onlineAccess')}
                </a>
              )}
              {r.pagamento && (
                <a className="button secondary" href={`/user/payment/${r.pagamento.codigo}`}>
                  {t('registrations.payment')}
                </a>
              )}
            </p>
          </li>
        ))}
      </ul>
    );
  }

  const base = `/user/registrations/${props.eventId}/ticket/${props.ticketId}/content`;
  if (props.mode === 'contentItem') {
    const item = loaded.contents.find((c) => c.id === props.contentId);
    if (!item) return <Notice kind="error">{t('registrations.contentMissing')}</Notice>;
    return (
      <article className="ev-content">
        <h2>{item.titulo}</h2>
        {item.texto && <p>{item.texto}</p>}
        {item.url && (
          <p>
            <a className="button" href={item.url} rel="noopener noreferrer" target="_blank">
              {item.tipo === 'video' ? t('registrations.watch') : t('registrations.open')}
            </a>
          </p>
        )}
        <p>
          <a href={base}>{t('registrations.backToContent')}</a>
        </p>
      </article>
    );
  }
  if (!loaded.contents.length) return <p>{t('registrations.contentMissing')}</p>;
  return (
    <ul className="ev-list">
      {loaded.contents.map((c) => (
        <li key={c.id}>
          <a href={`${base}/${c.id}`}>
            <strong>{c.titulo}</strong>
            <span>{t(`registrations.kind.${c.tipo}`)}</span>
          </a>
        </li>
      ))}
    </ul>
  );
}
