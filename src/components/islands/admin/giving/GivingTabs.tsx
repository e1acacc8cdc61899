// The giving area's own menu (docs/staff.md "Giving"): dashboard and gifts, reasons, recurring
// gifts, yearly statements.
import { StaffTabs } from '../kit/index.ts';
import type { T } from '../../ui/index.ts';

const TABS = [
  ['gifts', '/admin/giving'],
  ['reasons', '/admin/giving/reasons'],
  ['recurring', '/admin/giving/recurring'],
  ['statements', '/admin/giving/statements'],
] as const;

export type GivingTab = (typeof TABS)[number][0];

export function GivingTabs({ current, t }: { current: GivingTab; t: T }) {
  return (
    <StaffTabs
      tabs={TABS}
      current={current}
      label={t('admin.giving.tabs')}
      tabLabel={(key) => t(`admin.giving.tab.${key}`)}
    />
  );
}
