// A member's prayer calls from the browser (spec §7 "Prayer" and GET /user/oracao), all with the
// session's bearer token on the main API client. Types only from the contract: no zod in islands.
import type { OwnPrayer, OwnPrayerDetail, PrayerMessage } from '../../../contract/prayer.ts';
import { mainApi } from '../account/http.ts';

/** `POST /oracao/` (multipart). */
export const postPrayer = (body: FormData) => mainApi().post('oracao/', { body }).json<{ status: true; message: string; oracao: OwnPrayer }>();

/** `POST /oracao/orar/`: the new count (marking twice counts once). */
export const prayFor = (idOracao: number) => mainApi().post('oracao/orar/', { json: { idOracao } }).json<{ status: true; qtdeOrar: number; orou: true }>();

/** `POST /oracao/mensagem/`: the saved supportive message. */
export const sendSupport = (idOracao: number, mensagem: string) =>
  mainApi().post('oracao/mensagem/', { json: { idOracao, mensagem: mensagem.trim() } }).json<{ status: true; message: string; mensagem: PrayerMessage }>();

/** `DELETE /oracao/{id}` */
export const deletePrayer = async (id: number): Promise<void> => {
  await mainApi().delete(`oracao/${id}`);
};

/** `GET /user/oracao?igreja=`: newest first, published or not. */
export const loadOwnPrayers = (churchId: number) => mainApi().get('user/oracao', { searchParams: { igreja: churchId } }).json<{ oracoes: OwnPrayer[] }>();

/** `GET /user/oracao/{id}?igreja=`: one own request with its supportive messages. */
export const loadOwnPrayer = (id: number, churchId: number) => mainApi().get(`user/oracao/${id}`, { searchParams: { igreja: churchId } }).json<OwnPrayerDetail>();
