// The tabs of /admin/home (docs/staff.md "Home"): the weekly schedule and the live streams belong
// to the live module (MOD_CULTO), as the public home shows the schedule only with it.
export const TABS = ['banners', 'schedule', 'live'] as const;
export type Tab = (typeof TABS)[number];

export const homeTabs = (modules: readonly string[]): Tab[] =>
  modules.includes('MOD_CULTO') ? [...TABS] : ['banners'];
