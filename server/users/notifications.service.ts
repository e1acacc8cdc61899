// A member's notifications in a church (spec §7 "Auth and user"): the church's broadcasts and the
// ones addressed to them, newest first, a page at a time.
import { and, count, desc, eq, inArray, isNull, not, or } from 'drizzle-orm';
import type { Notification } from '../../contract/user.ts';
import type { Database } from '../db/client.ts';
import * as t from '../db/schema/index.ts';
import { kindsOff, notificationKindSql } from '../notifications/preferences.ts';

export async function notificationsOf(
  db: Database,
  userId: number,
  church: { id: number; code: string },
  page: number,
  limit: number,
): Promise<{ notificacoes: Notification[]; total: number }> {
  // the kinds the member switched off in the app (docs/notifications.md "Preferences")
  const hidden = await kindsOff(db, church.id, userId, 'app');
  const where = and(
    eq(t.notifications.churchId, church.id),
    or(isNull(t.notifications.userId), eq(t.notifications.userId, userId)),
    hidden.length ? not(inArray(notificationKindSql, hidden)) : undefined,
  );
  const [rows, [total]] = await Promise.all([
    db
      .select()
      .from(t.notifications)
      .where(where)
      .orderBy(desc(t.notifications.createdAt), desc(t.notifications.id))
      .limit(limit)
      .offset((page - 1) * limit),
    db.select({ value: count() }).from(t.notifications).where(where),
  ]);
  return {
    notificacoes: rows.map((n) => ({
      id: n.id,
      corpo: n.body,
      titulo: n.title,
      dataCadastro: n.createdAt.toISOString(),
      dataUltimaAlteracao: n.updatedAt.toISOString(),
      tipo: { codigo: n.typeCode },
      igreja: { codigo: church.code },
      idEntidadeRelacionada: n.relatedId,
    })),
    total: Number(total?.value ?? 0),
  };
}
