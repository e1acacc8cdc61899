// Loaders for the church list and the church home's blocks.
import {
  bannersResponseSchema,
  clientsResponseSchema,
  organizationSchema,
  type Banner,
  type Client,
} from '../../contract/church.ts';
import { serverApi } from '../lib/api.server.ts';
import { getParsed } from '../lib/api.ts';

/** Active churches, optionally of one organisation and matching a name or address. */
export async function loadChurchList(options: {
  organization?: string | null;
  search?: string;
}): Promise<Client[]> {
  const params = new URLSearchParams();
  if (options.organization) params.set('organizacao', options.organization);
  if (options.search) params.set('busca', options.search.slice(0, 100));
  const { clientes } = await getParsed(serverApi(), `cliente/?${params}`, clientsResponseSchema);
  return clientes;
}

/** The organisation's display name (people know "Rede Graça", not "rede-graca"); the slug when it cannot load. */
export async function loadOrganizationName(slug: string): Promise<string> {
  try {
    return (
      await getParsed(serverApi(), `organizacao/${encodeURIComponent(slug)}`, organizationSchema)
    ).nome;
  } catch {
    return slug;
  }
}

export async function loadBanners(churchId: number): Promise<Banner[]> {
  try {
    return (await getParsed(serverApi(), `banner/?igreja=${churchId}`, bannersResponseSchema))
      .banners;
  } catch {
    return []; // spec §4: a failing banners load resets to empty
  }
}

/** Link to a church's own host, keeping the scheme and port the visitor used. */
export function churchHostUrl(current: URL, code: string, providerDomain: string): string {
  return `${current.protocol}//${code}.${providerDomain}${current.port ? `:${current.port}` : ''}/`;
}
