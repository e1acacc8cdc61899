// The Play area's own menu (docs/staff.md "Play"): videos, collections, tags, plans, subscribers, settings.
import { StaffTabs } from '../kit/index.ts';
import type { T } from '../../ui/index.ts';

export const PLAY_TABS = [
  ['videos', '/admin/play'],
  ['collections', '/admin/play/collections'],
  ['tags', '/admin/play/tags'],
  ['plans', '/admin/play/plans'],
  ['subscribers', '/admin/play/subscribers'],
  ['settings', '/admin/play/settings'],
] as const;
export type PlayTab = (typeof PLAY_TABS)[number][0];

export function PlayTabs({ t, current }: { t: T; current: PlayTab }) {
  return (
    <StaffTabs
      tabs={PLAY_TABS}
      current={current}
      label={t('admin.play.tabs')}
      tabLabel={(key) => t(`admin.play.tab.${key}`)}
    />
  );
}
