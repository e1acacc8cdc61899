// An item's editorial state as a badge (docs/staff.md "Content"): draft, scheduled, published, archived.
import type { ContentStatusName } from '../../../../../contract/content-staff.ts';
import type { T } from '../../ui/index.ts';

export function StatusBadge({ status, t }: { status: ContentStatusName; t: T }) {
  return (
    <span className={`staff-badge content-status content-status-${status}`}>
      {t(`admin.content.status.${status}`)}
    </span>
  );
}
