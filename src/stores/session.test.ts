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
import {
  $isLoggedIn,
  $session,
  configureSession,
  login,
  logout,
  startSession,
  STORAGE_KEYS,
  type SessionChurch,
} from './session.ts';

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

  /** A new page load: fresh stores, the same browser storage. */
  function newPage(url = 'http://graca.localhost/user') {
    pageUrl = url;
    pathname = new URL(url).pathname;
    configureSession({
      sessionStorage: session,
      localStorage: local,
      url: () => new URL(pageUrl),
      replaceUrl: (u) => void (pageUrl = new URL(u, pageUrl).toString()),
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

  it('a token in the URL logs in and leaves the address bar', async () => {
    const pair = (await (
      await api.request('/api/v1/security/login_check', {
        method: 'POST',
        headers: { 'content-type': 'application/json' },
        body: JSON.stringify({ username: 'membro@graca.demo', password: DEMO_PASSWORD }),
      })
    ).json()) as { token: string };
    newPage(`http://graca.localhost/user?token=${pair.token}&x=1`);
    expect(await startSession(GRACA)).toBe(true);
    expect($session.get().autoLoginData).toEqual({ origin: 'URL' });
    expect(pageUrl).toBe('http://graca.localhost/user?x=1');
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
    // issue 15: a stale session on /user/* goes to the login and back, not home
    expect(navigations).toEqual(['/access?redirectTo=%2Fuser%2Fdata']);
    await login('membro@graca.demo', DEMO_PASSWORD);
    pathname = '/event';
    await mainApi()
      .get('me', { headers: { Authorization: 'Bearer forged' } })
      .catch(() => undefined);
    expect(navigations.at(-1)).toBe('/');
  });
});
