// The staff menu (docs/staff.md "Where things live"): the areas the caller may use, the current
// one marked, and the church switcher for staff of several churches. Hidden links are a
// convenience only: the server checks every call.
import { useStore } from '@nanostores/react';
import { useEffect, useState } from 'react';
import { kindsOf } from '../../../../../contract/content-staff.ts';
import type { StaffArea, StaffMe } from '../../../../../contract/staff.ts';
import { $staff, loadStaff } from '../../../../stores/staff.ts';
import { $isLoggedIn, $sessionReady } from '../../../../stores/session.ts';
import { makeT, useSession } from '../../ui/index.ts';
import type { StaffIslandProps } from './StaffGate.tsx';

/** Where each area's pages start; areas without pages yet are left out of the menu. */
export const AREA_PAGES: Partial<Record<StaffArea, string>> = {
  content: '/admin/content/noticia',
  home: '/admin/home',
  notifications: '/admin/notifications',
  church: '/admin/settings',
  events: '/admin/events',
  registrations: '/admin/events?vista=inscricoes',
  checkin: '/admin/events?vista=checkin',
  people: '/admin/people',
  giving: '/admin/giving',
  gateways: '/admin/gateways',
  groups: '/admin/groups',
  teams: '/admin/teams',
  songs: '/admin/songs',
  play: '/admin/play',
  readingPlans: '/admin/reading-plans',
  moderation: '/admin/moderation',
  import: '/admin/import',
  kids: '/admin/kids',
  audit: '/admin/audit',
};

/**
 * Where an area starts at this church: the content area opens on the first kind the church has
 * (docs/staff.md "Modules"); undefined for an area without pages.
 */
export function areaHref(area: StaffArea, me: Pick<StaffMe, 'modulos'>): string | undefined {
  if (area === 'content') {
    const [first] = kindsOf(me.modulos);
    return first ? `/admin/content/${first}` : undefined;
  }
  return AREA_PAGES[area];
}

export default function StaffNav(props: StaffIslandProps & { current: string }) {
  const { church, slug, lang, strings, current } = props;
  const t = makeT(strings, lang);
  useSession(church);
  const ready = useStore($sessionReady);
  const loggedIn = useStore($isLoggedIn);
  const staff = useStore($staff);
  const [open, setOpen] = useState(false);
  useEffect(() => {
    if (ready && loggedIn) void loadStaff(slug);
  }, [ready, loggedIn, slug]);
  const me = staff.state === 'ready' ? staff.me : null;
  const links = [
    { key: 'dashboard', href: '/admin' },
    ...(me?.areas ?? []).flatMap((area) => {
      const href = areaHref(area, me!);
      return href ? [{ key: area as string, href }] : [];
    }),
  ];
  const others =
    staff.state === 'ready' ? staff.me.igrejas.filter((c) => c.id !== staff.me.igreja.id) : [];
  return (
    <nav className="staff-nav" aria-label={t('admin.shell.menu')}>
      <button
        type="button"
        className="staff-nav-toggle"
        aria-expanded={open}
        aria-controls="staff-nav-list"
        onClick={() => setOpen(!open)}
      >
        {t('admin.shell.menu')}
      </button>
      <ul id="staff-nav-list" className={open ? 'open' : undefined}>
        {links.map((link) => (
          <li key={link.key}>
            <a href={link.href} aria-current={link.key === current ? 'page' : undefined}>
              {t(`admin.area.${link.key}`)}
            </a>
          </li>
        ))}
        <li>
          <a href="/">{t('admin.shell.viewSite')}</a>
        </li>
      </ul>
      {others.length > 0 && (
        <details className="staff-switch">
          <summary>{t('admin.shell.switchChurch')}</summary>
          <ul>
            {others.map((c) => (
              <li key={c.id}>
                <a href={c.url}>{c.nome}</a>
              </li>
            ))}
          </ul>
        </details>
      )}
    </nav>
  );
}
