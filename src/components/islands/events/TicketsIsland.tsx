// /event/{id}/tickets: each chosen ticket's holder and questions, one at a time, "ticket x of
// n" (spec §2). The answers live in the checkout store, so a reload or ?fillTicket resumes.
import { useStore } from '@nanostores/react';
import { useEffect, useState } from 'react';
import type { HolderQuestionWire } from '../../../../contract/events.ts';
import { $session } from '../../../stores/session.ts';
import {
  $checkout,
  bindCheckoutStorage,
  holderErrors,
  seatsOf,
  setHolder,
  startEventCheckout,
  type CheckoutEvent,
  type CheckoutHolder,
} from '../../../stores/checkout.ts';
import { money } from '../../../../common/format.ts';
import { Field, Loader, makeT, Notice, Select, type IslandProps } from '../ui/index.ts';
import { useBuyer } from './use-buyer.ts';

interface Props extends IslandProps {
  slug: string;
  event: CheckoutEvent;
  tickets: { id: number; nome: string; valor: number; perguntas: HolderQuestionWire[] }[];
  /** Quantities chosen on the event page (?q{ticketId}=n); empty when resuming. */
  quantities: Record<string, number>;
  /** spec §2 fillTicket: the 1-based ticket to show first. */
  fillTicket: number | null;
}

export default function TicketsIsland(props: Props) {
  const t = makeT(props.strings, props.lang);
  const { ready } = useBuyer(props.church, !!props.event.flagVisitante);
  const state = useStore($checkout);
  const session = useStore($session);
  const [index, setIndex] = useState(0);
  const [touched, setTouched] = useState(false);
  const [started, setStarted] = useState(false);

  useEffect(() => {
    bindCheckoutStorage(sessionStorage);
    if (!ready) return;
    const chosen = props.tickets.map((x) => ({
      ...x,
      quantity: Math.max(0, Math.min(50, props.quantities[String(x.id)] ?? 0)),
    }));
    const resume = state.eventCheckout?.event.id === props.event.id;
    if (chosen.some((x) => x.quantity > 0)) {
      const user = session.user;
      startEventCheckout(
        props.event,
        chosen,
        user ? [user.nome, user.sobrenome].filter(Boolean).join(' ') : '',
      );
      history.replaceState(
        history.state,
        '',
        `${location.pathname}${props.fillTicket ? `?fillTicket=${props.fillTicket}` : ''}`,
      );
    }
    const seats = seatsOf($checkout.get().eventCheckout);
    if (props.fillTicket && props.fillTicket <= seats.length) setIndex(props.fillTicket - 1);
    setStarted(resume || chosen.some((x) => x.quantity > 0));
  }, [ready]);

  if (!ready || !started) {
    if (ready && !started) {
      return (
        <Notice>
          {t('checkout.noTickets')}{' '}
          <a href={`/event/${props.event.id}`}>{t('checkout.backToEvent')}</a>
        </Notice>
      );
    }
    return <Loader label={t('checkout.loading')} inline />;
  }

  const checkout = state.eventCheckout;
  const seats = seatsOf(checkout);
  const seat = seats[Math.min(index, seats.length - 1)];
  if (!checkout || !seat) return <Notice>{t('checkout.noTickets')}</Notice>;
  const errors = holderErrors(seat.ticket, seat.holder);
  const hasErrors = Object.keys(errors).length > 0;
  const update = (patch: Partial<CheckoutHolder>) =>
    setHolder(seat.ticketIndex, seat.seatIndex, { ...seat.holder, ...patch });
  const message = (key: string) =>
    touched && errors[key] ? t(`checkout.error.${errors[key]}`) : undefined;

  const next = () => {
    if (hasErrors) {
      setTouched(true);
      // the first field to fix gets the focus, so keyboard and screen-reader users land on it
      setTimeout(
        () => document.querySelector<HTMLElement>('.ev-form [aria-invalid="true"]')?.focus(),
        0,
      );
      return;
    }
    setTouched(false);
    if (index < seats.length - 1) {
      setIndex(index + 1);
      history.replaceState(history.state, '', `${location.pathname}?fillTicket=${index + 2}`);
      document.getElementById('holder-title')?.focus();
    } else {
      location.assign('/checkout');
    }
  };

  return (
    <form
      className="ev-form"
      noValidate
      onSubmit={(e) => {
        e.preventDefault();
        next();
      }}
    >
      <p className="ev-step">{t('checkout.ticketStep', { x: index + 1, n: seats.length })}</p>
      <h2 id="holder-title" tabIndex={-1}>
        {seat.ticket.nome}{' '}
        <span className="ev-muted">
          ·{' '}
          {seat.ticket.valor === 0
            ? t('events.free')
            : money(seat.ticket.valor, checkout.event.moeda, props.lang)}
        </span>
      </h2>
      <Field
        label={t('checkout.holderName')}
        value={seat.holder.nome}
        required
        onChange={(v) => update({ nome: v })}
        error={message('nome')}
        autoComplete="name"
      />
      <Field
        label={t('checkout.holderEmail')}
        value={seat.holder.email}
        type="email"
        onChange={(v) => update({ email: v })}
        error={message('email')}
        autoComplete="email"
      />
      {seat.ticket.perguntas.map((q) =>
        q.tipo === 'select' ? (
          <Select
            key={q.id}
            label={q.titulo}
            value={seat.holder.respostas[q.id] ?? ''}
            required={q.obrigatorio}
            options={q.opcoes.map((o) => ({ value: o, label: o }))}
            placeholder={t('checkout.choose')}
            onChange={(v) => update({ respostas: { ...seat.holder.respostas, [q.id]: v } })}
            error={message(q.id)}
          />
        ) : (
          <Field
            key={q.id}
            label={q.titulo}
            value={seat.holder.respostas[q.id] ?? ''}
            required={q.obrigatorio}
            type={q.tipo === 'phone' ? 'tel' : q.tipo === 'email' ? 'email' : 'text'}
            onChange={(v) => update({ respostas: { ...seat.holder.respostas, [q.id]: v } })}
            error={message(q.id)}
          />
        ),
      )}
      <div className="ev-actions">
        {index > 0 ? (
          <button
            type="button"
            className="button secondary"
            onClick={() => {
              setTouched(false);
              setIndex(index - 1);
            }}
          >
            {t('checkout.previous')}
          </button>
        ) : (
          <a className="button secondary" href={`/event/${props.event.id}`}>
            {t('checkout.backToEvent')}
          </a>
        )}
        <button type="submit" className="button">
          {index < seats.length - 1 ? t('checkout.next') : t('checkout.goToPayment')}
        </button>
      </div>
    </form>
  );
}
