// The provider console's session (docs/provider.md): a provider admin signs in on the bare
// provider domain with their account. The access token lives in memory and in this tab's session
// storage, the refresh token beside it (never in local storage: the console is for one tab); a
// 401 tries the refresh token once, then shows the login form again.
import { atom } from 'nanostores';
import type { ProviderMe } from '../../contract/provider.ts';
import {
  failureOf,
  login,
  loginCode,
  me,
  refresh,
  setProviderToken,
  type Failure,
} from '../lib/provider/api.ts';

/** This console's own session-storage key (outside the church sites' STORAGE_KEYS on purpose). */
const KEY = 'provider.session';

export type ProviderSession =
  | { kind: 'loading' }
  | { kind: 'out'; challenge: string | null }
  | { kind: 'refused' }
  | { kind: 'in'; me: ProviderMe };

export const $providerSession = atom<ProviderSession>({ kind: 'loading' });

interface Stored {
  token: string;
  refreshToken: string;
}

const read = (): Stored | null => {
  try {
    return JSON.parse(sessionStorage.getItem(KEY) ?? 'null') as Stored | null;
  } catch {
    return null;
  }
};
const store = (pair: Stored | null) => {
  try {
    if (pair) sessionStorage.setItem(KEY, JSON.stringify(pair));
    else sessionStorage.removeItem(KEY);
  } catch {
    /* storage refused: the session lasts as long as the page */
  }
  setProviderToken(pair?.token ?? null);
};

async function renew(): Promise<boolean> {
  const saved = read();
  if (!saved) return false;
  try {
    const pair = await refresh(saved.refreshToken);
    store({ token: pair.token, refreshToken: pair.refresh_token });
    return true;
  } catch {
    store(null);
    return false;
  }
}

async function whoAmI(): Promise<void> {
  try {
    $providerSession.set({ kind: 'in', me: await me() });
  } catch (error) {
    const failure = await failureOf(error, '');
    $providerSession.set(
      failure.status === 403 ? { kind: 'refused' } : { kind: 'out', challenge: null },
    );
  }
}

/** At page start: a stored session comes back (with a fresh token), else the login form. */
export async function startProviderSession(): Promise<void> {
  if (read() && (await renew())) return whoAmI();
  $providerSession.set({ kind: 'out', challenge: null });
}

/** Password (and the code when two-factor is on): null on success, else the failure to show. */
export async function providerLogin(
  username: string,
  password: string,
  code: string,
  fallback: string,
): Promise<Failure | null> {
  const state = $providerSession.get();
  try {
    const answer =
      state.kind === 'out' && state.challenge
        ? await loginCode(state.challenge, code)
        : await login(username, password);
    if ('segundoFator' in answer) {
      $providerSession.set({ kind: 'out', challenge: answer.desafio });
      return null;
    }
    store({ token: answer.token, refreshToken: answer.refresh_token });
    await whoAmI();
    return null;
  } catch (error) {
    return failureOf(error, fallback);
  }
}

export function providerLogout(): void {
  store(null);
  $providerSession.set({ kind: 'out', challenge: null });
}

/**
 * Runs a console call; a 401 (the token ran out) renews once and runs it again, and a second one
 * ends the session. Other failures come back as they are.
 */
export async function withSession<T>(call: () => Promise<T>): Promise<T> {
  try {
    return await call();
  } catch (error) {
    if ((await failureOf(error, '')).status !== 401) throw error;
    if (!(await renew())) {
      providerLogout();
      throw error;
    }
    return call();
  }
}
