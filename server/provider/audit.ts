// The provider's audit log (docs/provider.md "Audit"): every console action, and a sign-up's
// activation, records who, when and what in the same transaction as the change.
import { count, desc } from 'drizzle-orm';
import { PROVIDER_PAGE_SIZE, type ProviderAuditPage } from '../../contract/provider.ts';
import type { Database, Tx } from '../db/client.ts';
import * as t from '../db/schema/index.ts';

/** Who acts in the console: a provider admin (or, for a sign-up, the person signing up). */
export interface ProviderActor {
  userId: number | null;
  name: string;
}

export interface ProviderAuditRecord {
  /** `<thing>.<verb>`, e.g. `church.create`. */
  action: string;
  kind: string;
  targetId?: string | number | null;
  summary: string;
  details?: Record<string, unknown>;
}

export async function recordProviderAudit(
  tx: Tx | Database,
  actor: ProviderActor,
  record: ProviderAuditRecord,
): Promise<void> {
  await tx.insert(t.providerAudit).values({
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

export async function providerAuditPage(db: Database, page: number): Promise<ProviderAuditPage> {
  const [rows, [total]] = await Promise.all([
    db
      .select()
      .from(t.providerAudit)
      .orderBy(desc(t.providerAudit.createdAt), desc(t.providerAudit.id))
      .limit(PROVIDER_PAGE_SIZE)
      .offset((page - 1) * PROVIDER_PAGE_SIZE),
    db.select({ n: count() }).from(t.providerAudit),
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
    page,
    totalPages: Math.max(1, Math.ceil(n / PROVIDER_PAGE_SIZE)),
  };
}
