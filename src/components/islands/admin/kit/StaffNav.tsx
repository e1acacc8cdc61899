// The staff menu (docs/staff.md "Where things live"): the areas the caller may use in a few
// groups, each a disclosure button over its links (keyboard: Tab, Enter or Space, Escape), the
// current area marked, and the church switcher for staff of several churches. Hidden links are a
// convenience only: the server checks every call.
import { useStore } from '@nanostores/react';
import { useEffect, useRef, useState, type FocusEvent, type KeyboardEvent } from 'react';
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

/** The menu's groups, in the order they show. */
export const MENU_GROUPS = [
  'publishing',
  'community',
  'sunday',
  'events',
  'money',
  'church',
] as const;
export type MenuGroup = (typeof MENU_GROUPS)[number];

/** Which group each area sits in: every area in exactly one (staff-nav.test.ts). */
export const AREA_GROUPS: Record<MenuGroup, readonly StaffArea[]> = {
  publishing: ['content', 'home', 'notifications', 'play', 'readingPlans', 'moderation'],
  community: ['people', 'groups', 'import'],
  sunday: ['songs', 'teams', 'kids'],
  events: ['events', 'registrations', 'checkin'],
  money: ['giving', 'gateways'],
  church: ['church', 'audit'],
};

export interface MenuLink {
  key: StaffArea;
  href: string;
}

/** The caller's menu: each group with the areas they may use that have pages; empty groups left out. */
export function menuOf(
  me: Pick<StaffMe, 'areas' | 'modulos'>,
): { group: MenuGroup; links: MenuLink[] }[] {
  return MENU_GROUPS.map((group) => ({
    group,
    links: AREA_GROUPS[group].flatMap((key) => {
      const href = me.areas.includes(key) ? areaHref(key, me) : undefined;
      return href ? [{ key, href }] : [];
    }),
  })).filter((g) => g.links.length > 0);
}

export default function StaffNav(props: StaffIslandProps & { current: string }) {
  const { church, slug, lang, strings, current } = props;
  const t = makeT(strings, lang);
  useSession(church);
  const ready = useStore($sessionReady);
  const loggedIn = useStore($isLoggedIn);
  const staff = useStore($staff);
  const [open, setOpen] = useState(false);
  const [group, setGroup] = useState<MenuGroup | null>(null);
  const nav = useRef<HTMLElement>(null);
  useEffect(() => {
    if (ready && loggedIn) void loadStaff(slug);
  }, [ready, loggedIn, slug]);
  // a click elsewhere on the page closes the open group, as any menu does
  useEffect(() => {
    if (!group) return;
    const away = (event: MouseEvent) => {
      if (!nav.current?.contains(event.target as Node)) setGroup(null);
    };
    document.addEventListener('mousedown', away);
    return () => document.removeEventListener('mousedown', away);
  }, [group]);
  const me = staff.state === 'ready' ? staff.me : null;
  const groups = me ? menuOf(me) : [];
  const others =
    staff.state === 'ready' ? staff.me.igrejas.filter((c) => c.id !== staff.me.igreja.id) : [];
  /** Escape closes the open group and puts the focus back on its button (WAI-ARIA disclosure navigation). */
  const onKeyDown = (event: KeyboardEvent) => {
    if (event.key !== 'Escape' || !group) return;
    event.preventDefault();
    document.getElementById(`staff-nav-b-${group}`)?.focus();
    setGroup(null);
  };
  /** Tabbing out of the menu closes the open group. */
  const onBlur = (event: FocusEvent) => {
    if (!nav.current?.contains(event.relatedTarget as Node | null)) setGroup(null);
  };
  return (
    <nav
      ref={nav}
      className="staff-nav"
      aria-label={t('admin.shell.menu')}
      onKeyDown={onKeyDown}
      onBlur={onBlur}
    >
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
        <li>
          <a href="/admin" aria-current={current === 'dashboard' ? 'page' : undefined}>
            {t('admin.area.dashboard')}
          </a>
        </li>
        {groups.map(({ group: name, links }) => {
          const expanded = group === name;
          const here = links.some((link) => link.key === current);
          return (
            <li key={name} className="staff-nav-group">
              <button
                type="button"
                id={`staff-nav-b-${name}`}
                className={here ? 'staff-nav-here' : undefined}
                aria-expanded={expanded}
                aria-controls={`staff-nav-g-${name}`}
                onClick={() => setGroup(expanded ? null : name)}
              >
                {t(`admin.shell.group.${name}`)}
              </button>
              <ul id={`staff-nav-g-${name}`} className="staff-nav-panel" hidden={!expanded}>
                {links.map((link) => (
                  <li key={link.key}>
                    <a href={link.href} aria-current={link.key === current ? 'page' : undefined}>
                      {t(`admin.area.${link.key}`)}
                    </a>
                  </li>
                ))}
              </ul>
            </li>
          );
        })}
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
