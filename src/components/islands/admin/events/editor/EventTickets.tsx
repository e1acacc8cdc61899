// The editor's tickets section: each ticket type with its holder questions, and adding one.
import { addTicket } from '../../../../../stores/admin-events.ts';
import { Notice, type T } from '../../../ui/index.ts';
import { TicketFields } from './TicketFields.tsx';
import { useEventForm } from './use-event-form.ts';

export function EventTickets({ t }: { t: T }) {
  const { form, err } = useEventForm();
  return (
    <fieldset>
      <legend>{t('admin.events.section.tickets')}</legend>
      {err('ingressos') && <Notice kind="error">{err('ingressos')}</Notice>}
      {form.ingressos.map((k, i) => (
        <TicketFields key={k.id ?? `new-${i}`} i={i} t={t} />
      ))}
      <button type="button" className="button secondary" onClick={addTicket}>
        {t('admin.events.ticket.add')}
      </button>
    </fieldset>
  );
}
