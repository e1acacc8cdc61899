// One name per staff area (docs/architecture.md "Adding a feature"): every file that declares an
// area (a page's or island's `area="…"`, a server route's `staffArea('…')`) lives under that area's
// name, and each area has its store, API module, strings, contract and service under that name.
// The places that do not follow yet are listed below with why; the list may only shrink.
import { existsSync, readdirSync, readFileSync } from 'node:fs';
import { join, relative, resolve, sep } from 'node:path';
import { describe, expect, it } from 'vitest';
import { STAFF_AREA_NAMES, type StaffArea } from '../../contract/staff.ts';

const ROOT = resolve(import.meta.dirname, '../..');
const posix = (path: string) => path.split(sep).join('/');

/** `readingPlans` → `reading-plans`: the name in paths. */
const kebab = (area: string) => area.replace(/[A-Z]/g, (c) => `-${c.toLowerCase()}`);

/** An area that is a part of another area's pages (an event's desk) lives under that area's name. */
const PARENT: Partial<Record<StaffArea, StaffArea>> = {
  registrations: 'events',
  checkin: 'events',
};

type Piece = 'store' | 'api' | 'strings' | 'contract' | 'service';

/** Where each piece of an area is expected, from its name. */
const EXPECTED: Record<Piece, (name: string) => string[]> = {
  store: (n) => [`src/stores/admin-${n}.ts`],
  api: (n) => [`src/lib/staff/${n}-api.ts`],
  strings: (n) => [`src/i18n/pt/admin-${n}.json`],
  contract: (n) => [`contract/${n}-staff.ts`],
  service: (n) => [`server/*/${n}-staff.service.ts`, `server/*/${n}-staff.routes.ts`],
};

/**
 * Pieces that live elsewhere today, with the file they are in and why. A rename that makes one
 * follow the rule must remove its line here (the test fails on a listed piece that now conforms).
 */
const KNOWN: Partial<Record<StaffArea, Partial<Record<Piece | 'folder', string>>>> = {
  home: {
    folder: 'src/components/islands/admin/site — the home page and settings share the site editor',
    api: 'src/lib/staff/site-api.ts — one API module for the home page and settings',
    strings: 'src/i18n/pt/admin-site.json — shared with settings',
    contract: 'contract/church-staff.ts — the church record both edit',
    service: 'server/church/church-staff.routes.ts — the church record both edit',
  },
  church: {
    folder: 'src/components/islands/admin/site — settings is the site editor of the church record',
    store: 'src/stores/admin-settings.ts — the page is called Settings',
    api: 'src/lib/staff/site-api.ts — shared with the home page',
    strings: 'src/i18n/pt/admin-site.json — shared with the home page',
  },
  notifications: {
    strings: 'src/i18n/pt/admin-notify.json — older name, keys admin.notify.*',
  },
  giving: {
    strings: 'src/i18n/pt/admin-people.json — the giving keys grew beside the person page',
  },
  gateways: {
    contract: 'contract/gateways.ts — the gateway forms are the whole contract',
  },
  songs: {
    contract: 'contract/praise-staff.ts — the spec calls the songs module "praise"',
    service: 'server/praise/praise-staff.service.ts — the spec calls the songs module "praise"',
  },
  import: {
    api: 'src/lib/staff/imports-api.ts — plural, as the server folder server/imports',
    contract: 'contract/imports.ts — the import rows are one contract for staff and jobs',
    service: 'server/imports/imports.routes.ts — plural',
  },
  kids: {
    contract: 'contract/kids.ts — the staff pages and the family view share the check-in shapes',
  },
  audit: {
    strings: 'src/i18n/pt/admin.json — the audit labels are the shell strings',
    contract: 'contract/staff.ts — the audit log is part of the staff shell',
    service: 'server/staff/staff.routes.ts — the audit log is part of the staff shell',
  },
};

const SOURCE = /\.(ts|tsx|astro)$/;
function files(dir: string): string[] {
  return readdirSync(join(ROOT, dir), { withFileTypes: true, recursive: true })
    .filter((e) => e.isFile() && SOURCE.test(e.name) && !e.parentPath.includes('node_modules'))
    .map((e) => posix(relative(ROOT, join(e.parentPath, e.name))));
}

function exists(pattern: string): boolean {
  if (!pattern.includes('*')) return existsSync(join(ROOT, pattern));
  const [before, after] = pattern.split('/*/');
  return readdirSync(join(ROOT, before!), { withFileTypes: true }).some(
    (e) => e.isDirectory() && existsSync(join(ROOT, before!, e.name, after!)),
  );
}

