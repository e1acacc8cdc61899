// The user session of spec §3/§4 as nanostores. Islands read these stores and call these
// actions; nothing here runs on the server (never import it from .astro frontmatter).
//
// - Logged in only when the token, the main account and the church account are all present.
// - Credentials put a bearer header on the main clients, save the token in session storage
//   and the refresh token in local storage.
// - Auto-login from a token in the URL, the session-storage token, or the local-storage
//   refresh token; URL and SESSION set the credentials immediately.
// - Logout clears all user data (and the chat user and play data) and both storages' tokens.
import { atom, computed, map } from 'nanostores';
import type { TokenPair } from '../../contract/auth.ts';
import type { SecondStep } from '../../contract/two-factor.ts';
import type {
  Address,
  ChurchAccount,
  Child,
  Notification,
  User,
  UserChurchRoles,
} from '../../contract/user.ts';
import { tokenExpiry } from '../lib/account/jwt.ts';
import {
  configureHttp,
  httpEnv,
  mainApi,
  setAuthorization,
  setHttpHooks,
  type HttpEnv,
} from '../lib/account/http.ts';
import { requiresLogin } from '../lib/routes.ts';
import { loginPath } from '../lib/safe-redirect.ts';
import { STORAGE_KEYS } from './storage-keys.ts';

export type AutoLoginOrigin = 'URL' | 'SESSION' | 'LOCAL';

/** spec §3 User session: only what the web app reads (areas keep their own state in their own stores). */
export interface SessionState {
  user: User | null;
  token: string | null;
  inpeaceAccount: { id: number } | null;
  clientAccount: ChurchAccount | null;
  documents: { tipo: string; numero: string }[];
  roles: UserChurchRoles;
  notifications: Notification[];
  userChildren: Child[];
  userAddress: Address[];
  autoLoginData: { origin: AutoLoginOrigin } | null;
}

const EMPTY: SessionState = {
  user: null,
  token: null,
  inpeaceAccount: null,
  clientAccount: null,
  documents: [],
  roles: [],
  notifications: [],
  userChildren: [],
  userAddress: [],
  autoLoginData: null,
};

/** The church of the page (id, code, name, country, clock), set by the first island from its props. */
export interface SessionChurch {
  id: number;
  codigo: string;
  nome: string;
  pais: string | null;
  /** The church's clock (docs/giving.md "Which clock"): its days, months and years. */
  fusoHorario: string;
  slugOrganizacao: string | null;
}

export const $session = map<SessionState>({ ...EMPTY });
export const $church = atom<SessionChurch | null>(null);
/** True once the start-up auto-login has finished (guards wait for it). */
export const $sessionReady = atom(false);
export const $isLoggedIn = computed(
  $session,
  (s) => !!(s.token && s.inpeaceAccount && s.clientAccount),
);

/**
 * The login waiting for its second step (docs/security.md "Two-factor sign-in"): the password's
 * signed challenge, kept only in memory (it is worth nothing without a code, and nothing after 5 min).
 */
export const $secondStep = atom<{ desafio: string } | null>(null);

export interface SessionEnv {
  sessionStorage: Pick<Storage, 'getItem' | 'setItem' | 'removeItem'>;
  localStorage: Pick<Storage, 'getItem' | 'setItem' | 'removeItem'>;
  /** The page URL, for the URL token. */
  url(): URL;
  /** Removes the token from the address bar after reading it. */
  replaceUrl(url: string): void;
  /** Asked before a change-of-church link replaces a different account's session here. */
  confirmSwitch?(): boolean;
  http?: HttpEnv;
}

let env: SessionEnv | undefined;

function sessionEnv(): SessionEnv {
  return (env ??= {
    sessionStorage: window.sessionStorage,
    localStorage: window.localStorage,
    url: () => new URL(location.href),
    replaceUrl: (url) => history.replaceState(history.state, '', url),
    // The landing page renders the question in the page's language (src/pages/user/index.astro).
    confirmSwitch: () =>
      window.confirm(
        document.querySelector('meta[name=church-switch-confirm]')?.getAttribute('content') ??
          'Replace the account logged in here with the one from the link?',
      ),
  });
}

