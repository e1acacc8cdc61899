// The editor's sections read the one form of $eventForm (src/stores/admin-events.ts); the island
// shows them only once it is loaded, so the form is there.
import { useStore } from '@nanostores/react';
import { $eventForm, type EventForm } from '../../../../../stores/admin-events.ts';

export function useEventForm(): { form: EventForm; err: (field: string) => string | undefined } {
  const state = useStore($eventForm);
  return { form: state.form!, err: (field) => state.errors[field]?.[0] };
}
