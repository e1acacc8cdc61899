// A member's Play calls from the browser (spec §7 Play), with the session's bearer token on the main
// API client. Typed by the contract (type-only imports: no zod reaches the browser).
import type { PlayMyListItem } from '../../../contract/play.ts';
import type { PlayWatch } from '../../../contract/play-watch.ts';
import { mainApi } from '../account/http.ts';

const memberQuery = (contentId: number, churchId: number, userId: number) => ({
  planoAssinaturaConteudo: contentId,
  igreja: churchId,
  usuario: userId,
});

/** `GET /usuario-plano-assinatura-conteudo/assistir/`: signed media URL, resume point, list item. 403: closed content without an active subscription. */
export const watchContent = (contentId: number, churchId: number, userId: number) =>
  mainApi()
    .get('usuario-plano-assinatura-conteudo/assistir/', {
      searchParams: memberQuery(contentId, churchId, userId),
    })
    .json<PlayWatch>();

/** `PUT /usuario-plano-assinatura-conteudo/posicao/`; `keepalive` lets it finish while the page goes away. */
export const savePosition = async (
  contentId: number,
  churchId: number,
  userId: number,
  seconds: number,
  keepalive = false,
): Promise<void> => {
  await mainApi().put('usuario-plano-assinatura-conteudo/posicao/', {
    searchParams: memberQuery(contentId, churchId, userId),
    json: { posicaoSegundos: Math.max(0, Math.floor(seconds)) },
    keepalive,
  });
};

/** `GET /usuario-plano-assinatura-conteudo/?usuario&igreja`: the member's list, newest first. */
export const loadMyList = async (churchId: number, userId: number): Promise<PlayMyListItem[]> =>
  (
    await mainApi()
      .get('usuario-plano-assinatura-conteudo/', {
        searchParams: { usuario: userId, igreja: churchId },
      })
      .json<{ itens: PlayMyListItem[] }>()
  ).itens;

/** `POST /usuario-plano-assinatura-conteudo/?planoAssinaturaConteudo&igreja&usuario`: adding twice keeps one item. */
export const addToMyList = (contentId: number, churchId: number, userId: number) =>
  mainApi()
    .post('usuario-plano-assinatura-conteudo/', {
      searchParams: memberQuery(contentId, churchId, userId),
    })
    .json<PlayMyListItem>();

/** `DELETE /usuario-plano-assinatura-conteudo/{id}/` */
export const removeFromMyList = async (itemId: number): Promise<void> => {
  await mainApi().delete(`usuario-plano-assinatura-conteudo/${itemId}/`);
};
