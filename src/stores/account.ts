// The member's data actions (spec §3 User session: user, userChildren, userAddress): each calls
// the API and keeps the session store in step, so every island shows the saved data at once.
import type { UpdateUserBody } from '../../contract/user.ts';
import * as api from '../lib/account/api.ts';
import { $session } from './session.ts';

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
