// Scheduled publishing (docs/staff.md "Content"; run by ./publish-scheduled.job.ts): every item
// whose time has come is published once, across nodes, in the name of whoever scheduled it.
import { and, asc, desc, eq, lte, sql, type SQL } from 'drizzle-orm';
import type { Config } from '../../common/config.ts';
import type { ChangeFeed } from '../changes.ts';
import type { Database, Tx } from '../db/client.ts';
import * as t from '../db/schema/index.ts';
import { eachClaimed } from '../jobs/claim.ts';
import type { Mailer } from '../mail/outbox.ts';

const C = t.contents;
const E = t.podcastEpisodes;

/** Who scheduled the item: the latest `content.schedule` record of it (null when none). */
async function scheduler(tx: Tx, churchId: number, kind: string, id: number) {
  const [found] = await tx
    .select({ userId: t.auditLog.userId, name: t.auditLog.userName })
    .from(t.auditLog)
    .where(
      and(
        eq(t.auditLog.churchId, churchId),
        eq(t.auditLog.action, 'content.schedule'),
        eq(t.auditLog.kind, kind),
        eq(t.auditLog.targetId, String(id)),
      ),
    )
    .orderBy(desc(t.auditLog.createdAt), desc(t.auditLog.id))
    .limit(1);
  return found ?? null;
}

interface Due {
  id: number;
  churchId: number;
  kind: string;
  title: string;
}

/** Publishes one claimed row and records it in the name of whoever scheduled it. */
async function publishClaimed(tx: Tx, due: Due, table: typeof C | typeof E): Promise<number> {
  await tx
    .update(table)
    .set({
      status: 'publicado',
      active: true,
      version: sql`${table.version} + 1`,
      updatedAt: new Date(),
    })
    .where(eq(table.id, due.id));
  const who = await scheduler(tx, due.churchId, due.kind, due.id);
  await tx.insert(t.auditLog).values({
    churchId: due.churchId,
    userId: who?.userId ?? null,
    userName: who?.name ?? 'content.publish-scheduled',
    action: 'content.publish',
    kind: due.kind,
    targetId: String(due.id),
    summary: due.title.slice(0, 300),
    details: { agendado: true, job: 'content.publish-scheduled' },
  });
  return due.churchId;
}

/**
 * Publishes every scheduled item whose time has come (the database's clock), each once: a row is
 * claimed with FOR UPDATE SKIP LOCKED and published in that transaction, so two nodes running the
 * job at once never publish it twice (server/jobs/claim.ts). Answers how many it published.
 */
export async function publishDue(
  db: Database,
  options: {
    mailer: Mailer;
    settings: Pick<Config, 'PROVIDER_DOMAIN' | 'PORT'>;
    changes?: ChangeFeed | undefined;
  },
): Promise<number> {
  const due = (table: typeof C | typeof E, kind: SQL<string>) => async (tx: Tx) => {
    const [row] = await tx
      .select({ id: table.id, churchId: table.churchId, kind, title: table.title })
      .from(table)
      .where(and(eq(table.status, 'agendado'), lte(table.publishedAt, sql`now()`)))
      .orderBy(asc(table.publishedAt), asc(table.id))
      .limit(1)
      .for('update', { skipLocked: true });
    return row;
  };
  const churches = [
    ...(await eachClaimed(db, options, due(C, sql<string>`${C.kind}`), (tx, row) =>
      publishClaimed(tx, row, C),
    )),
    ...(await eachClaimed(db, options, due(E, sql<string>`'podcast'::text`), (tx, row) =>
      publishClaimed(tx, row, E),
    )),
  ];
  for (const churchId of new Set(churches)) options.changes?.churchChanged(churchId);
  return churches.length;
}
