// The session store driven like a user would, against the real API in this process.
import { mkdtempSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { createApi, type Api } from '../../server/app.ts';
import { resetAccountSettings } from '../../server/auth/settings.ts';
import type { DatabaseHandle } from '../../server/db/client.ts';
import { DEMO_PASSWORD } from '../../server/db/seed/churches.ts';
import { openTestDatabase } from '../../server/db/test-database.ts';
import { mainApi } from '../lib/account/http.ts';
import { eq } from 'drizzle-orm';
import { users } from '../../server/db/schema/index.ts';
import { issueSwitchCode } from '../../server/auth/switch-code.ts';
import { totp } from '../../server/auth/totp.ts';
import {
  $isLoggedIn,
  $secondStep,
  $session,
  cancelSecondStep,
  configureSession,
  login,
  loginWithCode,
  logout,
  startSession,
  type SessionChurch,
} from './session.ts';
import { headerMemberName, STORAGE_KEYS } from './storage-keys.ts';

class MemoryStorage {
  data = new Map<string, string>();
  getItem = (k: string) => this.data.get(k) ?? null;
  setItem = (k: string, v: string) => void this.data.set(k, String(v));
  removeItem = (k: string) => void this.data.delete(k);
}

const GRACA: SessionChurch = {
  id: 1,
  codigo: 'graca',
  nome: 'Igreja da Graça',
  pais: 'BR',
  fusoHorario: 'America/Sao_Paulo',
  slugOrganizacao: 'rede-graca',
};

describe('session store (spec §4)', () => {
  let database: DatabaseHandle;
  let api: Api;
  let session: MemoryStorage;
  let local: MemoryStorage;
  let pageUrl: string;
  let pathname: string;
  let navigations: string[];
  let authHeaders: (string | null)[];
  let consent = false;
  let asked = 0;

  /** A new page load: fresh stores, the same browser storage. */
  function newPage(url = 'http://graca.localhost/user') {
    pageUrl = url;
    pathname = new URL(url).pathname;
    configureSession({
      sessionStorage: session,
      localStorage: local,
      url: () => new URL(pageUrl),
      replaceUrl: (u) => void (pageUrl = new URL(u, pageUrl).toString()),
      confirmSwitch: () => (asked++, consent),
      http: {
        baseUrl: 'http://graca.localhost/api/v1/',
        lang: 'pt',
        pathname: () => pathname,
        navigate: (u) => void navigations.push(u),
        fetch: async (input, init) => {
          const request = new Request(input, init);
          authHeaders.push(request.headers.get('authorization'));
          return api.fetch(request);
        },
      },
    });
  }

  beforeAll(async () => {
    process.env.DATA_DIR = mkdtempSync(path.join(tmpdir(), 'accounts-session-'));
    resetAccountSettings();
    database = await openTestDatabase('pglite');
    api = createApi({ db: database.db });
  });
  afterAll(async () => {
    await new Promise((r) => setTimeout(r, 50)); // let background loads (documents, roles) finish
    await database.close();
  });
  beforeEach(() => {
    session = new MemoryStorage();
    local = new MemoryStorage();
    navigations = [];
    authHeaders = [];
    consent = false;
    asked = 0;
    newPage();
  });

  it('is logged in only with token, main account and church account; credentials set the bearer header', async () => {
    expect(await startSession(GRACA)).toBe(false);
    expect($isLoggedIn.get()).toBe(false);
    await login('membro@graca.demo', DEMO_PASSWORD);
    const s = $session.get();
    expect(s.token).toBeTruthy();
    expect(s.inpeaceAccount?.id).toBe(s.user?.id);
    expect(s.clientAccount?.igreja.codigo).toBe('graca');
    expect($isLoggedIn.get()).toBe(true);
    expect(session.getItem(STORAGE_KEYS.token)).toBe(s.token);
    expect(local.getItem(STORAGE_KEYS.refreshToken)).toBeTruthy();
    expect(authHeaders.at(-1)).toBe(`Bearer ${s.token}`);
    // Removing one of the three is enough to be logged out.
    $session.setKey('clientAccount', null);
    expect($isLoggedIn.get()).toBe(false);
  });

  it('a reload logs in again from the session-storage token; a new tab from the local refresh token', async () => {
    await startSession(GRACA);
    await login('membro@graca.demo', DEMO_PASSWORD);
    const firstToken = $session.get().token;
    newPage();
    expect(await startSession(GRACA)).toBe(true);
    expect($session.get().autoLoginData).toEqual({ origin: 'SESSION' });
    expect($session.get().token).toBe(firstToken);
    // A new tab: no session storage, the refresh token is still in local storage.
    session = new MemoryStorage();
    newPage();
    expect(await startSession(GRACA)).toBe(true);
    expect($session.get().autoLoginData).toEqual({ origin: 'LOCAL' });
    expect($session.get().token).not.toBe(firstToken);
  });

  it("a second tab's header names the member before any member page restores its session", async () => {
    await startSession(GRACA);
    await login('membro@graca.demo', DEMO_PASSWORD);
    const name = $session.get().user!.nome;
    expect(headerMemberName(session, local)).toBe(name);
    // A new tab: its session storage is empty, local storage is shared.
    const secondTab = new MemoryStorage();
    expect(headerMemberName(secondTab, local)).toBe(name);
    logout();
    expect(headerMemberName(secondTab, local)).toBeNull();
    expect(headerMemberName(session, local)).toBeNull();
  });

  /** A one-time change-of-church code for this account on GRACA, as POST /usuario/troca-igreja makes. */
  async function switchCode(email: string): Promise<string> {
    const [user] = await database.db.select().from(users).where(eq(users.email, email));
    return issueSwitchCode(database.db, user!.id, GRACA.id);
  }
  const who = () => $session.get().user?.email;

  it('a token in the URL never logs in, and leaves the address bar', async () => {
    const pair = (await (
      await api.request('/api/v1/security/login_check', {
        method: 'POST',
        headers: { 'content-type': 'application/json' },
        body: JSON.stringify({ username: 'lider@graca.demo', password: DEMO_PASSWORD }),
      })
    ).json()) as { token: string };
    newPage(`http://graca.localhost/user?token=${pair.token}&x=1`);
    expect(await startSession(GRACA)).toBe(false);
    expect(pageUrl).toBe('http://graca.localhost/user?x=1');
    // over a member's session, the link's account does not take it over
    await login('membro@graca.demo', DEMO_PASSWORD);
    newPage(`http://graca.localhost/user?token=${pair.token}`);
    expect(await startSession(GRACA)).toBe(true);
    expect(who()).toBe('membro@graca.demo');
  });

  it('the change-of-church landing logs in from a one-time code, only there, never over another account unasked', async () => {
    // a fresh browser on the new church's host: the code logs in once
    const code = await switchCode('membro@graca.demo');
    newPage(`http://graca.localhost/user?switchCode=${code}`);
    expect(await startSession(GRACA)).toBe(true);
    expect($session.get().autoLoginData).toEqual({ origin: 'URL' });
    expect(pageUrl).toBe('http://graca.localhost/user');
    expect(asked).toBe(0);
    // spent: the same link again does nothing (a new browser stays logged out)
    session = new MemoryStorage();
    local = new MemoryStorage();
    newPage(`http://graca.localhost/user?switchCode=${code}`);
    expect(await startSession(GRACA)).toBe(false);
    // on any other page a code is ignored
    newPage(`http://graca.localhost/user/notes?switchCode=${await switchCode('lider@graca.demo')}`);
    expect(await startSession(GRACA)).toBe(false);
    // over another account's session it asks; declined, the member stays themselves
    await login('membro@graca.demo', DEMO_PASSWORD);
    newPage(`http://graca.localhost/user?switchCode=${await switchCode('lider@graca.demo')}`);
    consent = false;
    expect(await startSession(GRACA)).toBe(true);
    expect(asked).toBe(1);
    expect(who()).toBe('membro@graca.demo');
    // accepted, the link's account is logged in
    newPage(`http://graca.localhost/user?switchCode=${await switchCode('lider@graca.demo')}`);
    consent = true;
    expect(await startSession(GRACA)).toBe(true);
    expect(asked).toBe(2);
    expect(who()).toBe('lider@graca.demo');
  });

  it('an account of another church is not logged in here', async () => {
    await startSession(GRACA);
    await expect(login('member@grace.demo', DEMO_PASSWORD)).rejects.toThrow();
    expect($isLoggedIn.get()).toBe(false);
    expect(session.getItem(STORAGE_KEYS.token)).toBeNull();
  });

  it('logout clears the user data, both tokens, the chat user, play data and the header', async () => {
    await startSession(GRACA);
    await login('membro@graca.demo', DEMO_PASSWORD);
    local.setItem(STORAGE_KEYS.chatUser, '{"name":"Maria"}');
    local.setItem(STORAGE_KEYS.play, '{}');
    logout();
    expect($session.get().user).toBeNull();
    expect($isLoggedIn.get()).toBe(false);
    expect(session.getItem(STORAGE_KEYS.token)).toBeNull();
    expect(local.getItem(STORAGE_KEYS.refreshToken)).toBeNull();
    expect(local.getItem(STORAGE_KEYS.chatUser)).toBeNull();
    expect(local.getItem(STORAGE_KEYS.play)).toBeNull();
    await mainApi().get('utils/estado-civil/');
    expect(authHeaders.at(-1)).toBeNull();
  });

  it('a 401 logs out and goes home (to the login on a page that needs one), except on access and confirm-delete-user', async () => {
    await startSession(GRACA);
    await login('membro@graca.demo', DEMO_PASSWORD);
    pathname = '/user/confirm-delete-user';
    await mainApi()
      .get('me', { headers: { Authorization: 'Bearer forged' } })
      .catch(() => undefined);
    expect($isLoggedIn.get()).toBe(true);
    expect(navigations).toEqual([]);
    pathname = '/user/data';
    await mainApi()
      .get('me', { headers: { Authorization: 'Bearer forged' } })
      .catch(() => undefined);
    expect($isLoggedIn.get()).toBe(false);
    // A stale session on /user/* goes to the login and back, not home
    expect(navigations).toEqual(['/access?redirectTo=%2Fuser%2Fdata']);
    await login('membro@graca.demo', DEMO_PASSWORD);
    pathname = '/event';
    await mainApi()
      .get('me', { headers: { Authorization: 'Bearer forged' } })
      .catch(() => undefined);
    expect(navigations.at(-1)).toBe('/');
  });
  /** Turns two-factor on for a demo account through the API; its secret and recovery codes. */
  async function enrol(email: string): Promise<{ secret: string; recovery: string[] }> {
    const json = async (method: string, url: string, token: string | null, body?: unknown) => {
      const response = await api.request(`/api/v1/${url}`, {
        method,
        headers: {
          'content-type': 'application/json',
          ...(token ? { authorization: `Bearer ${token}` } : {}),
        },
        body: body === undefined ? null : JSON.stringify(body),
      });
      return (await response.json()) as Record<string, unknown>;
    };
    const pair = await json('POST', 'security/login_check', null, {
      username: email,
      password: DEMO_PASSWORD,
    });
    const token = pair.token as string;
    const { segredo } = (await json('POST', 'user/dois-fatores?igreja=1', token)) as {
      segredo: string;
    };
    const done = await json('POST', 'user/dois-fatores/confirmar', token, {
      codigo: totp(segredo, Date.now()),
    });
    return { secret: segredo, recovery: done.codigosRecuperacao as string[] };
  }

  it('two-factor on: the password gives no session, only a waiting second step; the code finishes the login', async () => {
    const { secret, recovery } = await enrol('tesoureiro@graca.demo');
    await startSession(GRACA);
    expect(await login('tesoureiro@graca.demo', DEMO_PASSWORD)).toBe('code');
    expect($isLoggedIn.get()).toBe(false);
    expect(session.getItem(STORAGE_KEYS.token)).toBeNull();
    expect(local.getItem(STORAGE_KEYS.refreshToken)).toBeNull();
    const waiting = $secondStep.get()?.desafio;
    expect(waiting).toBeTruthy();
    // the challenge is kept in memory only: nothing of it in either storage
    expect([...session.data.values(), ...local.data.values()].join()).not.toContain(waiting);
    // a wrong code is refused and the step still waits for another try
    await expect(loginWithCode('000000')).rejects.toThrow();
    expect($secondStep.get()?.desafio).toBe(waiting);
    expect($isLoggedIn.get()).toBe(false);
    // the next step's code (the enrolment spent this one) logs in as the password would have
    await loginWithCode(totp(secret, Date.now() + 30_000));
    expect($secondStep.get()).toBeNull();
    expect($isLoggedIn.get()).toBe(true);
    expect(who()).toBe('tesoureiro@graca.demo');
    expect(local.getItem(STORAGE_KEYS.refreshToken)).toBeTruthy();
    // a recovery code works once; a spent one is refused
    logout();
    expect(await login('tesoureiro@graca.demo', DEMO_PASSWORD)).toBe('code');
    await loginWithCode(recovery[0]!);
    expect($isLoggedIn.get()).toBe(true);
    logout();
    expect(await login('tesoureiro@graca.demo', DEMO_PASSWORD)).toBe('code');
    await expect(loginWithCode(recovery[0]!)).rejects.toThrow();
    expect($isLoggedIn.get()).toBe(false);
    // going back to the password forgets the challenge; an account without two-factor is 'done'
    cancelSecondStep();
    expect($secondStep.get()).toBeNull();
    await expect(loginWithCode(recovery[1]!)).rejects.toThrow(/No login is waiting/);
    expect(await login('membro@graca.demo', DEMO_PASSWORD)).toBe('done');
    expect($isLoggedIn.get()).toBe(true);
  });

  it('an expired or forged challenge sends the login back to the password', async () => {
    newPage('http://graca.localhost/access');
    await startSession(GRACA);
    expect(await login('tesoureiro@graca.demo', DEMO_PASSWORD)).toBe('code');
    $secondStep.set({ desafio: `${$secondStep.get()!.desafio}x` });
    await expect(loginWithCode('123456')).rejects.toThrow();
    expect($secondStep.get()).toBeNull();
    expect($isLoggedIn.get()).toBe(false);
    // on /access a 401 is the login's own answer: no logout-and-go-home
    expect(navigations).toEqual([]);
  });
});
