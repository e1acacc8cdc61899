// Host → church, and the spec's "App start" data (docs/architecture.md "Tenancy"), cached per host with a TTL
// and stale-while-revalidate so a page render costs no API call in the steady state.
import { HTTPError, type KyInstance } from 'ky';
import { LRUCache } from 'lru-cache';
import {
  churchSchema,
  clientsResponseSchema,
  menuResponseSchema,
  modulesResponseSchema,
  paymentMethodsResponseSchema,
  visualResponseSchema,
  type Church,
  type MenuItem,
  type PaymentMethod,
  type Visual,
} from '../../contract/church.ts';
import { primaryHostSchema } from '../../contract/domains.ts';
import { getParsed } from './api.ts';
import { normalizeChurchLocale } from './i18n.ts';
import { isBuilt } from './routes.ts';

/** Everything a page needs to know about the church of its host. */
export interface ChurchContext {
  church: Church;
  /** Enabled module codes (spec §3: a module is enabled if the list contains it). */
  modules: string[];
  visual: Visual;
  paymentMethods: PaymentMethod[];
  /** Menu items whose module is enabled, in order. */
  menu: MenuItem[];
  /** The church's locale, lowercase and dashed (spec §1). */
  locale: string;
  /** The host its other names redirect to (docs/deploy.md "Own domains and HTTPS"); null: none. */
  primaryHost: string | null;
}

export type HostResolution =
  | { kind: 'directory' }
  | { kind: 'church'; context: ChurchContext }
  | { kind: 'missing' }
  | { kind: 'inactive'; church: Church };

export interface TenancyOptions {
  providerDomain: string;
  api: () => KyInstance;
  ttlMs?: number;
}

const IP_HOST = /^(\d{1,3}(\.\d{1,3}){3}|\[[0-9a-f:.]+\])$/i;

/** The church code of a `<code>.<provider domain>` host, or null for any other host. */
export function churchCodeFromHost(host: string, providerDomain: string): string | null {
  const suffix = `.${providerDomain}`;
  if (!host.endsWith(suffix)) return null;
  const label = host.slice(0, -suffix.length);
  return label && !label.includes('.') ? label : null;
}

/** Host names that show the church list instead of a church. */
export function isDirectoryHost(host: string, providerDomain: string): boolean {
  return host === providerDomain || host === 'localhost' || IP_HOST.test(host);
}

export function normalizeHost(hostHeader: string): string {
  return hostHeader.trim().toLowerCase().replace(/:\d+$/, '').replace(/\.$/, '');
}

export function createTenancy({ providerDomain, api, ttlMs = 60_000 }: TenancyOptions) {
  async function lookupChurch(host: string): Promise<Church | null> {
    const code = churchCodeFromHost(host, providerDomain);
    try {
      if (code) {
        const body: unknown = await api()
          .get(`igreja/codigo/${encodeURIComponent(code)}`)
          .json();
        // spec §5: lookup by code fails when the response has a status field that is false
        if (body && typeof body === 'object' && (body as { status?: unknown }).status === false)
          return null;
        return churchSchema.parse(body);
      }
      // spec §5: lookup by host name fails when the list of clients is empty
      const { clientes } = await getParsed(
        api(),
        `igreja/?hostname=${encodeURIComponent(host)}`,
        clientsResponseSchema,
      );
      return clientes[0] ?? null;
    } catch (error) {
      if (
        error instanceof HTTPError &&
        (error.response.status === 404 || error.response.status === 400)
      )
        return null;
      throw error;
    }
  }

  async function loadContext(church: Church): Promise<ChurchContext> {
    const slug = encodeURIComponent(church.slug);
    const [{ modulos }, { igrejaVisual }, { metodosPagamento }, { igrejaAppMenu }, { principal }] =
      await Promise.all([
        getParsed(api(), `igreja/${slug}/modulo/`, modulesResponseSchema),
        getParsed(api(), `igreja/${slug}/visual/`, visualResponseSchema),
        getParsed(api(), `igreja/${slug}/metodo-pagamento/`, paymentMethodsResponseSchema),
        getParsed(api(), `igreja-app-menu?igreja=${church.id}`, menuResponseSchema),
        // an API without the call (an older one at API_URL) means no primary host: no redirect
        getParsed(api(), `igreja/${slug}/host-principal`, primaryHostSchema).catch(
          (error: unknown) => {
            if (error instanceof HTTPError && error.response.status === 404)
              return { principal: null };
            throw error;
          },
        ),
      ]);
    const modules = modulos.map((m) => m.codigo);
    return {
      church,
      modules,
      visual: igrejaVisual,
      paymentMethods: metodosPagamento,
      menu: igrejaAppMenu.filter(
        (item) =>
          (!item.moduloCodigo || modules.includes(item.moduloCodigo)) &&
          (!item.link.startsWith('/') || isBuilt(item.link)),
      ),
      locale: normalizeChurchLocale(church.idioma),
      primaryHost: principal,
    };
  }

  const cache = new LRUCache<string, HostResolution>({
    max: 2000,
    ttl: ttlMs,
    allowStale: true, // serve the last good answer while a fresh one loads
    noDeleteOnFetchRejection: true, // an API hiccup keeps the stale answer
    fetchMethod: async (host, _stale, { options }) => {
      const church = await lookupChurch(host);
      if (!church) {
        options.ttl = Math.min(ttlMs, 10_000); // unknown hosts are retried sooner
        return { kind: 'missing' };
      }
      if (!church.flagAtivo) return { kind: 'inactive', church };
      return { kind: 'church', context: await loadContext(church) };
    },
  });

  return {
    /** Resolves a Host header; rejects only when the API cannot be reached. */
    async resolve(hostHeader: string): Promise<HostResolution> {
      const host = normalizeHost(hostHeader);
      if (isDirectoryHost(host, providerDomain)) return { kind: 'directory' };
      const result = await cache.fetch(host);
      if (!result) throw new Error(`No answer for host ${host}`);
      return result;
    },
    /** Forget cached answers (tests; after an admin change). */
    clear: () => cache.clear(),
    /** Forget one church's hosts (and unknown hosts, one of which may now be its new host name). */
    forget(churchId: number): void {
      const stale: string[] = [];
      cache.forEach((value, host) => {
        const id =
          value.kind === 'church'
            ? value.context.church.id
            : value.kind === 'inactive'
              ? value.church.id
              : null;
        if (id === churchId || value.kind === 'missing') stale.push(host);
      });
      for (const host of stale) cache.delete(host);
    },
  };
}

export type Tenancy = ReturnType<typeof createTenancy>;
