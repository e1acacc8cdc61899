// The audit log's calls from the browser (docs/staff.md "Audit log"): GET /admin/{slug}/auditoria.
import type { AuditPage } from '../../../contract/staff.ts';
import { staffHttp } from './http.ts';

export interface AuditFilter {
  usuario: number | null;
  tipo: string | null;
  page: number;
}

/** A page of the church's log, newest first, filtered by person and kind. */
export function fetchAuditPage(slug: string, filter: AuditFilter): Promise<AuditPage> {
  const searchParams: Record<string, string | number> = { page: filter.page };
  if (filter.usuario) searchParams.usuario = filter.usuario;
  if (filter.tipo) searchParams.tipo = filter.tipo;
  return staffHttp(slug).get('auditoria', { searchParams }).json<AuditPage>();
}
