// Loader of /embed/praise (spec §2): `GET /louvor/{id}/?igreja=` parsed with contract/praise.ts.
// An unknown id, another church's song or a malformed id comes back as null, for spec §8's
// "song information could not be loaded".
import { praiseSchema, type Praise } from '../../contract/praise.ts';
import { serverApi } from '../lib/api.server.ts';
import { getParsed, orNull } from '../lib/api.ts';

export async function loadPraise(churchId: number, id: string | null): Promise<Praise | null> {
  if (!id || !/^\d{1,10}$/.test(id)) return null;
  return orNull(getParsed(serverApi(), `louvor/${id}/?igreja=${churchId}`, praiseSchema));
}
