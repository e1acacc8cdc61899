// Old addresses of a church's former site (docs/staff.md "Moving in"): where one leads now, or null.
import { redirectSchema } from '../../contract/imports.ts';
import { serverApi } from '../lib/api.server.ts';
import { getParsed, orNull } from '../lib/api.ts';
import { wordPressKey } from '../lib/old-addresses.ts';

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

/** The home page's old WordPress address (`/?p=12`): where it leads, or null without a look-up. */
export async function loadHomeRedirect(slug: string, search: string): Promise<string | null> {
  const key = wordPressKey(search);
  return key ? loadRedirect(slug, key) : null;
}
