// The API test kit: one way for every API test to call the v1 API in process, log in as a
// demo account and check an error answer against the message catalogue (tests/README.md).
// Pairs with db/test-database.ts, which gives each test file its fresh seeded database.
import { expect } from 'vitest';
import { tokenPairSchema } from '../contract/auth.ts';
import { apiErrorSchema, type ApiError } from '../contract/common.ts';
import {
  message,
  messageLang,
  type MessageKey,
  type MessageLang,
  type MessageValues,
} from '../contract/messages/index.ts';
import path from 'node:path';
import { parseConfig } from '../common/config.ts';
import { API_BASE, type Api } from './app.ts';
import type { Database } from './db/client.ts';
import { DEMO_PASSWORD } from './db/seed/churches.ts';
import { createLocalFileStore } from './files/local.ts';
import { drainTasks, type TaskDef } from './jobs/tasks.ts';
import { createMailer } from './mail/outbox.ts';
import { log } from './log.ts';
import pino from 'pino';

/** An answer of the API: its status, headers and JSON body (null when empty). */
export interface ApiResponse<T = Record<string, any>> {
  status: number;
  headers: Headers;
  body: T;
  /** `METHOD /path` of the call, for failure messages. */
  path: string;
  /** The Accept-Language the call sent, if any. */
  lang: string | undefined;
}

export interface CallOptions {
  /** A bearer token: sent as `Authorization: Bearer <token>`. */
  token?: string | undefined;
  /** An object is sent as JSON; a string as it is (malformed JSON tests); FormData as a multipart form. */
  body?: unknown;
  /** Extra headers; they win over the kit's own. */
  headers?: Record<string, string> | undefined;
  /** Accept-Language of the call (e.g. 'pt-BR', 'en'); the client's default otherwise. */
  lang?: string | undefined;
}

export interface ClientDefaults {
  /** Accept-Language sent when a call names none (unset: no header). */
  lang?: string;
  /** Headers sent on every call. */
  headers?: Record<string, string>;
  /** Send `content-type: application/json` on every call that is not a form (default true). */
  json?: boolean;
}

/** The methods the API answers; any other string still type-checks (a test's table of attempts). */
export type HttpMethod = 'GET' | 'POST' | 'PUT' | 'PATCH' | 'DELETE' | (string & {});

/** The API may be created in a beforeAll: pass it or a function that returns it. */
type ApiSource = Api | (() => Api);

/**
 * A typed client of the API in this process: `call(method, path, { token, body, headers, lang })`
 * with `path` under /api/v1 (e.g. `/me`), `get(path, options)` for reads, and `raw(method, path,
 * options)` for an answer that is not JSON (an image, a file, a feed).
 */
export function apiClient(api: ApiSource, defaults: ClientDefaults = {}) {
  const resolve = (): Api => (typeof api === 'function' ? api() : api);
  /** The answer as it came (bytes, headers); a URL the API gave (`/api/v1/…`) is sent as it is. */
  function raw(
    method: HttpMethod,
    path: string,
    { token, body, headers = {}, lang = defaults.lang }: CallOptions = {},
  ): Promise<Response> {
    const form = body instanceof FormData;
    const url = path.startsWith(`${API_BASE}/`) ? path : `${API_BASE}${path}`;
    return Promise.resolve(
      resolve().request(url, {
        method,
        headers: {
          ...(defaults.json === false || form ? {} : { 'content-type': 'application/json' }),
          ...(lang ? { 'accept-language': lang } : {}),
          ...(token ? { authorization: `Bearer ${token}` } : {}),
          ...defaults.headers,
          ...headers,
        },
        body:
          body === undefined
            ? undefined
            : typeof body === 'string' || form
              ? (body as string | FormData)
              : JSON.stringify(body),
      }),
    );
  }
  async function call<T = Record<string, any>>(
    method: HttpMethod,
    path: string,
    options: CallOptions = {},
  ): Promise<ApiResponse<T>> {
    const { lang = defaults.lang } = options;
    const res = await raw(method, path, options);
    const text = await res.text();
    const answer = { status: res.status, body: (text ? JSON.parse(text) : null) as T };
    // Not enumerable: a test may still compare the whole answer with toEqual({ status, body }).
    return Object.defineProperties(answer, {
      headers: { value: res.headers, enumerable: false },
      path: { value: `${method} ${path}`, enumerable: false },
      lang: { value: lang, enumerable: false },
    }) as ApiResponse<T>;
  }
  const get = <T = Record<string, any>>(path: string, options?: CallOptions) =>
    call<T>('GET', path, options);
  return { call, get, raw };
}

export type ApiClient = ReturnType<typeof apiClient>;

export interface LoggedIn {
  /** The user's id (the access token's subject). */
  id: number;
  email: string;
  token: string;
  refreshToken: string;
}

