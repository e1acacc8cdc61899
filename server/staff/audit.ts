// The audit log (docs/staff.md "Audit log"): every staff write records who, when and what, in
// the same transaction as the write, so a change and its record commit or fail together.
import { and, count, desc, eq, sql } from 'drizzle-orm';
import { AUDIT_PAGE_SIZE, type AuditPage } from '../../contract/staff.ts';
import type { Database, Tx } from '../db/client.ts';
import * as t from '../db/schema/index.ts';

/** Who acts: the staff member and the church they act in. */
export interface StaffActor {
  userId: number;
  name: string;
  churchId: number;
  roles: string[];
}

export interface AuditRecord {
  /** `<area>.<verb>`, e.g. `content.publish`. */
  action: string;
  /** The kind of thing, e.g. `noticia`, `banner`, `igreja`. */
  kind: string;
  targetId?: string | number | null;
  /** What a person reads in the log: the thing's title or name. */
  summary: string;
  details?: Record<string, unknown>;
}

export async function recordAudit(
  tx: Tx | Database,
  actor: StaffActor,
  record: AuditRecord,
): Promise<void> {
  await tx.insert(t.auditLog).values({
    churchId: actor.churchId,
    userId: actor.userId,
    userName: actor.name,
    action: record.action,
    kind: record.kind,
    targetId:
      record.targetId === undefined || record.targetId === null ? null : String(record.targetId),
    summary: record.summary.slice(0, 300),
    details: record.details ?? {},
  });
}

/** A page of the church's log, newest first, filtered by person and kind. */
export async function auditPage(
  db: Database,
  churchId: number,
  filter: { userId?: number; kind?: string; page: number },
): Promise<AuditPage> {
  const where = and(
    eq(t.auditLog.churchId, churchId),
    filter.userId ? eq(t.auditLog.userId, filter.userId) : undefined,
    filter.kind ? eq(t.auditLog.kind, filter.kind) : undefined,
  );
  const [rows, [total], people, kinds] = await Promise.all([
    db
      .select()
      .from(t.auditLog)
      .where(where)
      .orderBy(desc(t.auditLog.createdAt), desc(t.auditLog.id))
      .limit(AUDIT_PAGE_SIZE)
      .offset((filter.page - 1) * AUDIT_PAGE_SIZE),
    db.select({ n: count() }).from(t.auditLog).where(where),
    db
      .selectDistinctOn([t.auditLog.userId], { id: t.auditLog.userId, nome: t.auditLog.userName })
      .from(t.auditLog)
      .where(and(eq(t.auditLog.churchId, churchId), sql`${t.auditLog.userId} is not null`))
      .orderBy(t.auditLog.userId, desc(t.auditLog.createdAt)),
    db
      .selectDistinct({ tipo: t.auditLog.kind })
      .from(t.auditLog)
      .where(eq(t.auditLog.churchId, churchId))
      .orderBy(t.auditLog.kind),
  ]);
  const n = total?.n ?? 0;
  return {
    registros: rows.map((r) => ({
      id: r.id,
      quando: r.createdAt.toISOString(),
      usuario: { id: r.userId, nome: r.userName },
      acao: r.action,
      tipo: r.kind,
      alvoId: r.targetId,
      resumo: r.summary,
    })),
    total: n,
    page: filter.page,
    totalPages: Math.max(1, Math.ceil(n / AUDIT_PAGE_SIZE)),
    pessoas: people
      .filter((p): p is { id: number; nome: string } => p.id !== null)
      .sort((a, b) => a.nome.localeCompare(b.nome)),
    tipos: kinds.map((k) => k.tipo),
  };
}
