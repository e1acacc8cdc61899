// Where the staff menu and the dashboard send each area (docs/staff.md "Modules"): the content
// area opens on the first kind the church has, never on a kind of a module it lacks.
import { describe, expect, it } from 'vitest';
import { areaHref } from './StaffNav.tsx';

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
