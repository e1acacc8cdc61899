// The provider console's session (docs/provider.md): a provider admin signs in on the bare
// provider domain with their account. The access token lives in memory and in this tab's session
// storage, the refresh token beside it (never in local storage: the console is for one tab); a
// 401 tries the refresh token once, then shows the login form again. And the console's and the
// public pages' calls (a church's export and deletion, the code check, the sign-up, the e-mailed
// links), each handing back its answer or the failure to show (first message per field; the
// provider's pages read failures with `failureOf`, not the church sites' client).
import { atom } from 'nanostores';
import type {
  ChurchInput,
  Organization,
  ProviderAuditPage,
  ProviderChurch,
  ProviderMe,
  SignupMode,
} from '../../contract/provider.ts';
import {
  activate,
  auditPage,
  cancelChurchDeletion,
  codeAvailable,
  createChurch,
  createOrganization,
  deleteChurchLater,
  exportChurch,
  failureOf,
  getSettings,
  inviteAdmin,
  inviteSignup,
  listChurches,
  listOrganizations,
  putSettings,
  suspendChurch,
  changeChurchZone,
  login,
  loginCode,
  me,
  providerExportUrl,
  providerExports,
  refresh,
  setPassword,
  setProviderToken,
  signUp,
  signupInfo,
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

/** A call's answer, or the failure to show. */
export type Answered<T> = { ok: true; value: T } | { ok: false; failure: Failure };

/** Runs a call: its answer, or the failure as the API explained it (`fallback` when it did not). */
export async function answered<T>(call: () => Promise<T>, fallback: string): Promise<Answered<T>> {
  try {
    return { ok: true, value: await call() };
  } catch (error) {
    return { ok: false, failure: await failureOf(error, fallback) };
  }
}

/** A console call (through the session): its answer, or the failure to show. */
const consoleCall = <T>(call: () => Promise<T>, fallback: string): Promise<Answered<T>> =>
  answered(() => withSession(call), fallback);

/** A page of the churches (with a search), a new church, its first admin invited, suspended or back. */
export const churchesPage = (page: number, search: string, fallback: string) =>
  consoleCall(() => listChurches(page, search), fallback);
export const newChurch = (input: Partial<ChurchInput>, fallback: string) =>
  consoleCall(() => createChurch(input), fallback);
export const inviteChurchAdmin = (
  churchId: number,
  email: string,
  nome: string,
  fallback: string,
) => consoleCall(() => inviteAdmin(churchId, email, nome), fallback);
export const setChurchSuspended = (churchId: number, suspend: boolean, fallback: string) =>
  consoleCall(() => suspendChurch(churchId, suspend), fallback);
/** The church's clock changed (empty: back to its country's zone). */
export const setChurchZone = (churchId: number, zone: string, fallback: string) =>
  consoleCall(() => changeChurchZone(churchId, zone.trim() || null), fallback);

/** The organisations (none when they cannot be read), and a new one. */
export const organizations = (): Promise<Organization[]> =>
  withSession(listOrganizations).then(
    (o) => o.organizacoes,
    () => [],
  );
export const newOrganization = (nome: string, fallback: string) =>
  consoleCall(() => createOrganization(nome), fallback);

/** The sign-up setting (closed when it cannot be read), choosing it, and an invitation to sign up. */
export const signupMode = (): Promise<SignupMode> =>
  withSession(getSettings).then(
    (s) => s.cadastro,
    () => 'fechado' as const,
  );
export const chooseSignupMode = (next: SignupMode, fallback: string) =>
  consoleCall(() => putSettings(next), fallback);
export const inviteToSignup = (email: string, fallback: string) =>
  consoleCall(() => inviteSignup(email), fallback);

/** A page of the provider's audit log; null when it cannot be read. */
export const providerAudit = (page: number): Promise<ProviderAuditPage | null> =>
  withSession(() => auditPage(page)).then(
    (data) => data,
    () => null,
  );

/** A church's export (prepared in the background), the exports' states and a download link. */
export const askChurchExport = (churchId: number, fallback: string) =>
  consoleCall(() => exportChurch(churchId), fallback);
export const churchExports = (fallback: string) => consoleCall(providerExports, fallback);
export const exportLink = (exportId: number, fallback: string) =>
  consoleCall(() => providerExportUrl(exportId), fallback);

/** Deletes a church after `days` (its code typed again), or cancels a deletion on its way. */
export const scheduleChurchDeletion = (
  churchId: number,
  code: string,
  days: number,
  fallback: string,
): Promise<Answered<ProviderChurch>> =>
  consoleCall(() => deleteChurchLater(churchId, code, days), fallback);
export const cancelDeletion = (churchId: number, fallback: string) =>
  consoleCall(() => cancelChurchDeletion(churchId), fallback);

/** A new church's code: free (with its address), taken (with why), or idle when it cannot be asked. */
export type CodeCheck =
  | { kind: 'idle' }
  | { kind: 'checking' }
  | { kind: 'free'; address: string }
  | { kind: 'taken'; reason: string };

export const checkCode = (code: string, signal: AbortSignal): Promise<CodeCheck> =>
  codeAvailable(code, signal).then(
    (a) =>
      a.disponivel
        ? { kind: 'free', address: a.endereco ?? '' }
        : { kind: 'taken', reason: a.motivo ?? '' },
    () => ({ kind: 'idle' }),
  );

/** The sign-up page: whether sign-up is open and its proof-of-work challenge; the sign-up itself. */
export const signupPage = () => signupInfo();
export const signUpChurch = (body: Record<string, unknown>, fallback: string) =>
  answered(() => signUp(body), fallback);

/** The e-mailed links: the sign-up's activation (the site goes online), a new admin's password. */
export const activateSignup = (token: string, fallback: string) =>
  answered(() => activate(token), fallback);
export const chooseAdminPassword = (token: string, password: string, fallback: string) =>
  answered(() => setPassword(token, password), fallback);
