// The rota answer page's calls (docs/volunteers.md): the request a signed link names (a GET that
// reads only) and the answer (a POST). A bad or foreign link comes back as the API's message.
import { HTTPError } from 'ky';
import { linkViewSchema, type LinkView } from '../../contract/rotas.ts';
import { serverApi } from '../lib/api.server.ts';

export type LinkAnswer = { view: LinkView } | { error: string };

async function failure(error: unknown): Promise<{ error: string }> {
  if (error instanceof HTTPError) {
    const body = (await error.response.json().catch(() => ({}))) as {
      message?: string;
      errors?: Record<string, string[]>;
    };
    const field = Object.values(body.errors ?? {})[0]?.[0];
    return { error: field ?? body.message ?? '' };
  }
  throw error;
}

const path = (slug: string) => `igreja/${encodeURIComponent(slug)}/escala-resposta`;

export async function loadRotaLink(slug: string, token: string, lang: string): Promise<LinkAnswer> {
  try {
    const body = await serverApi()
      .get(path(slug), { searchParams: { t: token }, headers: { 'accept-language': lang } })
      .json();
    return { view: linkViewSchema.parse(body) };
  } catch (error) {
    return failure(error);
  }
}

export async function answerRotaLink(
  slug: string,
  token: string,
  resposta: string,
  lang: string,
): Promise<LinkAnswer> {
  try {
    const body = await serverApi()
      .post(path(slug), { json: { t: token, resposta }, headers: { 'accept-language': lang } })
      .json();
    return { view: linkViewSchema.parse(body) };
  } catch (error) {
    return failure(error);
  }
}
