// The coming set lists from the browser (docs/staff.md "Songs"): `GET /igreja/{slug}/louvor-repertorio`,
// members of the church only, with the session's bearer token. Types only from the contract.
import type { SetList } from '../../../contract/praise-staff.ts';
import { mainApi } from '../account/http.ts';

export async function loadSetLists(slug: string): Promise<SetList[]> {
  const { repertorios } = await mainApi()
    .get(`igreja/${encodeURIComponent(slug)}/louvor-repertorio`)
    .json<{ repertorios: SetList[] }>();
  return repertorios;
}
