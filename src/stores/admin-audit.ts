// The audit log page's state (docs/staff.md "Audit log"): the page of records for the filters in
// the address; the island renders it and calls `loadAudit` when the address changes.
import { atom } from 'nanostores';
import type { AuditPage } from '../../contract/staff.ts';
import { fetchAuditPage, type AuditFilter } from '../lib/staff/audit-api.ts';
import { loadInto, type Loadable } from './staff-store.ts';

export const $audit = atom<Loadable<AuditPage>>({ state: 'idle' });

/** Loads the page for `filter`; an older answer that arrives late is dropped. */
export const loadAudit = (slug: string, filter: AuditFilter): Promise<void> =>
  loadInto($audit, () => fetchAuditPage(slug, filter));
