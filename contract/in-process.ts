// When the web app and the API run in one process, the web's API client calls the API's
// fetch handler directly instead of going through a socket (DESIGN.md §1: one port by default).
type FetchHandler = (request: Request) => Response | Promise<Response>;

const KEY = Symbol.for('church-web.in-process-api');

export function setInProcessApi(handler: FetchHandler | undefined): void {
  (globalThis as Record<symbol, unknown>)[KEY] = handler;
}

export function getInProcessApi(): FetchHandler | undefined {
  return (globalThis as Record<symbol, unknown>)[KEY] as FetchHandler | undefined;
}
