// The door's "already used" detail (docs/events.md "Check-in at the door"): when and where the
// ticket was admitted, told like the server's first line (contract/messages/staff-events.ts
// `staff.events.checkin.jaUsado`): the moment in the event's own zone, named when the phone is in
// another, and "the door" when the scan gave no door name.
import type { CheckinAnswer } from '../../../../../contract/events-staff.ts';
import { mediumDateTime, type Lang } from '../../../../../common/format.ts';
import type { T } from '../../ui/index.ts';

/** The phone's own zone. */
export const deviceZone = (): string => Intl.DateTimeFormat().resolvedOptions().timeZone;

/** "Nov 26, 2026, 1:42 AM at Main door, by Ana", with "(America/Sao_Paulo)" after the time when the phone is elsewhere. */
export function usedLine(
  use: NonNullable<CheckinAnswer['uso']>,
  t: T,
  lang: Lang,
  eventZone: string,
  phoneZone: string = deviceZone(),
): string {
  const when = mediumDateTime(use.quando, lang, eventZone);
  return t('admin.events.door.usedBy', {
    when: phoneZone === eventZone ? when : `${when} (${eventZone})`,
    door: use.porta || t('admin.events.door.noDoor'),
    name: use.por,
  });
}
