// The invitations page's state (docs/invitations.md): the list of the view in the address, and the
// actions that change it (invite, resend, withdraw), each reloading the list after it.
import { atom } from 'nanostores';
import type { InvitationSent, InvitationsPage } from '../../contract/invitations.ts';
import {
  fetchInvitations,
  postInvitation,
  postResend,
  postRevoke,
  type InvitationsView,
} from '../lib/staff/invitations-api.ts';
import { staffFailure, type ApiFailure } from '../lib/staff/http.ts';
import { attempt, loadInto, type Loadable } from './staff-store.ts';

export const $invitations = atom<Loadable<InvitationsPage>>({ state: 'idle' });

let shown: { slug: string; view: InvitationsView; page: number } | null = null;

export function loadInvitations(slug: string, view: InvitationsView, page: number) {
  shown = { slug, view, page };
  return loadInto($invitations, () => fetchInvitations(slug, view, page));
}

const reload = async () => {
  if (shown) await loadInvitations(shown.slug, shown.view, shown.page);
};

/** The answer (sent now or waiting for the allowance), or the API's failure for the form. */
async function sending(
  write: () => Promise<InvitationSent>,
): Promise<{ sent: InvitationSent } | { failure: ApiFailure }> {
  try {
    const sent = await write();
    await reload();
    return { sent };
  } catch (error) {
    return { failure: await staffFailure(error) };
  }
}

export const invite = (
  slug: string,
  body: { email: string; nome: string | null; roles: string[] },
) => sending(() => postInvitation(slug, body));

export const resendInvitation = (slug: string, id: number) => sending(() => postResend(slug, id));

export const revokeInvitation = (slug: string, id: number) =>
  attempt(() => postRevoke(slug, id), reload);
