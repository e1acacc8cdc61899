// ky clients for the main API (docs/architecture.md "The client shape"). The browser uses the page's own origin; the
// server (SSR) calls the API in the same process when it runs there, or API_URL otherwise.
import ky, { HTTPError, type KyInstance } from 'ky';
import type { z } from 'zod';
import { answerValueOf, inProcessGet } from '../../contract/in-process.ts';

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
  { prefixUrl: string; headers: Headers; handler: FetchHandler }
>();

/** A client whose requests go straight to the API's fetch handler in this process. */
export function createInProcessApi(prefixUrl: string, handler: FetchHandler): KyInstance {
  const api = createMainApi({
    prefixUrl,
    fetch: (input, init) => Promise.resolve(handler(new Request(input, init))),
  });
  // One Headers for every read: the API only reads a request's headers.
  inProcessClients.set(api, {
    prefixUrl,
    headers: new Headers({ Accept: 'application/json' }),
    handler,
  });
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
  // In-process, a page's reads skip ky's request plumbing (one Request, no hooks) and the JSON text:
  // the API hands the answer over as a value (docs/performance.md "In-process answers as values").
  // Errors are ky's, as callers expect.
  const request = inProcessGet(direct.prefixUrl + path, direct.headers);
  const response = await direct.handler(request);
  if (!response.ok) throw new HTTPError(response, request, {} as never);
  const carried = answerValueOf(response);
  return carried ? parsedAnswer(schema, carried.value, path) : schema.parse(await response.json());
}

/**
 * An in-process answer's value read as its JSON would have been: a value the schema refuses as it
 * is (a Date where the contract has its text) is read through JSON. With IN_PROCESS_CHECK=1 (the
 * browser tests' server, tests/unit/page-queries.test.ts) any difference from the JSON reading throws.
 */
function parsedAnswer<S extends z.ZodType>(schema: S, value: unknown, path: string): z.infer<S> {
  const direct = schema.safeParse(value);
  if (globalThis.process?.env.IN_PROCESS_CHECK === '1') {
    const viaJson: unknown = schema.parse(JSON.parse(JSON.stringify(value)));
    if (!direct.success || JSON.stringify(direct.data) !== JSON.stringify(viaJson))
      throw new Error(`The in-process answer of ${path} reads differently from its JSON`);
  }
  return direct.success ? direct.data : schema.parse(JSON.parse(JSON.stringify(value)));
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
