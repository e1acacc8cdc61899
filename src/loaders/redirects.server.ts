// Old addresses of a church's former site (docs/staff.md "Moving in"): where one leads now, or null.
import { redirectSchema } from '../../contract/imports.ts';
import { serverApi } from '../lib/api.server.ts';
import { getParsed, orNull } from '../lib/api.ts';

export async function loadRedirect(slug: string, path: string): Promise<string | null> {
  const answer = await orNull(
    getParsed(
      serverApi(),
      `igreja/${encodeURIComponent(slug)}/redirecionamento?caminho=${encodeURIComponent(path)}`,
      redirectSchema,
    ),
  );
  // only a path of this site: never an address elsewhere
  return answer && /^\/(?!\/)/.test(answer.destino) ? answer.destino : null;
}