/** Every file that declares an area, with the area it declares. */
function declarations(): { file: string; area: string }[] {
  const found: { file: string; area: string }[] = [];
  for (const file of [...files('src/pages/admin'), ...files('src/components/islands/admin')]) {
    for (const m of readFileSync(join(ROOT, file), 'utf8').matchAll(/\barea="([a-zA-Z]+)"/g))
      found.push({ file, area: m[1]! });
  }
  for (const file of files('server').filter((f) => f.endsWith('.routes.ts'))) {
    for (const m of readFileSync(join(ROOT, file), 'utf8').matchAll(/staffArea\('([a-zA-Z]+)'\)/g))
      found.push({ file, area: m[1]! });
  }
  return found;
}

/** Where a declaring file may live: under its area's name, or its parent's for an event's desk. */
function followsName(file: string, area: string): boolean {
  const names = [
    kebab(area),
    ...(PARENT[area as StaffArea] ? [kebab(PARENT[area as StaffArea]!)] : []),
  ];
  return names.some((name) => {
    if (file.startsWith('src/pages/admin/'))
      return (
        file.startsWith(`src/pages/admin/${name}/`) || file === `src/pages/admin/${name}.astro`
      );
    if (file.startsWith('src/components/islands/admin/'))
      return file.startsWith(`src/components/islands/admin/${name}/`);
    return file.split('/').pop()!.startsWith(`${name}-staff.`);
  });
}

/** Declarations outside their area's name, with why; may only shrink. */
const KNOWN_DECLARATIONS: Record<string, string> = {
  'src/pages/admin/index.astro dashboard': 'the dashboard is the staff home, /admin',
  'src/pages/admin/settings.astro church': 'the church area is called Settings in the menu',
  'src/components/islands/admin/site/HomeIsland.tsx home': 'the site editor (see KNOWN.home)',
  'src/components/islands/admin/site/SettingsIsland.tsx church':
    'the site editor (see KNOWN.church)',
  'server/church/church-staff.routes.ts home': 'the church record both areas edit',
  'server/church/church-staff.routes.ts notifications':
    'a live stream’s "On air" switch sends "We’re live" to every member (docs/staff.md "Home")',
  'server/auth/church-security.routes.ts church': 'the sign-in rules of the church (two factors)',
  'server/exports/exports.routes.ts church': 'the church export, a job of its own folder',
  'server/staff/dashboard.routes.ts church': 'the dashboard figures of the church',
  'server/staff/staff.routes.ts audit': 'the audit log is part of the staff shell',
  'server/imports/imports.routes.ts import': 'plural folder and file, as the jobs name them',
  'server/invitations/invitations-staff.routes.ts people':
    'invitations are people the church asks in (docs/invitations.md)',
  'server/praise/praise-staff.routes.ts songs': 'the spec calls the songs module "praise"',
};

describe('one name per staff area', () => {
  it('every page, island and route that declares an area lives under its name', () => {
    const stray = declarations()
      .filter(({ file, area }) => !followsName(file, area))
      .map(({ file, area }) => `${file} ${area}`);
    const unexplained = [...new Set(stray)].filter((key) => !(key in KNOWN_DECLARATIONS));
    expect(unexplained).toEqual([]);
    // The list only shrinks: a line that no longer matches a stray declaration is removed.
    expect(Object.keys(KNOWN_DECLARATIONS).filter((key) => !stray.includes(key))).toEqual([]);
  });

  it('every area has its island folder, store, API module, strings, contract and service by name', () => {
    const missing: string[] = [];
    const conforming: string[] = [];
    for (const area of STAFF_AREA_NAMES) {
      // An event's desk may keep its pieces under its own name or the events area's.
      const names = [kebab(area), ...(PARENT[area] ? [kebab(PARENT[area])] : [])];
      const known = KNOWN[area] ?? {};
      const pieces: [Piece | 'folder', string[]][] = [
        ['folder', names.map((name) => `src/components/islands/admin/${name}`)],
        ...(Object.entries(EXPECTED) as [Piece, (n: string) => string[]][]).map(
          ([piece, where]) => [piece, names.flatMap(where)] as [Piece, string[]],
        ),
      ];
      for (const [piece, where] of pieces) {
        const found = where.some(exists);
        if (!found && !known[piece]) missing.push(`${area}: ${piece} (${where.join(' or ')})`);
        if (found && known[piece]) conforming.push(`${area}: ${piece} now follows the rule`);
      }
    }
    expect(missing).toEqual([]);
    expect(conforming).toEqual([]);
  });

  it('each listed exception names a file that exists', () => {
    const gone = Object.entries(KNOWN).flatMap(([area, pieces]) =>
      Object.entries(pieces!)
        .map(([piece, why]) => ({ piece, file: why!.split(' ')[0]! }))
        .filter(({ file }) => file.includes('/') && !existsSync(join(ROOT, file)))
        .map(({ piece, file }) => `${area}.${piece}: ${file}`),
    );
    expect(gone).toEqual([]);
  });
});
