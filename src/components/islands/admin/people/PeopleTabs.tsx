// The people area's own menu (docs/staff.md "People"): directory, invitations and deletion requests.
import { StaffTabs } from '../kit/index.ts';
import type { T } from '../../ui/index.ts';

const TABS = [
  ['directory', '/admin/people'],
  ['invitations', '/admin/people/invitations'],
  ['requests', '/admin/people/requests'],
] as const;

export function PeopleTabs({ current, t }: { current: (typeof TABS)[number][0] | null; t: T }) {
  return (
    <StaffTabs
      tabs={TABS}
      current={current}
      label={t('admin.people.tabs')}
      tabLabel={(key) => t(`admin.people.tab.${key}`)}
    />
  );
}
