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

// A page's read answered in this process skips the JSON text between the API and the page
// (docs/performance.md "In-process answers as values"): the API marks the answer with the value
// it would have written as JSON, and the page parses that value with the same contract schema.
// Symbols on the objects themselves, as the page bundle and the server hold separate copies of this module.
const IN_PROCESS_REQUEST = Symbol.for('church-web.in-process-request');
const ANSWER_VALUE = Symbol.for('church-web.answer-value');

/** The web side: marks a request it makes to the in-process API as one that takes a value. */
export function markInProcess(request: Request): Request {
  (request as unknown as Record<symbol, true>)[IN_PROCESS_REQUEST] = true;
  return request;
}

/** Where the web side's in-process API client sends its calls (src/lib/api.server.ts). */
const IN_PROCESS_ORIGIN = 'http://in-process';
export const IN_PROCESS_API = `${IN_PROCESS_ORIGIN}/api/v1/`;

// Characters a URL keeps as they are in an http path and query (WHATWG URL: nothing to escape, no
// backslash, no fragment); dot segments are the one other thing its parser rewrites.
const PLAIN_PATH = /^\/[A-Za-z0-9\-._~!$&()*+,;=:@/?%]*$/;
const DOT_SEGMENT = /\/(?:\.|%2e){1,2}(?:[/?]|$)/i;

/** Whether `new Request(url).url` would be `url` itself (tests/unit/in-process-request.test.ts). */
export const isPlainUrl = (url: string): boolean =>
  url.startsWith(IN_PROCESS_ORIGIN) &&
  PLAIN_PATH.test(url.slice(IN_PROCESS_ORIGIN.length)) &&
  !DOT_SEGMENT.test(url);

/**
 * The web side: a marked GET for the in-process API. A page's plain read gets an object with only
 * what the API reads of a GET (its URL, method, headers, no body): a `Request` costs ~12 µs to
 * build, a quarter of such a call's own work
 * (docs/performance.md "In-process reads without a Request").
 * Any other URL gets a real one, so the API always sees the URL a Request would give it.
 */
export function inProcessGet(url: string, headers: Headers): Request {
  if (!isPlainUrl(url)) return markInProcess(new Request(url, { headers }));
  return markInProcess({
    url,
    method: 'GET',
    headers,
    body: null,
    bodyUsed: false,
  } as unknown as Request);
}

/** The API side: whether this request came from a page render in this process. */
export function isInProcess(request: Request): boolean {
  return (request as unknown as Record<symbol, unknown>)[IN_PROCESS_REQUEST] === true;
}

/** The API side: keeps the answer's value on its (bodiless) response. */
export function withAnswerValue(response: Response, value: unknown): Response {
  (response as unknown as Record<symbol, unknown>)[ANSWER_VALUE] = { value };
  return response;
}

/** The web side: the value an in-process answer carries, if it carries one. */
export function answerValueOf(response: Response): { value: unknown } | undefined {
  return (response as unknown as Record<symbol, { value: unknown } | undefined>)[ANSWER_VALUE];
}
