// Each church's share of the file store (docs/deploy.md "Storage quotas"): STORAGE_QUOTA_MB
// (default 10 GB, 0 = unlimited) over everything its videos, staff uploads, song scores and import
// files keep (usage.ts). Checked before an upload is accepted — a chunked video at its start, with
// the size it declares — and refused with 413 by the file's field, naming the use, the limit and
// what is in use, in the request's language.
import { INTL_LOCALE, numberFormat } from '../../common/format.ts';
import type { MessageLang } from '../../contract/messages/lang.ts';
import type { StorageMessageKey } from '../../contract/messages/storage.ts';
import { accountSettings } from '../auth/settings.ts';
import type { Database } from '../db/client.ts';
import { fieldProblem } from '../http/errors.ts';
import { churchStorageBytes } from './usage.ts';

export type StorageUse = 'video' | 'image' | 'import' | 'score';

const KEYS: Record<StorageUse, StorageMessageKey> = {
  video: 'storage.fullVideo',
  image: 'storage.fullImage',
  import: 'storage.fullImport',
  score: 'storage.fullScore',
};

const MB = 1024 * 1024;

/** "512 MB", "1,5 GB": sizes as the message names them, in the request's language. */
export function formatSize(bytes: number, lang: MessageLang): string {
  const gb = bytes >= 1024 * MB;
  const value = bytes / (gb ? 1024 * MB : MB);
  const number = numberFormat(INTL_LOCALE[lang], {
    maximumFractionDigits: value < 10 ? 1 : 0,
  }).format(value);
  return `${number} ${gb ? 'GB' : 'MB'}`;
}

/** The church's limit in bytes, or null when unlimited. */
export function storageLimitBytes(quotaMb = accountSettings().STORAGE_QUOTA_MB): number | null {
  return quotaMb > 0 ? quotaMb * MB : null;
}

/**
 * Throws 413 on `field` when `bytes` more would take the church past its limit. `resume`: the
 * unfinished video upload this start would pick up again (not counted twice).
 */
export async function ensureStorageRoom(
  db: Database,
  input: {
    churchId: number;
    bytes: number;
    use: StorageUse;
    field: string;
    lang: MessageLang;
    resume?: { contentId: number; fileName: string; size: number };
  },
): Promise<void> {
  const limit = storageLimitBytes();
  if (limit === null) return;
  const used = await churchStorageBytes(db, input.churchId, input.resume);
  if (used + input.bytes <= limit) return;
  throw fieldProblem(413, input.field, KEYS[input.use], {
    size: formatSize(input.bytes, input.lang),
    used: formatSize(used, input.lang),
    limit: formatSize(limit, input.lang),
  });
}

/** The same for a staff route: the church and language of the staff gate. */
export const ensureStaffRoom = (
  db: Database,
  staff: { church: { id: number }; lang: MessageLang },
  bytes: number,
  use: StorageUse,
  field: string,
): Promise<void> =>
  ensureStorageRoom(db, { churchId: staff.church.id, bytes, use, field, lang: staff.lang });
