// When the web app and the API run in one process, the web's API client calls the API's
// fetch handler directly instead of going through a socket (docs/architecture.md "Programs and one port").
type FetchHandler = (request: Request) => Response | Promise<Response>;

const KEY = Symbol.for('church-web.in-process-api');

export function setInProcessApi(handler: FetchHandler | undefined): void {
  (globalThis as Record<symbol, unknown>)[KEY] = handler;
}

export function getInProcessApi(): FetchHandler | undefined {
  return (globalThis as Record<symbol, unknown>)[KEY] as FetchHandler | undefined;
}

/** A church as a page render already knows it (the web's per-host cache, src/lib/tenancy.server.ts). */
export interface KnownChurch {
  id: number;
  slug: string;
  code: string;
  name: string;
  locale: string;
  country: string | null;
  /** Codes of its enabled modules. */
  modules: string[];
}

const KNOWN_CHURCH_KEY = Symbol.for('church-web.known-church');
type KnownChurchSink = (church: KnownChurch) => void;

/** The API side (server/http/church-scope.ts): takes the church a render already resolved. */
export function setKnownChurchSink(sink: KnownChurchSink | undefined): void {
  (globalThis as Record<symbol, unknown>)[KNOWN_CHURCH_KEY] = sink;
}

/**
 * The web side: offers the render's church to the in-process API, so its calls during this render
 * do not read the church again (docs/performance.md). Only a page render keeps it (server/http/request-memo.ts);
 * the render already trusts this copy for its menus and module gate.
 */
export function offerKnownChurch(church: KnownChurch): void {
  ((globalThis as Record<symbol, unknown>)[KNOWN_CHURCH_KEY] as KnownChurchSink | undefined)?.(
    church,
  );
}

const FORGET_CHURCH_KEY = Symbol.for('church-web.forget-church');
type ChurchForgetter = (churchId: number) => void;

/** The web side (src/middleware.ts): how it forgets the church it cached per host. */
export function setChurchForgetter(forget: ChurchForgetter | undefined): void {
  (globalThis as Record<symbol, unknown>)[FORGET_CHURCH_KEY] = forget;
}

/**
 * The server side (server.ts, on the ChangeFeed's church change): the web drops its cached host
 * answers for the church, so a new name, look, module, language or host name shows at once.
 */
export function forgetChurch(churchId: number): void {
  ((globalThis as Record<symbol, unknown>)[FORGET_CHURCH_KEY] as ChurchForgetter | undefined)?.(
    churchId,
  );
}
