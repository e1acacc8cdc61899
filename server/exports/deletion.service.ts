// Deleting a church after a grace period (docs/provider.md "Deleting a church"): the provider's
// "delete" suspends the church at once, queues its export for the provider (kept until removed)
// and marks it for deletion in N days (30 by default); "cancel" puts back the state it had. The
// job `church.lifecycle` (once across nodes: the runner's lease, and each due church claimed with
// FOR UPDATE SKIP LOCKED) deletes a due church whose export is ready: its rows (every church-owned
// table cascades from `igreja`), then its files, audited in the provider's log. It also removes
// exports whose day is over.
import { and, eq, inArray, lte } from 'drizzle-orm';
import type { ChurchDeletion, DeletionInput } from '../../contract/church-export.ts';
import type { ChangeFeed } from '../changes.ts';
import type { Database, Tx } from '../db/client.ts';
import * as t from '../db/schema/index.ts';
import type { FileStore } from '../files/file-store.ts';
import { ApiProblem, fieldProblem, notFound } from '../http/errors.ts';
import { defineJob } from '../jobs/runner.ts';
import { log } from '../log.ts';
import { recordProviderAudit, type ProviderActor } from '../provider/audit.ts';
import { churchFileKeys } from './church-files.ts';
import { exportFolder, removeExpiredExports, requestExport } from './export.service.ts';

async function churchFor(db: Database | Tx, id: number) {
  const [row] = await db
    .select({ church: t.churches, provider: t.providerChurches })
    .from(t.churches)
    .leftJoin(t.providerChurches, eq(t.providerChurches.churchId, t.churches.id))
    .where(eq(t.churches.id, id));
  if (!row) throw notFound('provider.churchNotFound');
  return row;
}

/** The console's export of a church (kept a day, like the team's); audited. */
export async function providerExport(
  db: Database,
  actor: ProviderActor,
  churchId: number,
): Promise<number> {
  return db.transaction(async (tx) => {
    const { church } = await churchFor(tx, churchId);
    const id = await requestExport(tx, church, 'provedor', actor);
    await recordProviderAudit(tx, actor, {
      action: 'church.export',
      kind: 'exportacao',
      targetId: id,
      summary: `${church.name} (${church.code})`,
    });
    return id;
  });
}

/** Marks the church for deletion: suspended now, its export queued, deleted after the grace period. */
export async function markForDeletion(
  db: Database,
  changes: ChangeFeed,
  actor: ProviderActor,
  churchId: number,
  input: DeletionInput,
  now = new Date(),
): Promise<ChurchDeletion> {
  const deletion = await db.transaction(async (tx) => {
    const { church, provider } = await churchFor(tx, churchId);
    if (input.codigo !== church.code) throw fieldProblem(422, 'codigo', 'deletion.code');
    if (!church.active && provider?.state === 'pendente')
      throw new ApiProblem(409, 'provider.church.pending');
    const [already] = await tx
      .select({ id: t.churchDeletions.churchId })
      .from(t.churchDeletions)
      .where(eq(t.churchDeletions.churchId, churchId));
    if (already) throw new ApiProblem(409, 'deletion.marked');
    const exportId = await requestExport(tx, church, 'exclusao', actor).catch(async (error) => {
      // an export for a deletion already being made (a cancelled deletion's) serves this one too
      if (!(error instanceof ApiProblem)) throw error;
      const [running] = await tx
        .select({ id: t.churchExports.id })
        .from(t.churchExports)
        .where(
          and(
            eq(t.churchExports.churchId, churchId),
            eq(t.churchExports.origin, 'exclusao'),
            eq(t.churchExports.state, 'preparando'),
          ),
        );
      return running!.id;
    });
    const deleteAt = new Date(now.getTime() + input.dias * 86_400_000);
    await tx.insert(t.churchDeletions).values({
      churchId,
      deleteAt,
      requestedBy: actor.userId,
      previousState: church.active ? 'ativa' : 'suspensa',
      exportId,
    });
    await tx.update(t.churches).set({ active: false }).where(eq(t.churches.id, churchId));
    await tx
      .insert(t.providerChurches)
      .values({ churchId, state: 'suspensa', origin: 'console', suspendedAt: now })
      .onConflictDoUpdate({
        target: t.providerChurches.churchId,
        set: { state: 'suspensa', suspendedAt: provider?.suspendedAt ?? now },
      });
    await recordProviderAudit(tx, actor, {
      action: 'church.markDeletion',
      kind: 'igreja',
      targetId: churchId,
      summary: `${church.name} (${church.code})`,
      details: { excluirEm: deleteAt.toISOString(), exportacao: exportId },
    });
    return {
      pedidaEm: now.toISOString(),
      excluirEm: deleteAt.toISOString(),
      exportacaoId: exportId,
    };
  });
  changes.churchChanged(churchId);
  return deletion;
}