/** Tests (and non-browser hosts) provide storage, URL and HTTP. */
export function configureSession(next: SessionEnv): void {
  env = next;
  if (next.http) configureHttp(next.http);
  installHooks();
  started = undefined;
  $session.set({ ...EMPTY });
  $secondStep.set(null);
  $church.set(null);
  $sessionReady.set(false);
}

const safe = <T>(run: () => T, fallback: T): T => {
  try {
    return run();
  } catch {
    return fallback;
  }
};

/** A session may come back (token or refresh token stored): show "loading", not "log in". */
export function hasStoredSession(): boolean {
  const e = sessionEnv();
  return safe(
    () =>
      !!(
        e.sessionStorage.getItem(STORAGE_KEYS.token) ||
        e.localStorage.getItem(STORAGE_KEYS.refreshToken)
      ),
    false,
  );
}

/** Remembers, for the next page only, that the account was deleted. */
export const markAccountDeleted = (): void =>
  safe(() => sessionEnv().sessionStorage.setItem(STORAGE_KEYS.accountDeleted, '1'), undefined);

/** Whether the account was just deleted; reading it clears it. */
export function takeAccountDeleted(): boolean {
  const e = sessionEnv();
  const deleted = safe(() => e.sessionStorage.getItem(STORAGE_KEYS.accountDeleted) === '1', false);
  if (deleted) safe(() => e.sessionStorage.removeItem(STORAGE_KEYS.accountDeleted), undefined);
  return deleted;
}

function persist(state: SessionState): void {
  const { sessionStorage } = sessionEnv();
  // The session state lives in session storage (spec §4); the refresh token never goes there.
  safe(() => sessionStorage.setItem(STORAGE_KEYS.session, JSON.stringify(state)), undefined);
  // Other tabs' headers read the name while their own session is not yet restored.
  if (state.user && state.clientAccount)
    safe(
      () => sessionEnv().localStorage.setItem(STORAGE_KEYS.memberName, state.user!.nome),
      undefined,
    );
}

function restore(): void {
  const raw = safe(() => sessionEnv().sessionStorage.getItem(STORAGE_KEYS.session), null);
  if (!raw) return;
  const saved = safe(() => JSON.parse(raw) as Partial<SessionState>, null);
  if (saved) $session.set({ ...EMPTY, ...saved, token: null });
}

let unsubscribePersist: (() => void) | undefined;
function installHooks(): void {
  setHttpHooks({ beforeRequest: ensureFreshToken, onUnauthorized: logoutAndGoHome });
  unsubscribePersist?.();
  unsubscribePersist = $session.listen(persist);
}

/** spec §4: set the credentials: bearer header on the main clients, token in session storage, refresh token stored. */
export function setCredentials(pair: { token: string; refreshToken: string | null }): void {
  const { sessionStorage, localStorage } = sessionEnv();
  setAuthorization(pair.token);
  safe(() => sessionStorage.setItem(STORAGE_KEYS.token, pair.token), undefined);
  if (pair.refreshToken)
    safe(() => localStorage.setItem(STORAGE_KEYS.refreshToken, pair.refreshToken!), undefined);
  $session.setKey('token', pair.token);
}

const fromPair = (pair: TokenPair) => ({ token: pair.token, refreshToken: pair.refresh_token });

/** spec §4 logout: all user data, the chat user and play data, both tokens and the headers. */
export function logout(): void {
  const { sessionStorage, localStorage } = sessionEnv();
  setAuthorization(null);
  for (const key of [
    STORAGE_KEYS.refreshToken,
    STORAGE_KEYS.memberName,
    STORAGE_KEYS.chatUser,
    STORAGE_KEYS.play,
  ])
    safe(() => localStorage.removeItem(key), undefined);
  for (const key of [
    STORAGE_KEYS.token,
    STORAGE_KEYS.session,
    STORAGE_KEYS.chatUser,
    STORAGE_KEYS.play,
  ])
    safe(() => sessionStorage.removeItem(key), undefined);
  $session.set({ ...EMPTY });
  $secondStep.set(null);
  safe(() => sessionStorage.removeItem(STORAGE_KEYS.session), undefined);
}

/**
 * spec §8: a 401 logs out, goes home and reloads; on a page that needs a login (a stale stored
 * session on /user/*) it goes to the login instead, and back here afterwards.
 */
function logoutAndGoHome(): void {
  logout();
  const path = httpEnv().pathname();
  httpEnv().navigate(
    requiresLogin(path)
      ? loginPath(path + (typeof location === 'undefined' ? '' : location.search))
      : '/',
  );
}

