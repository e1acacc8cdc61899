// The categories of content for the staff (docs/staff.md "Content"): list with their counts,
// create, rename (the address stays) and delete (the items stay, without a category). A
// publication's categories are its types (`tipo_publicacao`). Every write goes through staffWrite.
import { and, asc, count, eq, max } from 'drizzle-orm';
import type { StaffCategory, StaffContentKind } from '../../contract/content-staff.ts';
import type { Database, Tx } from '../db/client.ts';
import * as t from '../db/schema/index.ts';
import { isUniqueViolation } from '../db/unique-violation.ts';
import { fieldProblem, notFound } from '../http/errors.ts';
import type { StaffActor } from '../staff/audit.ts';
import { staffWrite } from '../staff/write.ts';
import { findCategory, NOT_FOUND, slugOf, type ContentDeps } from './content-staff.service.ts';

const C = t.contents;
const E = t.podcastEpisodes;

export async function listCategories(
  db: Database,
  churchId: number,
  kind: StaffContentKind,
): Promise<StaffCategory[]> {
  if (kind === 'publicacao') {
    const P = t.publicationTypes;
    const rows = await db
      .select({ id: P.id, nome: P.name, slug: P.slug, n: count(C.id) })
      .from(P)
      .leftJoin(C, and(eq(C.publicationTypeId, P.id), eq(C.churchId, churchId)))
      .where(eq(P.churchId, churchId))
      .groupBy(P.id)
      .orderBy(asc(P.position), asc(P.name));
    return rows.map(({ n, ...r }) => ({ ...r, quantidade: Number(n) }));
  }
  const K = t.contentCategories;
  const base = { id: K.id, nome: K.name, slug: K.slug };
  const where = and(eq(K.churchId, churchId), eq(K.kind, kind));
  const rows =
    kind === 'podcast'
      ? await db
          .select({ ...base, n: count(E.id) })
          .from(K)
          .leftJoin(E, eq(E.categoryId, K.id))
          .where(where)
          .groupBy(K.id)
          .orderBy(asc(K.position), asc(K.name))
      : await db
          .select({ ...base, n: count(C.id) })
          .from(K)
          .leftJoin(C, eq(C.categoryId, K.id))
          .where(where)
          .groupBy(K.id)
          .orderBy(asc(K.position), asc(K.name));
  return rows.map(({ n, ...r }) => ({ ...r, quantidade: Number(n) }));
}

export async function createCategory(
  deps: ContentDeps,
  actor: StaffActor,
  kind: StaffContentKind,
  name: string,
): Promise<StaffCategory> {
  const churchId = actor.churchId;
  const slug = slugOf(name);
  try {
    return await staffWrite(
      deps,
      actor,
      (c) => ({ action: 'content.category.create', kind, targetId: c.id, summary: c.nome }),
      async (tx) => {
        if (kind === 'publicacao') {
          const P = t.publicationTypes;
          const [last] = await tx
            .select({ n: max(P.position) })
            .from(P)
            .where(eq(P.churchId, churchId));
          const [row] = await tx
            .insert(P)
            .values({ churchId, name, slug, position: (last?.n ?? 0) + 1 })
            .returning();
          return { id: row!.id, nome: row!.name, slug: row!.slug, quantidade: 0 };
        }
        const K = t.contentCategories;
        const [last] = await tx
          .select({ n: max(K.position) })
          .from(K)
          .where(and(eq(K.churchId, churchId), eq(K.kind, kind)));
        const [row] = await tx
          .insert(K)
          .values({ churchId, kind, name, slug, position: (last?.n ?? 0) + 1 })
          .returning();
        return { id: row!.id, nome: row!.name, slug: row!.slug, quantidade: 0 };
      },
    );
  } catch (error) {
    if (isUniqueViolation(error)) throw fieldProblem(409, 'nome', 'staff.content.categoryExists');
    throw error;
  }
}

async function categoryOf(tx: Tx, churchId: number, kind: StaffContentKind, id: number) {
  const row = await findCategory(tx, churchId, kind, id);
  if (!row) throw notFound(NOT_FOUND);
  return row;
}

/** Renames a category; its address (slug) stays, so shared links keep working. */
export async function renameCategory(
  deps: ContentDeps,
  actor: StaffActor,
  kind: StaffContentKind,
  id: number,
  name: string,
): Promise<void> {
  await staffWrite(
    deps,
    actor,
    { action: 'content.category.rename', kind, targetId: id, summary: name },
    async (tx) => {
      const before = await categoryOf(tx, actor.churchId, kind, id);
      if (kind === 'publicacao')
        await tx.update(t.publicationTypes).set({ name }).where(eq(t.publicationTypes.id, id));
      else await tx.update(t.contentCategories).set({ name }).where(eq(t.contentCategories.id, id));
      return before;
    },
  );
}

/** Deletes a category; its items stay, without a category (the foreign keys set null). */
export async function deleteCategory(
  deps: ContentDeps,
  actor: StaffActor,
  kind: StaffContentKind,
  id: number,
): Promise<void> {
  await staffWrite(
    deps,
    actor,
    (before: { id: number; nome: string }) => ({
      action: 'content.category.delete',
      kind,
      targetId: id,
      summary: before.nome,
    }),
    async (tx) => {
      const before = await categoryOf(tx, actor.churchId, kind, id);
      if (kind === 'publicacao')
        await tx.delete(t.publicationTypes).where(eq(t.publicationTypes.id, id));
      else await tx.delete(t.contentCategories).where(eq(t.contentCategories.id, id));
      return before;
    },
  );
}