/** Logs in with `POST /security/login_check` (the demo password unless given); fails the test if refused. */
export async function loginAs(
  api: ApiSource,
  email: string,
  password: string = DEMO_PASSWORD,
): Promise<LoggedIn> {
  const { call } = apiClient(api);
  const res = await call('POST', '/security/login_check', {
    body: { username: email, password },
  });
  expect(res.status, `login of ${email}: ${JSON.stringify(res.body)}`).toBe(200);
  const pair = tokenPairSchema.parse(res.body);
  const payload = JSON.parse(Buffer.from(pair.token.split('.')[1]!, 'base64url').toString()) as {
    sub: string;
  };
  return { id: Number(payload.sub), email, token: pair.token, refreshToken: pair.refresh_token };
}

/**
 * The answer is an API error with this status; with a key, its message is exactly the catalogue's
 * (contract/messages/) in `lang` — by default the language the call asked for.
 */
export function expectError(
  response: ApiResponse<unknown>,
  status: number,
  key?: MessageKey | (string & {}),
  lang?: MessageLang | string,
  values?: MessageValues,
): ApiError {
  expect(response.status, `${response.path} → ${JSON.stringify(response.body)}`).toBe(status);
  const error = apiErrorSchema.parse(response.body);
  if (key !== undefined) {
    const language = messageLang(lang ?? response.lang);
    expect(error.message, `${response.path} → message`).toBe(message(language, key, values));
  }
  return error;
}

/** The answer is an API error with this status and, for `field`, at least one message in `errors`. */
export function expectFieldError(
  response: ApiResponse<unknown>,
  status: number,
  field?: string,
): ApiError {
  expect(response.status, `${response.path} → ${JSON.stringify(response.body)}`).toBe(status);
  const error = apiErrorSchema.parse(response.body);
  if (field)
    expect(
      error.errors?.[field]?.length,
      `${response.path} → errors.${field} in ${JSON.stringify(response.body)}`,
    ).toBeGreaterThan(0);
  return error;
}

/** The demo accounts staff tests act as (docs/staff.md "Demo accounts"), plus a plain member. */
export const STAFF_ACCOUNTS = {
  admin: 'lider@graca.demo',
  finance: 'tesoureiro@graca.demo',
  editor: 'editor@graca.demo',
  member: 'membro@graca.demo',
  graceAdmin: 'admin@grace.demo',
} as const;
export type StaffWho = keyof typeof STAFF_ACCOUNTS;

/** Logs every account in, filling `tokens` (and `ids` when given) under the same keys. */
export async function loginAll<W extends string>(
  api: ApiSource,
  accounts: Readonly<Record<W, string>>,
  into: { tokens: Record<W, string>; ids?: Record<W, number> },
): Promise<void> {
  for (const [who, email] of Object.entries(accounts) as [W, string][]) {
    const session = await loginAs(api, email);
    into.tokens[who] = session.token;
    if (into.ids) into.ids[who] = session.id;
  }
}

/**
 * Runs every queued task of the given kinds now, as the runner would after the commit (mail to
 * `dataDir`'s outbox, files in `dataDir/files`); answers the ids it ran.
 */
export function runQueuedTasks(
  db: Database,
  dataDir: string,
  defs: readonly TaskDef<any>[],
): Promise<number[]> {
  return drainTasks(
    {
      db,
      now: () => new Date(),
      workerId: 'test',
      settings: parseConfig(),
      mailer: createMailer({ dataDir }),
      files: createLocalFileStore(path.join(dataDir, 'files')),
    },
    defs as readonly TaskDef[],
  );
}

/**
 * Sets a church's account at a gateway live with these credentials, as its treasurer or admin
 * does on /admin/gateways (docs/payments.md "Connecting a gateway"); fails the test otherwise.
 */
export async function setGatewayLive(
  call: ReturnType<typeof apiClient>['call'],
  token: string,
  slug: string,
  gateway: 'stripe' | 'zoop' | 'picpay' | 'cardconnect',
  credenciais: Record<string, string>,
): Promise<void> {
  const r = await call('PUT', `/admin/${slug}/gateways/${gateway}`, {
    token,
    body: { modo: 'live', credenciais },
  });
  if (r.status !== 200) throw new Error(`${gateway} live at ${slug}: ${JSON.stringify(r.body)}`);
}

/** Every line the server's logger writes while `run` runs, at its most talkative level (a test that no secret is logged). */
export async function loggedLines(run: () => Promise<void>): Promise<string[]> {
  const stream = (log as any)[pino.symbols.streamSym] as { write: (s: string) => boolean };
  const write = stream.write;
  const level = log.level;
  const lines: string[] = [];
  stream.write = (s: string) => {
    lines.push(s);
    return true;
  };
  log.level = 'debug';
  try {
    await run();
  } finally {
    stream.write = write;
    log.level = level;
  }
  return lines;
}
