// Loaders of the Play pages (spec §2 "/play"): each calls the v1 Play API and parses the answer with
// contract/play.ts. An unknown content or collection (404, or a bad id the API refuses) is null.
import {
  playContentDetailSchema,
  playContentListResponseSchema,
  playHomeSchema,
  playPlansResponseSchema,
  playSettingsSchema,
} from '../../contract/play.ts';
import { serverApi } from '../lib/api.server.ts';
import { getParsed, orNull } from '../lib/api.ts';

const slugOf = (slug: string) => encodeURIComponent(slug);

export const loadPlaySettings = (slug: string) =>
  getParsed(
    serverApi(),
    `igreja/${slugOf(slug)}/plano-assinatura-configuracao/`,
    playSettingsSchema,
  );
export const loadPlayHome = (slug: string) =>
  getParsed(serverApi(), `igreja/${slugOf(slug)}/plano-assinatura-home/`, playHomeSchema);
export const loadPlayPlans = async (slug: string) =>
  (
    await getParsed(
      serverApi(),
      `igreja/${slugOf(slug)}/plano-assinatura/`,
      playPlansResponseSchema,
    )
  ).planos;

export interface PlayListFilter {
  tag?: number | undefined;
  coletanea?: number | undefined;
  busca?: string | undefined;
  page?: number | undefined;
}

/** `GET /plano-assinatura-conteudo/` with the page's filters; a refused filter (bad id, too long a search) lists nothing. */
export async function loadPlayContents(churchId: number, filter: PlayListFilter) {
  const q = new URLSearchParams({ igreja: String(churchId), limit: '24' });
  for (const [key, value] of Object.entries(filter))
    if (value !== undefined && value !== '') q.set(key, String(value));
  return (
    (await orNull(
      getParsed(serverApi(), `plano-assinatura-conteudo/?${q}`, playContentListResponseSchema),
    )) ?? { conteudos: [], total: 0, page: 1, limit: 24 }
  );
}

export const loadPlayContent = (churchId: number, id: string) =>
  orNull(
    getParsed(
      serverApi(),
      `plano-assinatura-conteudo/${encodeURIComponent(id)}/?igreja=${churchId}`,
      playContentDetailSchema,
    ),
  );

/** A positive integer query value, or undefined. */
export function idFrom(value: string | null | undefined): number | undefined {
  return value && /^[1-9]\d{0,8}$/.test(value) ? Number(value) : undefined;
}

/** The plans' currency by the church's locale (spec §1 locale). */
export const currencyOf = (locale: string) =>
  locale.startsWith('pt') ? 'BRL' : locale === 'en-us' ? 'USD' : 'USD';

/** 8 s → "0:08", 3725 s → "1:02:05". */
export function duration(seconds: number): string {
  const h = Math.floor(seconds / 3600);
  const m = Math.floor((seconds % 3600) / 60);
  const s = String(seconds % 60).padStart(2, '0');
  return h ? `${h}:${String(m).padStart(2, '0')}:${s}` : `${m}:${s}`;
}
