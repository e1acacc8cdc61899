// The browser's API clients (docs/architecture.md "The client shape"): the main API and the BFF, both bearer-authorised
// once credentials are set (spec §4). A 401 outside access, confirm-delete-user and the
// invitation page (its own login form: docs/invitations.md) logs out,
// goes home and reloads (spec §8); a network failure goes to the error page.
import ky, { HTTPError, TimeoutError, type KyInstance } from 'ky';
import { accountMessage } from '../../../contract/messages/account.ts';
import { type MessageLang } from '../../../contract/messages/lang.ts';

export interface HttpEnv {
  /** Absolute base of the v1 API (the page's origin + /api/v1/ in the browser). */
  baseUrl: string;
  fetch?: typeof fetch;
  /** Current path, for the 401 exceptions. */
  pathname(): string;
  /** Leave for a URL with a full page load. */
  navigate(url: string): void;
  lang: MessageLang;
}

type Hooks = {
  /** Called before each request; may refresh the token first. */
  beforeRequest?: (request: Request) => Promise<void> | void;
  /** Called on a 401 that should end the session. */
  onUnauthorized?: () => void;
};

let env: HttpEnv | undefined;
let leaving = false;

/** Leaves the page for a URL; guards stop redirecting once a navigation has started. */
export function leave(url: string): void {
  leaving = true;
  httpEnv().navigate(url);
}
export const isLeaving = (): boolean => leaving;
let authorization: string | null = null;
let hooks: Hooks = {};
let main: KyInstance | undefined;
let bff: KyInstance | undefined;

/** spec §8: routes where a 401 is an answer to show, not a reason to log out. */
const NO_LOGOUT_PATHS = ['/access', '/user/confirm-delete-user', '/invitation'];

export function configureHttp(next: HttpEnv, nextHooks: Hooks = hooks): void {
  env = next;
  hooks = nextHooks;
  main = bff = undefined;
}

export function httpEnv(): HttpEnv {
  if (!env) {
    const lang = (document.documentElement.lang || 'en').slice(0, 2) as MessageLang;
    env = {
      baseUrl: new URL('/api/v1/', location.origin).toString(),
      pathname: () => location.pathname,
      navigate: (url) => {
        leaving = true;
        location.assign(url);
      },
      lang: lang === 'pt' || lang === 'es' ? lang : 'en',
    };
  }
  return env;
}

export function setHttpHooks(next: Hooks): void {
  hooks = next;
}

/** spec §4: credentials put (or take away) a bearer authorisation header on both main clients. */
export function setAuthorization(token: string | null): void {
  authorization = token ? `Bearer ${token}` : null;
}

function create(): KyInstance {
  const e = httpEnv();
  return ky.create({
    prefixUrl: e.baseUrl,
    timeout: false, // spec §7: the default timeout is none
    retry: 0,
    ...(e.fetch ? { fetch: e.fetch } : {}),
    headers: { Accept: 'application/json', 'Accept-Language': e.lang },
    hooks: {
      beforeRequest: [
        async (request) => {
          if (!request.url.includes('/security/')) await hooks.beforeRequest?.(request);
          if (authorization && !request.headers.has('Authorization'))
            request.headers.set('Authorization', authorization);
        },
      ],
      afterResponse: [
        (_request, _options, response) => {
          if (
            response.status === 401 &&
            !NO_LOGOUT_PATHS.some((p) => e.pathname().replace(/\/+$/, '') === p)
          ) {
            hooks.onUnauthorized?.();
          }
          return response;
        },
      ],
    },
  });
}

/** The main API (v1). */
export const mainApi = (): KyInstance => (main ??= create());
/** The backend-for-frontend client; served by the same API here. */
export const bffApi = (): KyInstance => (bff ??= create());

export type FailureKind = 'network' | 'timeout' | 'cancel' | 'status';

/** docs/architecture.md "The client shape": the HTTP client tells network error, timeout, cancel and bad status apart. */
export function classifyFailure(error: unknown): FailureKind {
  if (error instanceof HTTPError) return 'status';
  if (error instanceof TimeoutError) return 'timeout';
  if (error instanceof DOMException && error.name === 'AbortError') return 'cancel';
  return 'network';
}

export interface ApiFailure {
  status: number;
  message: string;
  errors: Record<string, string[]>;
}

/**
 * The message and per-field errors of a failed call, in the page's language. A network
 * failure goes to the error page with the generic message (spec §8).
 */
export async function readFailure(error: unknown): Promise<ApiFailure> {
  const kind = classifyFailure(error);
  if (kind === 'status') {
    const response = (error as HTTPError).response;
    try {
      const body = (await response.clone().json()) as {
        message?: string;
        errors?: Record<string, string[]>;
      };
      return { status: response.status, message: body.message ?? '', errors: body.errors ?? {} };
    } catch {
      return {
        status: response.status,
        message: accountMessage(httpEnv().lang, 'user.updateFailed'),
        errors: {},
      };
    }
  }
  if (kind === 'network')
    httpEnv().navigate(`/error?message=${encodeURIComponent('HOME.MESSAGE.ERROR.GENERIC')}`);
  return { status: 0, message: accountMessage(httpEnv().lang, 'user.updateFailed'), errors: {} };
}
