// The states of a content item for the staff (docs/staff.md "Content"): draft → scheduled →
// published → archived, and deleting a draft. `flag_ativo` follows the state; every change is a
// versioned staffWrite, audited as the action it is.
import { eq, sql } from 'drizzle-orm';
import type {
  ContentStatusName,
  StaffContent,
  StaffContentKind,
} from '../../contract/content-staff.ts';
import * as t from '../db/schema/index.ts';
import { ApiProblem, fieldProblem } from '../http/errors.ts';
import type { StaffActor } from '../staff/audit.ts';
import { staffWrite } from '../staff/write.ts';
import {
  audit,
  contentColumns,
  fromContent,
  fromEpisode,
  lockedAt,
  type ContentDeps,
} from './content-staff.service.ts';

const C = t.contents;
const E = t.podcastEpisodes;

const ACTIONS: Record<ContentStatusName, string> = {
  rascunho: 'unpublish',
  agendado: 'schedule',
  publicado: 'publish',
  arquivado: 'archive',
};

/** What a visitor needs before an item can go public (a video's id, an episode's audio). */
function checkPublishable(item: StaffContent): void {
  if (item.tipo === 'video' && !item.detalhes.videoId)
    throw fieldProblem(400, 'detalhes.videoId', 'staff.content.needsVideo');
  if (item.tipo === 'podcast' && !item.detalhes.audio)
    throw fieldProblem(400, 'detalhes.audio', 'staff.content.needsAudio');
}

/**
 * Moves an item to a state: `publicado` now, `agendado` for a future `publicadoEm` (the job
 * publishes it then), `rascunho` (unpublish, cancel a schedule, restore) or `arquivado`.
 * `flag_ativo` is true exactly when the state is `publicado` (the public pages read it).
 */
export async function changeState(
  deps: ContentDeps,
  actor: StaffActor,
  kind: StaffContentKind,
  id: number,
  wanted: { status: ContentStatusName; versao: number; publicadoEm?: string | undefined },
  now = new Date(),
): Promise<StaffContent> {
  const churchId = actor.churchId;
  let scheduledFor: Date | undefined;
  if (wanted.status === 'agendado') {
    scheduledFor = wanted.publicadoEm ? new Date(wanted.publicadoEm) : undefined;
    if (!scheduledFor || scheduledFor.getTime() <= now.getTime())
      throw fieldProblem(400, 'publicadoEm', 'staff.content.scheduleFuture');
  }
  return staffWrite(
    deps,
    actor,
    (item) =>
      audit(
        ACTIONS[wanted.status],
        item,
        wanted.status === 'agendado'
          ? { publicadoEm: item.publicadoEm, agendadoPor: { id: actor.userId, nome: actor.name } }
          : { status: item.status },
      ),
    async (tx) => {
      const { current } = await lockedAt(tx, churchId, kind, id, wanted.versao);
      if (wanted.status === 'publicado' || wanted.status === 'agendado') checkPublishable(current);
      const set: { status: ContentStatusName; active: boolean; publishedAt?: Date } = {
        status: wanted.status,
        active: wanted.status === 'publicado',
      };
      if (scheduledFor) set.publishedAt = scheduledFor;
      // Published now: dated now, unless it comes back from the archive with its old date.
      if (wanted.status === 'publicado' && current.status !== 'arquivado') set.publishedAt = now;
      if (kind === 'podcast') {
        const [saved] = await tx
          .update(E)
          .set({ ...set, version: sql`${E.version} + 1`, updatedAt: now })
          .where(eq(E.id, id))
          .returning();
        return fromEpisode(saved!);
      }
      const [saved] = await tx
        .update(C)
        .set({ ...set, version: sql`${C.version} + 1`, updatedAt: now })
        .where(eq(C.id, id))
        .returning(contentColumns);
      return fromContent(saved!);
    },
  );
}

/** Deletes a draft (anything else is archived instead: docs/staff.md prefers undo). */
export async function deleteItem(
  deps: ContentDeps,
  actor: StaffActor,
  kind: StaffContentKind,
  id: number,
  version: number | undefined,
): Promise<void> {
  await staffWrite(
    deps,
    actor,
    (item: StaffContent) => audit('delete', item),
    async (tx) => {
      const { current } = await lockedAt(tx, actor.churchId, kind, id, version);
      if (current.status !== 'rascunho')
        throw new ApiProblem(409, 'staff.content.deleteOnlyDrafts');
      if (kind === 'podcast') await tx.delete(E).where(eq(E.id, id));
      else await tx.delete(C).where(eq(C.id, id));
      return current;
    },
  );
}
