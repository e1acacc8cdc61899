// A member's children, kept per church (spec §7 "Children"): every query filters on the owner,
// and the list on the church.
import { and, asc, eq, sql } from 'drizzle-orm';
import type { z } from 'zod';
import type { Child, childBody } from '../../contract/user.ts';
import type { Database } from '../db/client.ts';
import { userChildren, users } from '../db/schema/index.ts';
import { ApiProblem } from '../http/errors.ts';
import { toChild } from '../users/user.serializers.ts';

type ChildInput = z.output<typeof childBody>;

const columns = (b: ChildInput) => ({
  firstName: b.nome,
  lastName: b.sobrenome,
  birthDate: b.dataNascimento,
  sex: b.sexo,
  comments: b.observacoes,
});

export async function childrenOf(db: Database, userId: number, churchId: number): Promise<Child[]> {
  const rows = await db
    .select()
    .from(userChildren)
    .where(and(eq(userChildren.userId, userId), eq(userChildren.churchId, churchId)))
    .orderBy(asc(userChildren.id));
  return rows.map(toChild);
}

export async function addChild(
  db: Database,
  userId: number,
  churchId: number,
  b: ChildInput,
): Promise<Child> {
  const [row] = await db
    .insert(userChildren)
    .values({ churchId, userId, ...columns(b) })
    .returning();
  // The profile's children count follows the children added: never fewer than listed here.
  await db
    .update(users)
    .set({
      childrenCount: sql`greatest(coalesce(${users.childrenCount}, 0), (select count(*)::int from ${userChildren} where ${userChildren.userId} = ${userId} and ${userChildren.churchId} = ${churchId}))`,
    })
    .where(eq(users.id, userId));
  return toChild(row!);
}

/** Changes one of the user's children, or 404. */
export async function updateChild(
  db: Database,
  userId: number,
  id: number,
  b: ChildInput,
): Promise<Child> {
  const [row] = await db
    .update(userChildren)
    .set(columns(b))
    .where(and(eq(userChildren.id, id), eq(userChildren.userId, userId)))
    .returning();
  if (!row) throw new ApiProblem(404, 'notFound');
  return toChild(row);
}

/** Removes one of the user's children, or 404. */
export async function deleteChild(db: Database, userId: number, id: number): Promise<void> {
  const gone = await db
    .delete(userChildren)
    .where(and(eq(userChildren.id, id), eq(userChildren.userId, userId)))
    .returning({ id: userChildren.id });
  if (!gone.length) throw new ApiProblem(404, 'notFound');
}
