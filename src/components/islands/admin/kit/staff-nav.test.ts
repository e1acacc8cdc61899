// Where the staff menu and the dashboard send each area (docs/staff.md "Modules"): the content
// area opens on the first kind the church has, never on a kind of a module it lacks.
import { describe, expect, it } from 'vitest';
import { areasFor, STAFF_AREA_NAMES } from '../../../../../contract/staff.ts';
import { AREA_GROUPS, AREA_PAGES, areaHref, MENU_GROUPS, menuOf } from './StaffNav.tsx';

describe('staff menu links', () => {
  it('opens content on the first kind of the church’s modules', () => {
    const every = ['MOD_NOTICIA', 'MOD_DEVOCIONAL', 'MOD_EBD', 'MOD_PUBLICACAO', 'MOD_CELULA'];
    expect(areaHref('content', { modulos: every })).toBe('/admin/content/noticia');
    expect(areaHref('content', { modulos: ['MOD_DEVOCIONAL', 'MOD_EVENTO'] })).toBe(
      '/admin/content/devocional',
    );
    // videos and podcasts belong to no module
    expect(areaHref('content', { modulos: [] })).toBe('/admin/content/video');
    expect(areaHref('play', { modulos: [] })).toBe('/admin/play');
  });
});

describe('staff menu groups', () => {
  it('puts every staff area in exactly one group', () => {
    const placed = MENU_GROUPS.flatMap((group) => AREA_GROUPS[group]);
    expect([...placed].sort()).toEqual([...STAFF_AREA_NAMES].sort());
    expect(new Set(placed).size).toBe(placed.length);
    // and every area with pages has a group to show it in
    expect(Object.keys(AREA_PAGES).filter((area) => !placed.includes(area as never))).toEqual([]);
  });

  it('shows only the areas the role allows, leaving empty groups out', () => {
    const modulos = ['MOD_NOTICIA', 'MOD_DOACAO', 'MOD_EVENTO'];
    const finance = menuOf({ areas: areasFor(['ROLE_ADMIN_FINANCE']), modulos });
    expect(finance.map((g) => g.group)).toEqual(['events', 'money']);
    expect(finance.flatMap((g) => g.links.map((l) => l.key))).toEqual([
      'registrations',
      'giving',
      'gateways',
    ]);
    const admin = menuOf({ areas: areasFor(['ROLE_ADMIN']), modulos });
    expect(admin.map((g) => g.group)).toEqual([...MENU_GROUPS]);
  });
});
