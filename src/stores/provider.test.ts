// The provider's pages' calls: each answers its value, or the failure as the API explained it
// (first message per field; the page's fallback otherwise); a console call whose token ran out
// renews once and runs again; the code check says free, taken or idle when it cannot ask; the
// lists that cannot be read show none (the organisations, the audit) or a closed sign-up.
import { HTTPError, type NormalizedOptions } from 'ky';
import { beforeEach, describe, expect, it, vi } from 'vitest';

const api = vi.hoisted(() => ({
  activate: vi.fn(),
  cancelChurchDeletion: vi.fn(),
  codeAvailable: vi.fn(),
  deleteChurchLater: vi.fn(),
  exportChurch: vi.fn(),
  providerExportUrl: vi.fn(),
  providerExports: vi.fn(),
  refresh: vi.fn(),
  setPassword: vi.fn(),
  setProviderToken: vi.fn(),
  signUp: vi.fn(),
  signupInfo: vi.fn(),
  login: vi.fn(),
  loginCode: vi.fn(),
  me: vi.fn(),
  listChurches: vi.fn(),
  createChurch: vi.fn(),
  inviteAdmin: vi.fn(),
  suspendChurch: vi.fn(),
  listOrganizations: vi.fn(),
  createOrganization: vi.fn(),
  getSettings: vi.fn(),
  putSettings: vi.fn(),
  inviteSignup: vi.fn(),
  auditPage: vi.fn(),
}));
vi.mock('../lib/provider/api.ts', async (original) => ({
  failureOf: (await original<typeof import('../lib/provider/api.ts')>()).failureOf,
  ...api,
}));
const store = await import('./provider.ts');

const refused = (status: number, body: object) =>
  new HTTPError(
    new Response(JSON.stringify(body), { status }),
    new Request('http://localhost/api/v1/provider/igrejas/4/exclusao'),
    {} as NormalizedOptions,
  );
const church = { id: 4, nome: 'Graça', codigo: 'graca' };

describe('provider store: the pages’ calls', () => {
  beforeEach(() => {
    vi.resetAllMocks();
    const kept = new Map<string, string>();
    vi.stubGlobal('sessionStorage', {
      getItem: (k: string) => kept.get(k) ?? null,
      setItem: (k: string, v: string) => void kept.set(k, v),
      removeItem: (k: string) => void kept.delete(k),
    });
  });

  it('a deletion answers the church; a refusal names its fields', async () => {
    api.deleteChurchLater.mockResolvedValueOnce({ ...church, exclusao: { excluirEm: 'x' } });
    expect(await store.scheduleChurchDeletion(4, 'graca', 30, 'Failed.')).toEqual({
      ok: true,
      value: { ...church, exclusao: { excluirEm: 'x' } },
    });
    expect(api.deleteChurchLater).toHaveBeenCalledWith(4, 'graca', 30);
    api.deleteChurchLater.mockRejectedValueOnce(
      refused(422, { message: 'Wrong code', errors: { codigo: ['Type graca'] } }),
    );
    expect(await store.scheduleChurchDeletion(4, 'x', 30, 'Failed.')).toEqual({
      ok: false,
      failure: { status: 422, message: 'Wrong code', errors: { codigo: 'Type graca' } },
    });
    api.cancelChurchDeletion.mockRejectedValueOnce(new Error('offline'));
    expect(await store.cancelDeletion(4, 'Failed.')).toEqual({
      ok: false,
      failure: { status: 0, message: 'Failed.', errors: {} },
    });
  });

  it('a console call whose token ran out renews once and runs again', async () => {
    sessionStorage.setItem('provider.session', JSON.stringify({ token: 'a', refreshToken: 'r' }));
    api.exportChurch.mockRejectedValueOnce(refused(401, {})).mockResolvedValueOnce({ id: 8 });
    api.refresh.mockResolvedValueOnce({ token: 'b', refresh_token: 'r2' });
    expect(await store.askChurchExport(4, 'Failed.')).toEqual({ ok: true, value: { id: 8 } });
    expect(api.setProviderToken).toHaveBeenCalledWith('b');
  });

  it('the code check: free with its address, taken with why, idle when it cannot ask', async () => {
    const signal = new AbortController().signal;
    api.codeAvailable.mockResolvedValueOnce({ disponivel: true, endereco: 'https://nova.test' });
    expect(await store.checkCode('nova', signal)).toEqual({
      kind: 'free',
      address: 'https://nova.test',
    });
    api.codeAvailable.mockResolvedValueOnce({ disponivel: false, motivo: 'Taken' });
    expect(await store.checkCode('graca', signal)).toEqual({ kind: 'taken', reason: 'Taken' });
    api.codeAvailable.mockRejectedValueOnce(new Error('aborted'));
    expect(await store.checkCode('gra', signal)).toEqual({ kind: 'idle' });
  });

  it('the sign-up and the e-mailed links answer, or say why', async () => {
    api.signUp.mockResolvedValueOnce({ message: 'Check your mail', email: 'a@x.test' });
    expect(await store.signUpChurch({ codigo: 'nova' }, 'Failed.')).toMatchObject({
      ok: true,
      value: { message: 'Check your mail' },
    });
    api.activate.mockRejectedValueOnce(refused(410, { message: 'Link expired' }));
    expect(await store.activateSignup('tok', 'Failed.')).toMatchObject({
      ok: false,
      failure: { message: 'Link expired' },
    });
    api.setPassword.mockResolvedValueOnce({ message: 'Saved' });
    expect(await store.chooseAdminPassword('tok', 'Demo@1234', 'Failed.')).toEqual({
      ok: true,
      value: { message: 'Saved' },
    });
    expect(api.setPassword).toHaveBeenCalledWith('tok', 'Demo@1234');
  });

  it('what cannot be read shows none, or a closed sign-up', async () => {
    api.listOrganizations.mockRejectedValueOnce(refused(500, {}));
    expect(await store.organizations()).toEqual([]);
    api.getSettings.mockRejectedValueOnce(refused(500, {}));
    expect(await store.signupMode()).toBe('fechado');
    api.auditPage.mockRejectedValueOnce(refused(500, {}));
    expect(await store.providerAudit(2)).toBeNull();
    api.listOrganizations.mockResolvedValueOnce({ organizacoes: [{ id: 1, nome: 'Rede' }] });
    expect(await store.organizations()).toEqual([{ id: 1, nome: 'Rede' }]);
  });

  it('a new church answers itself; a refusal names its fields', async () => {
    api.createChurch.mockResolvedValueOnce(church);
    expect(await store.newChurch({ nome: 'Graça' }, 'Failed.')).toEqual({
      ok: true,
      value: church,
    });
    api.createChurch.mockRejectedValueOnce(
      refused(409, { message: 'Code taken', errors: { codigo: ['Taken'] } }),
    );
    expect(await store.newChurch({ codigo: 'graca' }, 'Failed.')).toEqual({
      ok: false,
      failure: { status: 409, message: 'Code taken', errors: { codigo: 'Taken' } },
    });
  });
});
