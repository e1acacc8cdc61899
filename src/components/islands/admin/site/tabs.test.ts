import { describe, expect, it } from 'vitest';
import { homeTabs } from './tabs.ts';

describe('the tabs of /admin/home follow the church’s modules (docs/staff.md "Home")', () => {
  it('has the schedule and live streams with the live module', () =>
    expect(homeTabs(['MOD_EVENTO', 'MOD_CULTO'])).toEqual(['banners', 'schedule', 'live']));
  it('has only the banners without it', () =>
    expect(homeTabs(['MOD_EVENTO', 'MOD_NOTICIA'])).toEqual(['banners']));
});
