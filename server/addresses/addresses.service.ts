// A member's own addresses (spec §7 "Address"): every query filters on the owner.
import { and, asc, eq } from 'drizzle-orm';
import type { z } from 'zod';
import type { Address, addressBody } from '../../contract/user.ts';
import type { Database } from '../db/client.ts';
import { userAddresses } from '../db/schema/index.ts';
import { ApiProblem } from '../http/errors.ts';
import { toAddress } from '../users/user.serializers.ts';

type AddressInput = z.output<typeof addressBody>;

const columns = (a: AddressInput) => ({
  country: a.pais,
  state: a.estado,
  city: a.cidade,
  neighborhood: a.bairro,
  street: a.logradouro,
  number: a.numero,
  complement: a.complemento,
  zipCode: a.cep,
});

export async function addressesOf(db: Database, userId: number): Promise<Address[]> {
  const rows = await db
    .select()
    .from(userAddresses)
    .where(eq(userAddresses.userId, userId))
    .orderBy(asc(userAddresses.id));
  return rows.map(toAddress);
}

export async function addAddress(db: Database, userId: number, a: AddressInput): Promise<Address> {
  const [row] = await db
    .insert(userAddresses)
    .values({ userId, ...columns(a) })
    .returning();
  return toAddress(row!);
}

/** Changes one of the user's addresses, or 404. */
export async function updateAddress(
  db: Database,
  userId: number,
  id: number,
  a: AddressInput,
): Promise<Address> {
  const [row] = await db
    .update(userAddresses)
    .set(columns(a))
    .where(and(eq(userAddresses.id, id), eq(userAddresses.userId, userId)))
    .returning();
  if (!row) throw new ApiProblem(404, 'notFound');
  return toAddress(row);
}

/** Removes one of the user's addresses, or 404. */
export async function deleteAddress(db: Database, userId: number, id: number): Promise<void> {
  const gone = await db
    .delete(userAddresses)
    .where(and(eq(userAddresses.id, id), eq(userAddresses.userId, userId)))
    .returning({ id: userAddresses.id });
  if (!gone.length) throw new ApiProblem(404, 'notFound');
}