/** Cancels a deletion during the grace period: the church gets back the state it had. */
export async function cancelDeletion(
  db: Database,
  changes: ChangeFeed,
  actor: ProviderActor,
  churchId: number,
): Promise<void> {
  await db.transaction(async (tx) => {
    const { church } = await churchFor(tx, churchId);
    const [row] = await tx
      .delete(t.churchDeletions)
      .where(eq(t.churchDeletions.churchId, churchId))
      .returning();
    if (!row) throw new ApiProblem(409, 'deletion.notMarked');
    const active = row.previousState === 'ativa';
    await tx.update(t.churches).set({ active }).where(eq(t.churches.id, churchId));
    await tx
      .update(t.providerChurches)
      .set({ state: row.previousState, suspendedAt: active ? null : undefined })
      .where(eq(t.providerChurches.churchId, churchId));
    await recordProviderAudit(tx, actor, {
      action: 'church.cancelDeletion',
      kind: 'igreja',
      targetId: churchId,
      summary: `${church.name} (${church.code})`,
    });
  });
  changes.churchChanged(churchId);
}

/** The deletions of these churches (the console's list). */
export async function deletionsOf(
  db: Database,
  ids: number[],
): Promise<Map<number, ChurchDeletion>> {
  if (!ids.length) return new Map();
  const rows = await db
    .select()
    .from(t.churchDeletions)
    .where(inArray(t.churchDeletions.churchId, ids));
  return new Map(
    rows.map((r) => [
      r.churchId,
      {
        pedidaEm: r.requestedAt.toISOString(),
        excluirEm: r.deleteAt.toISOString(),
        exportacaoId: r.exportId,
      },
    ]),
  );
}

/** 409 when the church is marked for deletion (suspend and reactivate wait for a cancel). */
export async function assertNotMarked(db: Database, churchId: number): Promise<void> {
  const marked = await db.$count(t.churchDeletions, eq(t.churchDeletions.churchId, churchId));
  if (marked) throw new ApiProblem(409, 'deletion.marked');
}

const SYSTEM: ProviderActor = { userId: null, name: 'church.lifecycle' };

/**
 * Deletes one due church whose export is ready (a failed export is queued again first); answers
 * the id deleted, or null when none was due and ready.
 */
export async function deleteOneDueChurch(
  db: Database,
  files: FileStore,
  changes: ChangeFeed | undefined,
  now = new Date(),
): Promise<number | null> {
  const due = await db
    .select({ deletion: t.churchDeletions, export: t.churchExports })
    .from(t.churchDeletions)
    .leftJoin(t.churchExports, eq(t.churchExports.id, t.churchDeletions.exportId))
    .where(lte(t.churchDeletions.deleteAt, now))
    .orderBy(t.churchDeletions.deleteAt)
    .limit(20);
  for (const { deletion, export: made } of due) {
    if (made?.state === 'pronta') {
      // the keys are read before the rows that name them go
      const keys = await churchFileKeys(db, files, deletion.churchId);
      const deleted = await db.transaction(async (tx) => {
        const [claimed] = await tx
          .select({ id: t.churchDeletions.churchId })
          .from(t.churchDeletions)
          .where(
            and(
              eq(t.churchDeletions.churchId, deletion.churchId),
              lte(t.churchDeletions.deleteAt, now),
            ),
          )
          .for('update', { skipLocked: true });
        if (!claimed) return false;
        const [church] = await tx
          .select({ name: t.churches.name, code: t.churches.code })
          .from(t.churches)
          .where(eq(t.churches.id, deletion.churchId));
        // the team's own copies go with the church; the provider's stay
        const teams = await tx
          .delete(t.churchExports)
          .where(
            and(
              eq(t.churchExports.churchId, deletion.churchId),
              eq(t.churchExports.origin, 'equipe'),
            ),
          )
          .returning({ id: t.churchExports.id });
        for (const e of teams) keys.push(...(await files.list(exportFolder(e.id))));
        await tx.delete(t.churches).where(eq(t.churches.id, deletion.churchId));
        await recordProviderAudit(tx, SYSTEM, {
          action: 'church.purge',
          kind: 'igreja',
          targetId: deletion.churchId,
          summary: `${church?.name ?? ''} (${church?.code ?? ''})`,
          details: { exportacao: made.id, arquivos: keys.length },
        });
        return true;
      });
      if (!deleted) continue;
      for (const key of keys)
        await files
          .delete(key)
          .catch((error: unknown) =>
            log.warn({ err: error, key }, '[church.lifecycle] a file of a deleted church stayed'),
          );
      await db
        .delete(t.fileUsage)
        .where(inArray(t.fileUsage.key, keys.length ? keys : ['']))
        .catch(() => undefined);
      changes?.churchChanged(deletion.churchId);
      log.info({ church: deletion.churchId }, '[church.lifecycle] church deleted');
      return deletion.churchId;
    }
    if (!made || made.state === 'falhou') {
      await db.transaction(async (tx) => {
        const [church] = await tx
          .select({ id: t.churches.id, code: t.churches.code, name: t.churches.name })
          .from(t.churches)
          .where(eq(t.churches.id, deletion.churchId));
        if (!church) return;
        const exportId = await requestExport(tx, church, 'exclusao', SYSTEM);
        await tx
          .update(t.churchDeletions)
          .set({ exportId })
          .where(eq(t.churchDeletions.churchId, deletion.churchId));
      });
    }
  }
  return null;
}

/** Every minute: exports past their day go, and due churches are deleted (one at a time). */
export const churchLifecycleJob = defineJob({
  name: 'church.lifecycle',
  everyMs: 60_000,
  leaseMs: 10 * 60_000,
  async run({ db, files, changes, now }) {
    await removeExpiredExports(db, files, now());
    while ((await deleteOneDueChurch(db, files, changes, now())) !== null);
  },
});
