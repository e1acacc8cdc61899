// The staff area's calls from the browser (docs/staff.md): every one under
// `/api/v1/admin/{slug}/`, on the main API client (it carries the session's bearer token).
// Errors follow the web's one model: calls throw, and `staffFailure` reads what the API said.
import type { KyInstance } from 'ky';
import type { StaffMe } from '../../../contract/staff.ts';
import { httpEnv, mainApi, readFailure, type ApiFailure } from '../account/http.ts';

const clients = new Map<string, KyInstance>();

/** A client whose paths are relative to `/api/v1/admin/{slug}/` (the main client's headers and hooks kept). */
export function staffHttp(slug: string): KyInstance {
  let client = clients.get(slug);
  if (!client) {
    client = mainApi().extend({
      prefixUrl: new URL(`admin/${slug}/`, httpEnv().baseUrl).toString(),
    });
    clients.set(slug, client);
  }
  return client;
}

/** The status, message and per-field errors of a failed staff call, in the page's language. */
export const staffFailure = (error: unknown): Promise<ApiFailure> => readFailure(error);
export type { ApiFailure };

/** GET /admin/{slug}/eu: the caller's staff profile in this church. */
export const fetchStaffMe = (slug: string): Promise<StaffMe> =>
  staffHttp(slug).get('eu').json<StaffMe>();
