// The invited person's calls (docs/invitations.md): the invitation of a link, accept (with the
// session's token, or the token of a login made on the page itself) and decline.
import type { TokenPair } from '../../../contract/auth.ts';
import type { InvitationAnswer, InvitationView } from '../../../contract/invitations.ts';
import { mainApi } from '../account/http.ts';

export const fetchInvitation = (token: string) =>
  mainApi().post('convite/ver', { json: { token } }).json<InvitationView>();

/** `bearer`: a login made on the page (the session's own token is sent otherwise). */
export const postAccept = (token: string, bearer?: string) =>
  mainApi()
    .post('convite/aceitar', {
      json: { token },
      ...(bearer ? { headers: { Authorization: `Bearer ${bearer}` } } : {}),
    })
    .json<InvitationAnswer>();

export const postDecline = (token: string) =>
  mainApi().post('convite/recusar', { json: { token } }).json<InvitationAnswer>();

/** A login that does not start the session yet: a person of another church is no member here until they accept. */
export const postLogin = (username: string, password: string) =>
  mainApi().post('security/login_check', { json: { username, password } }).json<TokenPair>();
