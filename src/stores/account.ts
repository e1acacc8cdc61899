// The member's data actions (spec §3 User session: user, userChildren, userAddress): each calls
// the API and keeps the session store in step, so every island shows the saved data at once.
// And /user/data's load: the profile's option lists with the member's addresses; and the account's
// one-form calls (/access's steps and modals, the password, the deletion), each handing back its
// answer or the API's failure for the form the kit's useForm keeps. And the account home's photo
// and notifications.
import { map } from 'nanostores';
import type { Notification, RegisterBody, UpdateUserBody } from '../../contract/user.ts';
import * as api from '../lib/account/api.ts';
import { readFailure, type ApiFailure } from '../lib/account/http.ts';
import { attempt } from './loadable.ts';
import {
  $session,
  loginWithPair,
  markAccountDeleted,
  reloadUser,
  setCredentials,
} from './session.ts';

/** PUT /usuario/ and the congregation shown for this church. */
export async function saveProfile(
  body: UpdateUserBody,
  congregation: { id: number; nome: string } | null,
): Promise<void> {
  $session.setKey('user', await api.updateUser(body));
  const account = $session.get().clientAccount;
  if (account) $session.setKey('clientAccount', { ...account, congregacao: congregation });
}

/** The user again: an address change may settle what a payment still needs (pending data). */
async function refreshUser(): Promise<void> {
  $session.setKey('user', await api.me());
}

export async function loadChildren(userId: number, churchId: number): Promise<void> {
  $session.setKey('userChildren', await api.children(userId, churchId));
}

export async function saveChild(
  userId: number,
  churchId: number,
  childId: number | null,
  body: api.ChildBody,
): Promise<void> {
  const saved =
    childId === null
      ? await api.addChild(userId, churchId, body)
      : await api.updateChild(userId, childId, body);
  const list = $session.get().userChildren;
  $session.setKey(
    'userChildren',
    childId === null ? [...list, saved] : list.map((c) => (c.id === saved.id ? saved : c)),
  );
  if (childId === null) void refreshUser().catch(() => undefined); // the children count follows
}

export async function removeChild(userId: number, childId: number): Promise<void> {
  await api.deleteChild(userId, childId);
  $session.setKey(
    'userChildren',
    $session.get().userChildren.filter((c) => c.id !== childId),
  );
}

export async function loadAddresses(userId: number, churchId: number): Promise<void> {
  $session.setKey('userAddress', await api.addresses(userId, churchId));
}

export async function saveAddress(
  userId: number,
  addressId: number | null,
  body: api.AddressBody,
): Promise<void> {
  const saved =
    addressId === null
      ? await api.addAddress(userId, body)
      : await api.updateAddress(userId, addressId, body);
  const list = $session.get().userAddress;
  $session.setKey(
    'userAddress',
    addressId === null ? [...list, saved] : list.map((a) => (a.id === saved.id ? saved : a)),
  );
  void refreshUser().catch(() => undefined);
}

export async function removeAddress(userId: number, addressId: number): Promise<void> {
  await api.deleteAddress(userId, addressId);
  $session.setKey(
    'userAddress',
    $session.get().userAddress.filter((a) => a.id !== addressId),
  );
  void refreshUser().catch(() => undefined);
}

/** /user/data's option lists (null until loaded) and whether the load failed. */
export const $profileData = map<{ lists: api.ProfileLists | null; failed: boolean }>({
  lists: null,
  failed: false,
});

/** Loads the profile's option lists and the member's addresses (into the session) together. */
export const loadProfileData = (userId: number, churchId: number): Promise<void> =>
  Promise.all([api.profileLists(churchId, userId), loadAddresses(userId, churchId)]).then(
    ([lists]) => $profileData.setKey('lists', lists),
    () => $profileData.setKey('failed', true),
  );

/** A form's call: its answer, or the API's failure (its message and per-field errors). */
export type Answer<T> = { ok: true; value: T } | { ok: false; failure: ApiFailure };

async function answerOf<T>(call: () => Promise<T>): Promise<Answer<T>> {
  let value: T | undefined;
  const failure = await attempt(async () => {
    value = await call();
  });
  return failure ? { ok: false, failure } : { ok: true, value: value as T };
}

/** /access's first step: what the e-mail is here (log in, inactive, another church's, new). */
export const checkAccount = (churchId: number, email: string) =>
  answerOf(() => api.accountStatus(churchId, email));

/** The e-mailed activation link (/access?activationToken=). */
export const confirmEmail = (token: string) => answerOf(() => api.verifyEmail(token));

export const sendActivationEmail = (churchId: number, email: string) =>
  answerOf(() => api.sendActivation(churchId, email));

export const sendRecoveryEmail = (churchId: number, email: string) =>
  answerOf(() => api.sendRecovery(churchId, email));

/** Joins this church with the password of the provider's shared account, then logs in. */
export const joinWithAccount = (churchId: number, email: string, senha: string) =>
  answerOf(async () => loginWithPair(await api.joinChurch(churchId, email, senha)));

/** Signs up (with the photo, when chosen), then logs in. */
export const registerAccount = (churchId: number, body: RegisterBody, photo: File | null) =>
  answerOf(async () => loginWithPair(await api.register(churchId, body, photo)));

/** The e-mailed recovery link's new password. */
export const resetMyPassword = (token: string, senha: string, confirmacaoSenha: string) =>
  answerOf(() => api.resetPassword(token, senha, confirmacaoSenha));

/** Other sessions end; this one goes on with the new pair. */
export const changeMyPassword = (body: Record<string, string>) =>
  answerOf(async () => {
    const pair = await api.changePassword(body);
    setCredentials({ token: pair.token, refreshToken: pair.refresh_token });
  });

/** Asks for the account's deletion (with the password); the success page reads the mark. */
export const requestAccountDeletion = (userId: number, churchId: number, senha: string) =>
  answerOf(async () => {
    await api.requestDeletion(userId, churchId, senha);
    markAccountDeleted();
  });

/** The account home's photo editor: busy, and the last change's message. */
export const $photo = map<{
  busy: boolean;
  message: { kind: 'error' | 'ok'; text: string } | null;
}>({ busy: false, message: null });

/** Uploads the photo chosen (or removes it, `file` null), then the user again with it. */
export async function changePhoto(userId: number, file: File | null, done: string): Promise<void> {
  $photo.set({ busy: true, message: null });
  try {
    await (file ? api.uploadPhoto(userId, file) : api.removePhoto(userId));
    await reloadUser();
    $photo.set({ busy: false, message: { kind: 'ok', text: done } });
  } catch (error) {
    $photo.set({
      busy: false,
      message: { kind: 'error', text: (await readFailure(error)).message },
    });
  }
}

export const NOTIFICATIONS_PER_PAGE = api.NOTIFICATIONS_PER_PAGE;

/** The account home's notifications: a page of them (null until loaded), how many, a failed load. */
export const $accountNotices = map<{
  items: Notification[] | null;
  total: number;
  failed: boolean;
}>({ items: null, total: 0, failed: false });

/** Loads a page of notifications; the session keeps the page shown. */
export const loadAccountNotices = (churchId: number, page: number): Promise<void> =>
  api.notifications(churchId, page).then(
    (r) => {
      $accountNotices.set({ ...$accountNotices.get(), items: r.notificacoes, total: r.total });
      $session.setKey('notifications', r.notificacoes);
    },
    () => $accountNotices.setKey('failed', true),
  );
