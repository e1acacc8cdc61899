// The accept page's state (docs/invitations.md): the invitation the link names, and the answers.
// A person of another church logs in on the page itself (their session here starts only once they
// are a member, after accepting: loadAccount refuses a non-member).
import { atom } from 'nanostores';
import type { InvitationAnswer, InvitationView } from '../../contract/invitations.ts';
import { readFailure, type ApiFailure } from '../lib/account/http.ts';
import { fetchInvitation, postAccept, postDecline, postLogin } from '../lib/invitation/api.ts';
import { loginWithPair } from './session.ts';

export type InvitationState =
  | { state: 'loading' }
  | { state: 'error'; message: string }
  | { state: 'open'; view: InvitationView }
  | { state: 'answered'; answer: InvitationAnswer; accepted: boolean };

export const $invitation = atom<InvitationState>({ state: 'loading' });

export async function loadInvitation(token: string): Promise<void> {
  $invitation.set({ state: 'loading' });
  try {
    $invitation.set({ state: 'open', view: await fetchInvitation(token) });
  } catch (error) {
    $invitation.set({ state: 'error', message: (await readFailure(error)).message });
  }
}

type Result = ApiFailure | null;

/** Accepts as the session's account (already logged in with the invited e-mail). */
export async function acceptLoggedIn(token: string): Promise<Result> {
  try {
    const answer = await postAccept(token);
    $invitation.set({ state: 'answered', answer, accepted: true });
    return null;
  } catch (error) {
    return readFailure(error);
  }
}

/** Logs in with the invited e-mail, accepts with that login, then starts the session here. */
export async function acceptWithPassword(
  token: string,
  email: string,
  password: string,
): Promise<Result> {
  try {
    const pair = await postLogin(email, password);
    const answer = await postAccept(token, pair.token);
    $invitation.set({ state: 'answered', answer, accepted: true });
    // a member now: the session of this church can start (a failure here leaves the answer shown)
    await loginWithPair(pair).catch(() => undefined);
    return null;
  } catch (error) {
    return readFailure(error);
  }
}

export async function decline(token: string): Promise<Result> {
  try {
    const answer = await postDecline(token);
    $invitation.set({ state: 'answered', answer, accepted: false });
    return null;
  } catch (error) {
    return readFailure(error);
  }
}
