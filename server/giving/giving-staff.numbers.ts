// Small helpers the treasurer's giving services share.
import type { Database } from '../db/client.ts';
import { givingChurch } from './donation.ts';
import { NO_CHURCH, zoneOfChurch } from '../church/church-clock.ts';

export const DAY = 86_400_000;
export const cents = (v: number) => Math.round(v * 100);
/** A number from a SQL aggregate (strings on PostgreSQL, null on no rows). */
export const num = (v: unknown) => Number(v ?? 0);

export async function currencyOf(db: Database, churchId: number): Promise<string> {
  return (await givingChurch(db, churchId))?.currency ?? 'BRL';
}

/** The church's currency and clock (docs/giving.md "Which clock"), read at once. */
export async function givingClockOf(
  db: Database,
  churchId: number,
): Promise<{ currency: string; zone: string }> {
  const church = await givingChurch(db, churchId);
  return {
    currency: church?.currency ?? 'BRL',
    zone: church?.timeZone ?? zoneOfChurch(NO_CHURCH),
  };
}