let refreshing: Promise<boolean> | undefined;

/** Trades the refresh token for a new pair (rotation); false when the session cannot go on. */
export function refreshCredentials(): Promise<boolean> {
  return (refreshing ??= (async () => {
    const refreshToken = safe(
      () => sessionEnv().localStorage.getItem(STORAGE_KEYS.refreshToken),
      null,
    );
    if (!refreshToken) return false;
    try {
      const pair = await mainApi()
        .post('security/token/refresh', { json: { refreshToken } })
        .json<TokenPair>();
      setCredentials(fromPair(pair));
      return true;
    } catch {
      return false;
    }
  })().finally(() => {
    refreshing = undefined;
  }));
}

/** Access tokens are short-lived: renew one that is about to expire before using it. */
async function ensureFreshToken(): Promise<void> {
  const token = $session.get().token;
  if (!token) return;
  const expiry = tokenExpiry(token);
  if (expiry !== null && expiry - Date.now() < 60_000) await refreshCredentials();
}

export class NotMemberError extends Error {
  override name = 'NotMemberError';
}

/** Loads the main account and this church's account; spec §5: no church account → failure (and logout). */
export async function loadAccount(): Promise<void> {
  const church = $church.get();
  if (!church) throw new Error('The church of the page is not set.');
  const { user } = await mainApi().get('me').json<{ user: User }>();
  $session.setKey('user', user);
  $session.setKey('inpeaceAccount', { id: user.id });
  let accounts: ChurchAccount[];
  try {
    ({ usuarios: accounts } = await mainApi()
      .get(`user/${user.id}/usuario`, { searchParams: { cliente: church.id } })
      .json<{ usuarios: ChurchAccount[] }>());
  } catch (error) {
    logout(); // spec §7: failure of the church-account call logs the user out
    throw error;
  }
  if (!accounts[0]) {
    logout();
    throw new NotMemberError(user.email);
  }
  $session.setKey('clientAccount', accounts[0]);
  // Documents and roles are not needed to be logged in; load them alongside.
  void Promise.all([
    mainApi()
      .get(`user/${user.id}/documento`, { searchParams: { cliente: church.id } })
      .json<{ documentos: SessionState['documents'] }>(),
    mainApi()
      .get(`user/${user.id}/role`, { searchParams: { cliente: church.id } })
      .json<{ userIgrejaRoles: UserChurchRoles }>(),
  ]).then(
    ([docs, roles]) => {
      $session.setKey('documents', docs.documentos);
      $session.setKey('roles', roles.userIgrejaRoles);
    },
    () => undefined,
  );
}

/** Reloads the main account (after an update). */
export async function reloadUser(): Promise<User> {
  const { user } = await mainApi().get('me').json<{ user: User }>();
  $session.setKey('user', user);
  return user;
}

/**
 * POST /security/login_check, then the accounts: 'done'. An account with two-factor on gets no
 * token yet: 'code', and `loginWithCode` finishes the login.
 */
export async function login(username: string, password: string): Promise<'done' | 'code'> {
  $secondStep.set(null);
  const answer = await mainApi()
    .post('security/login_check', { json: { username, password } })
    .json<TokenPair | SecondStep>();
  if ('segundoFator' in answer) {
    $secondStep.set({ desafio: answer.desafio });
    return 'code';
  }
  setCredentials(fromPair(answer));
  await loadAccount();
  return 'done';
}

/**
 * The login's second step: a code of the authenticator app or a recovery code for the challenge
 * the password answered. A wrong code keeps the challenge (try again); an expired one (401) drops
 * it, so the password comes first again.
 */
export async function loginWithCode(code: string): Promise<void> {
  const step = $secondStep.get();
  if (!step) throw new Error('No login is waiting for a code.');
  let pair: TokenPair;
  try {
    pair = await mainApi()
      .post('security/login_check/codigo', { json: { desafio: step.desafio, codigo: code } })
      .json<TokenPair>();
  } catch (error) {
    if ((error as { response?: Response }).response?.status === 401) $secondStep.set(null);
    throw error;
  }
  $secondStep.set(null);
  setCredentials(fromPair(pair));
  await loadAccount();
}

/** Back to the password (another e-mail, or the code is not at hand). */
export const cancelSecondStep = (): void => $secondStep.set(null);

