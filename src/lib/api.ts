// ky clients for the main API (docs/architecture.md "The client shape"). The browser uses the page's own origin; the
// server (SSR) calls the API in the same process when it runs there, or API_URL otherwise.
import ky, { HTTPError, type KyInstance } from 'ky';
import type { z } from 'zod';

export interface ApiClientOptions {
  /** Base URL of the v1 API, ending in /api/v1/. */
  prefixUrl: string;
  token?: string | undefined;
  fetch?: typeof fetch | undefined;
  acceptLanguage?: string | undefined;
}

export function createMainApi({
  prefixUrl,
  token,
  fetch,
  acceptLanguage,
}: ApiClientOptions): KyInstance {
  return ky.create({
    prefixUrl,
    timeout: false, // spec §7: the default timeout is none
    retry: 0,
    headers: {
      Accept: 'application/json',
      ...(token ? { Authorization: `Bearer ${token}` } : {}),
      ...(acceptLanguage ? { 'Accept-Language': acceptLanguage } : {}),
    },
    ...(fetch ? { fetch } : {}),
  });
}

type FetchHandler = (request: Request) => Response | Promise<Response>;

/** Clients that call the API in this process (api.server.ts), with what a direct GET needs. */
const inProcessClients = new WeakMap<
  KyInstance,
  { prefixUrl: string; headers: Record<string, string>; handler: FetchHandler }
>();

/** A client whose requests go straight to the API's fetch handler in this process. */
export function createInProcessApi(prefixUrl: string, handler: FetchHandler): KyInstance {
  const api = createMainApi({
    prefixUrl,
    fetch: (input, init) => Promise.resolve(handler(new Request(input, init))),
  });
  inProcessClients.set(api, { prefixUrl, headers: { Accept: 'application/json' }, handler });
  return api;
}

/** GET a path and parse the body with its contract schema. */
export async function getParsed<S extends z.ZodType>(
  api: KyInstance,
  path: string,
  schema: S,
): Promise<z.infer<S>> {
  const direct = inProcessClients.get(api);
  if (!direct) return schema.parse(await api.get(path).json());
  // In-process, a page's reads skip ky's request plumbing (one Request, no hooks): it is most of
  // the cost of a call that never leaves the process (docs/performance.md). Errors are ky's, as callers expect.
  const request = new Request(direct.prefixUrl + path, { headers: direct.headers });
  const response = await direct.handler(request);
  if (!response.ok) throw new HTTPError(response, request, {} as never);
  return schema.parse(await response.json());
}

/** null when the API answers 404 or 400 (an unknown id, slug or reference): the page shows its not-found state. */
export async function orNull<T>(load: Promise<T>): Promise<T | null> {
  try {
    return await load;
  } catch (error) {
    if (
      error instanceof HTTPError &&
      (error.response.status === 404 || error.response.status === 400)
    )
      return null;
    throw error;
  }
}
