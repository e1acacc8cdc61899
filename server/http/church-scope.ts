// The one way a route finds the church it serves (docs/architecture.md "Tenancy"): by slug or id, active only, and
// — when the route belongs to a module — only if the church has that module (spec §2 module gate,
// enforced on the API side too). Anything else is a 404 in the request's language.
import { and, eq, isNotNull, sql } from 'drizzle-orm';
import type { Context } from 'hono';
import type { MessageKey } from '../../contract/messages/index.ts';
import type { Database } from '../db/client.ts';
import * as t from '../db/schema/index.ts';
import { accountSettings } from '../auth/settings.ts';
import { fieldProblem, notFound } from './errors.ts';
import { isMemoized, memoized, remember, started } from './request-memo.ts';
import { setKnownChurchSink } from '../../contract/in-process.ts';

export interface ScopedChurch {
  id: number;
  slug: string;
  code: string;
  name: string;
  /** The church's own locale (spec §3 idioma), e.g. pt_BR. */
  locale: string;
  country: string | null;
}

export interface ScopeOptions {
  /** The module code the route belongs to (e.g. MOD_DOACAO), or codes of which it needs any; a church without it is a 404. */
  module?: string | readonly string[];
  /** The 404 message: a catalogue key (contract/messages/) or text already translated; default "Not found.". */
  notFoundMessage?: MessageKey | (string & {});
}

const columns = {
  id: t.churches.id,
  slug: t.churches.slug,
  code: t.churches.code,
  name: t.churches.name,
  locale: t.churches.locale,
  country: t.churches.country,
};

/** A church as the scope reads it: its columns and the codes of its enabled modules. */
type ChurchRow = ScopedChurch & { modules: string[] };

/** One round trip per church and render (request-memo.ts): the row with all its module codes. */
function loadChurch(
  db: Database,
  by: 'slug' | 'id',
  value: string | number,
): Promise<ChurchRow | null> {
  const key = `church:${by}:${value}`;
  const load = async () => {
    const [row] = await db
      .select({
        ...columns,
        modules: sql<
          string[]
        >`coalesce((select array_agg(m.modulo_codigo) from igreja_modulo m where m.igreja_id = igreja.id), '{}')`,
      })
      .from(t.churches)
      .where(
        and(
          by === 'slug' ? eq(t.churches.slug, String(value)) : eq(t.churches.id, Number(value)),
          eq(t.churches.active, true),
        ),
      )
      .limit(1);
    if (row) remember(by === 'slug' ? `church:id:${row.id}` : `church:slug:${row.slug}`, row);
    return row ?? null;
  };
  // A render asks for its one church by id and by slug at once (the home): let a look-up already
  // under way finish, as it also answers the other key (remember above), instead of a second statement.
  const pending = isMemoized(key) ? [] : started('church:');
  return pending.length
    ? Promise.allSettled(pending).then(() => memoized(key, load))
    : memoized(key, load);
}

// A page render hands over the church its host resolved to (contract/in-process.ts): its in-process
// API calls then read no church row. Outside a render's memo this keeps nothing.
setKnownChurchSink((church) => {
  remember(`church:slug:${church.slug}`, church);
  remember(`church:id:${church.id}`, church);
});

async function findScoped(
  db: Database,
  by: 'slug' | 'id',
  value: string | number,
  module?: string | readonly string[],
): Promise<ScopedChurch | null> {
  const row = await loadChurch(db, by, value);
  const needed = typeof module === 'string' ? [module] : (module ?? []);
  if (!row || (needed.length && !needed.some((m) => row.modules.includes(m)))) return null;
  const { modules: _modules, ...church } = row;
  return church;
}

/** The same scope outside an HTTP request (the chat socket's join): null instead of a 404. */
export function scopedChurchBySlug(
  db: Database,
  slug: string,
  module?: string,
): Promise<ScopedChurch | null> {
  return findScoped(db, 'slug', slug, module);
}

/** The same scope by id outside an HTTP request (an order kind's church): null instead of a 404. */
export function scopedChurchById(
  db: Database,
  id: number,
  module?: string,
): Promise<ScopedChurch | null> {
  return findScoped(db, 'id', id, module);
}

/** The active church of a `/igreja/{slug}/…` route, with its module when one is named. */
export async function churchBySlug(
  db: Database,
  slug: string,
  options: ScopeOptions = {},
): Promise<ScopedChurch> {
  const church = await findScoped(db, 'slug', slug, options.module);
  if (!church) throw notFound(options.notFoundMessage); // handleError answers in the request's language
  return church;
}

/** The active church of a route or query that names it by id (`?igreja=`), with its module. */
export async function churchById(
  db: Database,
  id: number,
  options: ScopeOptions = {},
): Promise<ScopedChurch> {
  const church = await findScoped(db, 'id', id, options.module);
  if (!church) throw notFound(options.notFoundMessage); // handleError answers in the request's language
  return church;
}

/**
 * The active church of a `/admin/{slug}/…` route with the codes of its enabled modules, read in
 * the same statement: the staff area leaves out, and answers 404 for, the areas of a module the
 * church lacks (docs/staff.md "Modules").
 */
export async function churchWithModulesBySlug(
  db: Database,
  slug: string,
  options: Pick<ScopeOptions, 'notFoundMessage'> = {},
): Promise<ScopedChurch & { modules: string[] }> {
  const row = await loadChurch(db, 'slug', slug);
  if (!row) throw notFound(options.notFoundMessage);
  return row;
}

/**
 * The church a call is addressed to when it names none (spec §7 shows `GET /louvor/{id}/` and
 * `GET /plano-assinatura-conteudo/{id}/` without `?igreja=`): the host's, as the site finds it
 * (docs/architecture.md "Tenancy": `<code>.<PROVIDER_DOMAIN>` or a custom hostname). Without
 * either, the query's `igreja` is missing: a per-field 400.
 */
export async function churchByIdOrHost(
  db: Database,
  c: Context,
  id: number | undefined,
  options: ScopeOptions = {},
): Promise<ScopedChurch> {
  if (id !== undefined) return churchById(db, id, options);
  const host = (c.req.header('host') ?? new URL(c.req.url).host)
    .trim()
    .toLowerCase()
    .replace(/:\d+$/, '');
  const domain = accountSettings().PROVIDER_DOMAIN.toLowerCase();
  let found: number | undefined;
  if (host.endsWith(`.${domain}`)) {
    const code = host.slice(0, -domain.length - 1);
    if (!code.includes('.')) {
      const [row] = await db
        .select({ id: t.churches.id })
        .from(t.churches)
        .where(eq(t.churches.code, code))
        .limit(1);
      found = row?.id;
    }
  } else if (host) {
    const [row] = await db
      .select({ id: t.churchHostnames.churchId })
      .from(t.churchHostnames)
      .where(and(eq(t.churchHostnames.hostname, host), isNotNull(t.churchHostnames.verifiedAt))) // a pending name is no church's yet
      .limit(1);
    found = row?.id;
  }
  if (found === undefined) throw fieldProblem(400, 'igreja', 'Required.');
  return churchById(db, found, options);
}
