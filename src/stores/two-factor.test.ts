// The two-factor store driven as the /user/security page and the staff settings drive it,
// against the real API in this process (docs/security.md "Two-factor sign-in").
import { mkdtempSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { createApi, type Api } from '../../server/app.ts';
import { resetAccountSettings } from '../../server/auth/settings.ts';
import { totp } from '../../server/auth/totp.ts';
import type { DatabaseHandle } from '../../server/db/client.ts';
import { DEMO_PASSWORD } from '../../server/db/seed/churches.ts';
import { openTestDatabase } from '../../server/db/test-database.ts';
import { configureSession, login, startSession, type SessionChurch } from './session.ts';
import {
  $churchTwoFactor,
  $twoFactor,
  cancelTwoFactor,
  confirmTwoFactor,
  disableTwoFactor,
  loadChurchTwoFactor,
  loadTwoFactor,
  recoveryCodesKept,
  recoveryCodesText,
  saveChurchTwoFactor,
  startTwoFactor,
} from './two-factor.ts';

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

describe('two-factor store', () => {
  let database: DatabaseHandle;
  let api: Api;

  beforeAll(async () => {
    process.env.DATA_DIR = mkdtempSync(path.join(tmpdir(), 'two-factor-store-'));
    resetAccountSettings();
    database = await openTestDatabase('pglite');
    api = createApi({ db: database.db });
  });
  afterAll(async () => {
    await new Promise((r) => setTimeout(r, 50));
    await database.close();
  });
  beforeEach(() => {
    configureSession({
      sessionStorage: new MemoryStorage(),
      localStorage: new MemoryStorage(),
      url: () => new URL('http://graca.localhost/user/security'),
      replaceUrl: () => undefined,
      http: {
        baseUrl: 'http://graca.localhost/api/v1/',
        lang: 'en',
        pathname: () => '/user/security',
        navigate: () => undefined,
        fetch: async (input, init) => api.fetch(new Request(input, init)),
      },
    });
  });

  const state = () => $twoFactor.get();

  it('off → enrolling (QR and text secret) → a wrong code by its field → recovery codes once → on → off with a recovery code', async () => {
    await startSession(GRACA);
    await login('editor@graca.demo', DEMO_PASSWORD);
    await loadTwoFactor();
    expect(state()).toEqual({ state: 'off' });

    expect(await startTwoFactor(GRACA.id)).toEqual({ ok: true });
    const enrolling = state();
    if (enrolling.state !== 'enrolling') throw new Error(enrolling.state);
    expect(enrolling.enrolment.qr).toMatch(/^data:image\/png;base64,/);
    expect(enrolling.enrolment.uri).toContain(encodeURIComponent('Igreja da Graça'));
    const secret = enrolling.enrolment.segredo;
    // leaving the set-up and starting again gives a new secret; still off on the server
    cancelTwoFactor();
    expect(state()).toEqual({ state: 'off' });
    await startTwoFactor(GRACA.id);
    const again = state();
    if (again.state !== 'enrolling') throw new Error(again.state);
    expect(again.enrolment.segredo).not.toBe(secret);

    const wrong = await confirmTwoFactor('000000');
    expect(wrong.ok).toBe(false);
    if (wrong.ok) return;
    expect(wrong.errors.codigo).toMatch(/not right/);
    expect(state().state).toBe('enrolling');
    // the first secret no longer counts
    expect((await confirmTwoFactor(totp(secret, Date.now()))).ok).toBe(false);

    expect(await confirmTwoFactor(` ${totp(again.enrolment.segredo, Date.now())} `)).toEqual({
      ok: true,
    });
    const shown = state();
    if (shown.state !== 'codes') throw new Error(shown.state);
    expect(shown.codes).toHaveLength(10);
    expect(new Set(shown.codes).size).toBe(10);
    const file = recoveryCodesText('Recovery codes', shown.codes);
    expect(file.split('\n').filter((l) => /^[a-z0-9]{5}-[a-z0-9]{5}$/.test(l))).toEqual(
      shown.codes,
    );
    recoveryCodesKept();
    expect(state()).toEqual({ state: 'on', left: 10 });
    // a reload reads the same from the server, the codes never again
    await loadTwoFactor();
    expect(state()).toEqual({ state: 'on', left: 10 });

    const refused = await disableTwoFactor('aaaaa-bbbbb');
    expect(refused.ok).toBe(false);
    expect(state()).toEqual({ state: 'on', left: 10 });
    expect(await disableTwoFactor(shown.codes[3]!)).toEqual({ ok: true });
    expect(state()).toEqual({ state: 'off' });
  });

  it("the team's rule: refused with the API's message until the admin has it on; then on and off", async () => {
    await startSession(GRACA);
    await login('lider@graca.demo', DEMO_PASSWORD);
    await loadChurchTwoFactor('graca');
    expect($churchTwoFactor.get()).toEqual({ state: 'ready', required: false });
    const refused = await saveChurchTwoFactor('graca', true);
    expect(refused.ok).toBe(false);
    if (refused.ok) return;
    expect(refused.errors.exigirDoisFatores).toBe(
      'Turn on two-factor sign-in in your own account first.',
    );
    expect($churchTwoFactor.get()).toEqual({ state: 'ready', required: false });

    await loadTwoFactor();
    await startTwoFactor(GRACA.id);
    const s = state();
    if (s.state !== 'enrolling') throw new Error(s.state);
    await confirmTwoFactor(totp(s.enrolment.segredo, Date.now()));
    expect(await saveChurchTwoFactor('graca', true)).toEqual({ ok: true });
    expect($churchTwoFactor.get()).toEqual({ state: 'ready', required: true });
    await loadChurchTwoFactor('graca');
    expect($churchTwoFactor.get()).toEqual({ state: 'ready', required: true });
    expect(await saveChurchTwoFactor('graca', false)).toEqual({ ok: true });
    expect($churchTwoFactor.get()).toEqual({ state: 'ready', required: false });
  });
});
