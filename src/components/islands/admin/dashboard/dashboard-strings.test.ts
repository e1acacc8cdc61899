// The staff dashboard (docs/staff.md "Pages", `/admin`) names every area of the menu and says
// what it is for with keys built at run time (`admin.area.<area>`, `admin.dashboard.about.<area>`),
// which the catalogue's own checks cannot see: an area without its strings showed the raw key.
import { describe, expect, it } from 'vitest';
import { LANGUAGES, messages } from '../../../../lib/i18n.ts';
import { AREA_PAGES } from '../kit/StaffNav.tsx';

describe('staff dashboard strings', () => {
  const areas = Object.keys(AREA_PAGES);

  it.each(LANGUAGES)('every area of the menu has its name and its line in %s', (lang) => {
    expect(areas.length).toBeGreaterThan(10);
    const missing = areas
      .flatMap((area) => [`admin.area.${area}`, `admin.dashboard.about.${area}`])
      .filter((key) => !messages[lang][key]?.trim());
    expect(missing).toEqual([]);
  });
});
