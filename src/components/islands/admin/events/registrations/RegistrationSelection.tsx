// The rows picked (on any page): their CSV, or the selection cleared.
import { useStore } from '@nanostores/react';
import { REGISTRATIONS_SELECTION_MAX } from '../../../../../../contract/events-staff.ts';
import type { RegistrationsFilter } from '../../../../../lib/staff/events-api.ts';
import {
  $registrationsDesk,
  exportRegistrations,
  selectRegistrations,
} from '../../../../../stores/admin-events.ts';
import type { T } from '../../../ui/index.ts';

export function RegistrationSelection({
  slug,
  id,
  filter,
  t,
}: {
  slug: string;
  id: number;
  filter: RegistrationsFilter;
  t: T;
}) {
  const { selected } = useStore($registrationsDesk);
  if (selected.size === 0) return null;
  return (
    <div className="events-selection">
      <p role="status">{t.plural('admin.events.reg.selected', selected.size)}</p>
      <button
        type="button"
        className="button"
        onClick={() =>
          void exportRegistrations(slug, id, filter, {
            tooMany: t('admin.events.reg.tooMany', { max: REGISTRATIONS_SELECTION_MAX }),
          })
        }
      >
        {t('admin.events.reg.csvSelected')}
      </button>
      <button
        type="button"
        className="button secondary"
        onClick={() => selectRegistrations(new Set())}
      >
        {t('admin.events.reg.clearSelection')}
      </button>
    </div>
  );
}
