// The church's invitations from the browser (docs/invitations.md): list, invite an e-mail with
// roles, resend, withdraw, under /admin/{slug}/convites.
import type { Invitation, InvitationSent, InvitationsPage } from '../../../contract/invitations.ts';
import { staffHttp } from './http.ts';

export type InvitationsView = 'pendente' | 'todos';

export const fetchInvitations = (slug: string, estado: InvitationsView, page: number) =>
  staffHttp(slug).get('convites', { searchParams: { estado, page } }).json<InvitationsPage>();

export const postInvitation = (
  slug: string,
  body: { email: string; nome: string | null; roles: string[] },
) => staffHttp(slug).post('convites', { json: body }).json<InvitationSent>();

export const postResend = (slug: string, id: number) =>
  staffHttp(slug).post(`convites/${id}/reenviar`).json<InvitationSent>();

export const postRevoke = (slug: string, id: number) =>
  staffHttp(slug).post(`convites/${id}/revogar`).json<Invitation>();
