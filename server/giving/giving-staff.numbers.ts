// Small helpers the treasurer's giving services share.
import type { Database } from '../db/client.ts';
import { givingChurch } from './donation.ts';

export const DAY = 86_400_000;
export const cents = (v: number) => Math.round(v * 100);
/** A number from a SQL aggregate (strings on PostgreSQL, null on no rows). */
export const num = (v: unknown) => Number(v ?? 0);

export async function currencyOf(db: Database, churchId: number): Promise<string> {
  return (await givingChurch(db, churchId))?.currency ?? 'BRL';
}
