// Invitations (docs/invitations.md): the one way a church links a person who is not yet its
// member. Staff invite an e-mail (optionally with roles); a people import invites the rows whose
// e-mail or CPF belongs to an account of elsewhere. The e-mail carries a single-use link whose
// token exists only in the e-mail: the table keeps its SHA-256, made when the e-mail is sent, so
// an invitation waiting for the church's daily allowance has no usable link yet. The person
// accepts while logged in as the invited e-mail (the only moment the church gets a member), or
// declines; staff list, resend (a new link) and withdraw.
// This file is the invitation row; by sub-resource: its e-mails under the daily allowance
// (invitation-sends.service.ts), the staff's list and writes (invitations-staff.service.ts), the
// invited person's answer (invitation-answers.service.ts).
import { and, eq, inArray } from 'drizzle-orm';
import type { Invitation, InvitationViewState } from '../../contract/invitations.ts';
import type { Tx } from '../db/client.ts';
import * as t from '../db/schema/index.ts';
import { LINK_MS, unsentTokenHash } from './invitation-sends.service.ts';

export type InvitationRow = typeof t.invitations.$inferSelect;
type Row = InvitationRow;

export function viewState(
  row: Pick<Row, 'state' | 'expiresAt'>,
  now = new Date(),
): InvitationViewState {
  if (row.state === 'pendente' && row.expiresAt.getTime() <= now.getTime()) return 'expirado';
  return row.state;
}

export const toInvitation = (row: Row, now = new Date()): Invitation => ({
  id: row.id,
  email: row.email,
  nome: row.name,
  roles: row.roles,
  estado: viewState(row, now),
  origem: row.importId === null ? 'equipe' : 'importacao',
  criadoPor: row.createdByName,
  criadoEm: row.createdAt.toISOString(),
  expiraEm: row.expiresAt.toISOString(),
  enviadoEm: row.sentAt?.toISOString() ?? null,
  envios: row.sends,
  respondidoEm: row.answeredAt?.toISOString() ?? null,
});

/** A pending invitation's row values (the import writes these too). */
export const newInvitation = (
  churchId: number,
  actor: { userId: number; name: string },
  values: {
    email: string;
    name: string | null;
    roles?: string[];
    importId?: number | null;
    memberNumber?: string | null;
    groupIds?: number[];
  },
  now = new Date(),
) => ({
  churchId,
  email: values.email.toLowerCase(),
  name: values.name,
  roles: values.roles ?? [],
  tokenHash: unsentTokenHash(),
  expiresAt: new Date(now.getTime() + LINK_MS),
  importId: values.importId ?? null,
  memberNumber: values.memberNumber ?? null,
  groupIds: values.groupIds ?? [],
  createdBy: actor.userId,
  createdByName: actor.name,
});

/** Undo of an import: its invitations still waiting are withdrawn (accepted ones stay: the person chose). */
export async function withdrawImportInvitations(tx: Tx, churchId: number, ids: number[]) {
  if (!ids.length) return;
  await tx
    .update(t.invitations)
    .set({ state: 'revogado', answeredAt: new Date() })
    .where(
      and(
        eq(t.invitations.churchId, churchId),
        inArray(t.invitations.id, ids),
        eq(t.invitations.state, 'pendente'),
      ),
    );
}