/** Logs in with a pair the API just gave (registration, joining a church, password change). */
export async function loginWithPair(pair: TokenPair): Promise<void> {
  setCredentials(fromPair(pair));
  await loadAccount();
}

/** The one page that takes a login from its URL: the change of church's landing on the new host. */
export const SWITCH_LANDING = '/user';
export const SWITCH_PARAM = 'switchCode';

/** The subject (user id) of an access token, unverified: only to tell two accounts apart. */
function tokenSubject(token: string | null): string | null {
  const payload = token?.split('.')[1];
  if (!payload) return null;
  try {
    const json = JSON.parse(atob(payload.replace(/-/g, '+').replace(/_/g, '/'))) as {
      sub?: unknown;
    };
    return typeof json.sub === 'string' ? json.sub : null;
  } catch {
    return null;
  }
}

/**
 * The change-of-church landing's one-time code, spent for a session (docs/security.md "Login
 * carried by a link"). Over a session of another account it asks first; declined, nothing changes.
 */
async function sessionFromSwitchCode(
  e: SessionEnv,
  code: string,
  current: { token: string | null; refreshToken: string | null },
): Promise<boolean> {
  const church = $church.get();
  if (!church) return false;
  const pair = await mainApi()
    .post('usuario/troca-igreja/codigo', { json: { codigo: code, igreja: church.id } })
    .json<TokenPair>()
    .catch(() => null);
  if (!pair) return false;
  const sameAccount = !!current.token && tokenSubject(current.token) === tokenSubject(pair.token);
  const loggedIn = !!(current.token || current.refreshToken);
  if (loggedIn && !sameAccount && !(e.confirmSwitch?.() ?? false)) return false;
  setCredentials(fromPair(pair));
  return true;
}

/** spec §4 auto-login: the church-switch code, then session-storage token, then local-storage refresh token. */
export async function autoLogin(): Promise<boolean> {
  const e = sessionEnv();
  const url = e.url();
  // A token in the URL is never a login (it would swap a member's session for a stranger's link).
  const switchCode =
    url.pathname.replace(/\/+$/, '') === SWITCH_LANDING ? url.searchParams.get(SWITCH_PARAM) : null;
  if (url.searchParams.has('token') || url.searchParams.has(SWITCH_PARAM)) {
    url.searchParams.delete('token');
    url.searchParams.delete(SWITCH_PARAM);
    e.replaceUrl(url.pathname + url.search + url.hash);
  }
  const sessionToken = safe(() => e.sessionStorage.getItem(STORAGE_KEYS.token), null);
  const refreshToken = safe(() => e.localStorage.getItem(STORAGE_KEYS.refreshToken), null);
  let origin: AutoLoginOrigin | null = null;
  if (
    switchCode &&
    (await sessionFromSwitchCode(e, switchCode, { token: sessionToken, refreshToken }))
  ) {
    origin = 'URL';
  } else if (sessionToken) {
    origin = 'SESSION';
    setCredentials({ token: sessionToken, refreshToken });
  } else if (refreshToken) {
    origin = 'LOCAL';
    if (!(await refreshCredentials())) {
      logout();
      return false;
    }
  }
  if (!origin) return false;
  $session.setKey('autoLoginData', { origin });
  try {
    await ensureFreshToken();
    await loadAccount();
    return $isLoggedIn.get();
  } catch {
    // An expired session token with a live refresh token gets one more chance.
    if (origin !== 'LOCAL' && (await refreshCredentials())) {
      try {
        await loadAccount();
        return $isLoggedIn.get();
      } catch {
        /* fall through */
      }
    }
    logout();
    return false;
  }
}

let started: Promise<boolean> | undefined;

/**
 * Starts the session once per page: remembers the church, restores the saved state and runs
 * the auto-login. Every island calls it; only the first call does the work.
 */
export function startSession(church: SessionChurch): Promise<boolean> {
  if (!$church.get()) {
    $church.set(church);
    safe(
      () => sessionEnv().localStorage.setItem(STORAGE_KEYS.church, JSON.stringify(church)),
      undefined,
    );
  }
  return (started ??= (async () => {
    if (!unsubscribePersist) installHooks();
    restore();
    const ok = await autoLogin().catch(() => false);
    $sessionReady.set(true);
    return ok;
  })());
}
