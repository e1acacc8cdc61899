// /admin/events/new and /admin/events/{id} (docs/events.md "The staff side"): an event's details,
// dates and place, ticket types with their holder questions, and how it is paid; then publish,
// unpublish or duplicate. The server refuses what would break what was sold, by its field.
// The form and its writes live in src/stores/admin-events.ts; each section renders a part of it.
import { useStore } from '@nanostores/react';
import { useEffect, useMemo } from 'react';
import { churchCurrency } from '../../../../../contract/payment-rules.ts';
import {
  $eventEditor,
  $eventForm,
  eventFormDirty,
  loadEvent,
  submitEvent,
} from '../../../../stores/admin-events.ts';
import { StaffGate, useUnsavedWarning, type StaffIslandProps } from '../kit/index.ts';
import { Loader, makeT, Notice, SubmitButton } from '../../ui/index.ts';
import { DoorTeam } from './DoorTeam.tsx';
import { EventAbout } from './editor/EventAbout.tsx';
import { EventHeader } from './editor/EventHeader.tsx';
import { EventPayment } from './editor/EventPayment.tsx';
import { EventTickets } from './editor/EventTickets.tsx';
import { EventWhenWhere } from './editor/EventWhenWhere.tsx';
import './events.css';

function Editor({ church, slug, strings, lang, id }: StaffIslandProps & { id: number | null }) {
  const t = makeT(strings, lang);
  const editor = useStore($eventEditor);
  const state = useStore($eventForm);
  // A new event starts in the phone's zone; a phone set to UTC gets the church's clock.
  const churchZone = church.fusoHorario;
  const browserZone = useMemo(() => {
    const zone = Intl.DateTimeFormat().resolvedOptions().timeZone;
    if (zone && zone !== 'UTC' && !zone.startsWith('Etc/')) return zone;
    return churchZone;
  }, [churchZone]);
  const currency = churchCurrency(church.pais);
  useEffect(() => {
    void loadEvent(slug, id, { zone: browserZone, currency });
  }, [slug, id, browserZone, currency]);
  useUnsavedWarning(eventFormDirty(state) && !state.busy, t('admin.shell.unsaved'));

  if (editor.state === 'error') return <Notice kind="error">{editor.message}</Notice>;
  if (!state.form) return <Loader label={t('admin.shell.loading')} />;
  return (
    <form
      className="events-editor"
      onSubmit={(e) => {
        e.preventDefault();
        void submitEvent(slug, id, t('admin.events.saved'));
      }}
      noValidate
    >
      <EventHeader slug={slug} id={id} t={t} />
      <EventAbout slug={slug} t={t} />
      <EventWhenWhere t={t} churchZone={churchZone} />
      <EventTickets t={t} />
      <EventPayment t={t} />
      <div className="events-save">
        {state.message && <Notice kind={state.message.kind}>{state.message.text}</Notice>}
        <SubmitButton
          submitting={state.busy}
          label={t('admin.events.save')}
          busyLabel={t('admin.events.saving')}
        />
      </div>
    </form>
  );
}

export default function EventEditorIsland(props: StaffIslandProps & { id: number | null }) {
  return (
    <StaffGate {...props} area="events">
      {() => (
        <>
          <Editor {...props} />
          {props.id !== null && (
            <DoorTeam slug={props.slug} id={props.id} t={makeT(props.strings, props.lang)} />
          )}
        </>
      )}
    </StaffGate>
  );
}
