// /user/data's load (the profile's option lists with the member's addresses, kept in the session;
// a failed load is told) and the account's one-form calls: their answer, or the API's failure for
// the form, with what each does once done (log in, keep the new pair, mark the deletion); the
// home's photo (the user again once changed, or why not) and its pages of notifications.
import { HTTPError, type NormalizedOptions } from 'ky';
import { beforeEach, describe, expect, it, vi } from 'vitest';

const api = vi.hoisted(() => ({
  profileLists: vi.fn(),
  addresses: vi.fn(),
  accountStatus: vi.fn(),
  register: vi.fn(),
  changePassword: vi.fn(),
  requestDeletion: vi.fn(),
  resetPassword: vi.fn(),
  uploadPhoto: vi.fn(),
  removePhoto: vi.fn(),
  notifications: vi.fn(),
  NOTIFICATIONS_PER_PAGE: 30,
}));
const session = vi.hoisted(() => ({
  loginWithPair: vi.fn(),
  setCredentials: vi.fn(),
  markAccountDeleted: vi.fn(),
  reloadUser: vi.fn(),
}));
vi.mock('../lib/account/api.ts', () => api);
vi.mock('./session.ts', async (original) => ({
  ...(await original<typeof import('./session.ts')>()),
  ...session,
}));
const store = await import('./account.ts');
const { $session } = await import('./session.ts');

const refused = (status: number, body: object) =>
  new HTTPError(
    new Response(JSON.stringify(body), { status }),
    new Request('http://localhost/api/v1/igreja/1/usuario/'),
    {} as NormalizedOptions,
  );
const lists = { congregacoes: [{ id: 1, nome: 'Sede' }], estadosCivis: [] };
const pair = { token: 't', refresh_token: 'r' };

describe('account store', () => {
  beforeEach(() => {
    vi.resetAllMocks();
    store.$profileData.set({ lists: null, failed: false });
  });

  it('the option lists load with the addresses', async () => {
    api.profileLists.mockResolvedValueOnce(lists);
    api.addresses.mockResolvedValueOnce([{ id: 3, cidade: 'São Paulo' }]);
    await store.loadProfileData(9, 1);
    expect(api.profileLists).toHaveBeenCalledWith(1, 9);
    expect(api.addresses).toHaveBeenCalledWith(9, 1);
    expect(store.$profileData.get()).toEqual({ lists, failed: false });
    expect($session.get().userAddress).toEqual([{ id: 3, cidade: 'São Paulo' }]);
  });

  it('either load failing is told', async () => {
    api.profileLists.mockResolvedValueOnce(lists);
    api.addresses.mockRejectedValueOnce(refused(500, {}));
    await store.loadProfileData(9, 1);
    expect(store.$profileData.get()).toEqual({ lists: null, failed: true });
  });

  it('a form’s call: its answer, or the failure with the fields', async () => {
    api.accountStatus.mockResolvedValueOnce('register');
    expect(await store.checkAccount(1, 'ana@x.test')).toEqual({ ok: true, value: 'register' });
    api.accountStatus.mockRejectedValueOnce(
      refused(400, { message: 'Invalid', errors: { email: ['Not an e-mail'] } }),
    );
    expect(await store.checkAccount(1, 'ana')).toEqual({
      ok: false,
      failure: { status: 400, message: 'Invalid', errors: { email: ['Not an e-mail'] } },
    });
  });

  it('signing up logs in with the answer’s pair; a refusal does not', async () => {
    api.register.mockResolvedValueOnce(pair);
    const body = { email: 'ana@x.test' } as never;
    expect((await store.registerAccount(1, body, null)).ok).toBe(true);
    expect(session.loginWithPair).toHaveBeenCalledWith(pair);
    api.register.mockRejectedValueOnce(refused(409, { message: 'Taken' }));
    expect(await store.registerAccount(1, body, null)).toMatchObject({
      ok: false,
      failure: { message: 'Taken' },
    });
    expect(session.loginWithPair).toHaveBeenCalledTimes(1);
  });

  it('a changed password keeps the new pair; a requested deletion is marked', async () => {
    api.changePassword.mockResolvedValueOnce(pair);
    expect((await store.changeMyPassword({ senhaAtual: 'a' })).ok).toBe(true);
    expect(session.setCredentials).toHaveBeenCalledWith({ token: 't', refreshToken: 'r' });
    api.requestDeletion.mockRejectedValueOnce(
      refused(401, { message: 'Wrong password', errors: { senha: ['Wrong password'] } }),
    );
    expect((await store.requestAccountDeletion(9, 1, 'x')).ok).toBe(false);
    expect(session.markAccountDeleted).not.toHaveBeenCalled();
    api.requestDeletion.mockResolvedValueOnce(undefined);
    expect((await store.requestAccountDeletion(9, 1, 'Demo@1234')).ok).toBe(true);
    expect(session.markAccountDeleted).toHaveBeenCalled();
  });

  it('a new photo reloads the user; a refused one says why', async () => {
    const file = new File(['x'], 'me.png', { type: 'image/png' });
    api.uploadPhoto.mockResolvedValueOnce(undefined);
    await store.changePhoto(9, file, 'Saved.');
    expect(api.uploadPhoto).toHaveBeenCalledWith(9, file);
    expect(session.reloadUser).toHaveBeenCalled();
    expect(store.$photo.get()).toEqual({ busy: false, message: { kind: 'ok', text: 'Saved.' } });
    api.removePhoto.mockRejectedValueOnce(refused(500, { message: 'Storage down' }));
    await store.changePhoto(9, null, 'Removed.');
    expect(store.$photo.get()).toEqual({
      busy: false,
      message: { kind: 'error', text: 'Storage down' },
    });
  });

  it('a page of notifications, kept in the session too; a failed load is told', async () => {
    api.notifications.mockResolvedValueOnce({ notificacoes: [{ id: 1 }], total: 31 });
    await store.loadAccountNotices(1, 2);
    expect(api.notifications).toHaveBeenCalledWith(1, 2);
    expect(store.$accountNotices.get()).toEqual({ items: [{ id: 1 }], total: 31, failed: false });
    expect($session.get().notifications).toEqual([{ id: 1 }]);
    api.notifications.mockRejectedValueOnce(refused(500, {}));
    await store.loadAccountNotices(1, 3);
    expect(store.$accountNotices.get().failed).toBe(true);
  });
});
