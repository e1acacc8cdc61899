// A person's data removed at their request (spec §7 pedido-exclusao; docs/accounts.md "Deleting
// an account"): what they gave to this church leaves with them, and once no church holds the
// account its personal data goes too. Payments stay, as financial records the law keeps; only
// the giver's name, e-mail and CPF on them are cleared. One function for the member's own
// request and the staff's carrying out of an older one (docs/staff.md "People").
import { randomBytes } from 'node:crypto';
import { and, count, eq } from 'drizzle-orm';
import { hashPassword } from '../auth/passwords.ts';
import type { Tx } from '../db/client.ts';
import * as t from '../db/schema/index.ts';
import { deletedCardColumns, enqueueForgetCards } from '../payments/forget-card.task.ts';
import {
  deletedCustomerColumns,
  enqueueForgetCustomers,
} from '../payments/forget-customer.task.ts';
import { stopMoneyAt } from './leaving.ts';

/** Removes the person from the church and, when no church holds them any more, their personal data. */
export async function removePersonalData(
  tx: Tx,
  churchId: number,
  userId: number,
  removedName: string,
): Promise<void> {
  const [user] = await tx.select({ id: t.users.id }).from(t.users).where(eq(t.users.id, userId));
  if (!user) return;
  const mine = <T extends { churchId: unknown; userId: unknown }>(table: T) =>
    and(eq(table.churchId as never, churchId), eq(table.userId as never, userId));
  await tx.delete(t.userChildren).where(mine(t.userChildren));
  await tx.delete(t.groupMembers).where(mine(t.groupMembers));
  await tx.delete(t.groupRequests).where(mine(t.groupRequests));
  await tx.delete(t.memberCards).where(mine(t.memberCards));
  await tx.delete(t.customFieldValues).where(mine(t.customFieldValues));
  await tx.delete(t.notifications).where(mine(t.notifications));
  await tx.delete(t.meetingAttendance).where(mine(t.meetingAttendance));
  await tx
    .update(t.groups)
    .set({ leaderId: null })
    .where(and(eq(t.groups.churchId, churchId), eq(t.groups.leaderId, userId)));
  await tx
    .update(t.registrations)
    .set({ holderName: removedName, holderEmail: null, answers: {} })
    .where(mine(t.registrations));
  // gifts, the Play plan, cards and the gateway customer there stop (one rule with the change of church)
  await stopMoneyAt(tx, churchId, userId);
  await tx.delete(t.churchUsers).where(mine(t.churchUsers));
  const [others] = await tx
    .select({ n: count() })
    .from(t.churchUsers)
    .where(eq(t.churchUsers.userId, userId));
  if ((others?.n ?? 0) > 0) return;
  // No church holds the account: its personal data goes; the row stays for the payments.
  await tx.delete(t.userAddresses).where(eq(t.userAddresses.userId, userId));
  await tx.delete(t.refreshTokens).where(eq(t.refreshTokens.userId, userId));
  await tx.delete(t.userTokens).where(eq(t.userTokens.userId, userId));
  const cards = await tx
    .delete(t.savedCards)
    .where(eq(t.savedCards.userId, userId))
    .returning(deletedCardColumns);
  // their live cards are removed at the gateways too, after this commit (docs/payments.md "Saved cards")
  await enqueueForgetCards(tx, cards);
  // the member's customers at the gateways go with the cards they held, there too
  await enqueueForgetCustomers(
    tx,
    await tx
      .delete(t.gatewayCustomers)
      .where(eq(t.gatewayCustomers.userId, userId))
      .returning(deletedCustomerColumns),
  );
  await tx
    .update(t.users)
    .set({
      email: `removido-${userId}@removido.invalid`,
      passwordHash: await hashPassword(randomBytes(24).toString('hex')),
      firstName: removedName,
      lastName: null,
      active: false,
      emailVerified: false,
      phone: null,
      birthDate: null,
      sex: null,
      cpf: null,
      comments: null,
      maritalStatus: null,
      maritalDate: null,
      childrenCount: null,
      occupation: null,
      image: null,
      updatedAt: new Date(),
    })
    .where(eq(t.users.id, userId));
  await tx
    .update(t.payments)
    .set({ donorName: null, donorEmail: null, donorCpf: null })
    .where(eq(t.payments.userId, userId));
}
