// The giving page's data: GET /igreja/{slug}/pagamento-motivo/?doacao=true (spec §7), parsed with
// contract/giving.ts. A failing call gives null (the page shows spec §8's "not accepting" state).
import { reasonsResponseSchema, type ReasonsResponse } from '../../contract/giving.ts';
import { serverApi } from '../lib/api.server.ts';
import { getParsed } from '../lib/api.ts';

export async function loadGiving(slug: string): Promise<ReasonsResponse | null> {
  try {
    return await getParsed(
      serverApi(),
      `igreja/${encodeURIComponent(slug)}/pagamento-motivo/?doacao=true`,
      reasonsResponseSchema,
    );
  } catch {
    return null;
  }
}
