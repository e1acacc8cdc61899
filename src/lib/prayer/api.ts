// A member's prayer calls from the browser (spec §7 "Prayer" and GET /user/oracao), all with the
// session's bearer token on the main API client. Typed by the contract's response schemas
// (type-only imports: no zod reaches the islands).
import type { z } from 'zod';
import type {
  OwnPrayerDetail,
  ownPrayersResponseSchema,
  prayerMessagePostResponseSchema,
  prayerPostResponseSchema,
  prayResponseSchema,
} from '../../../contract/prayer.ts';
import { mainApi } from '../account/http.ts';

type PrayerPostResponse = z.infer<typeof prayerPostResponseSchema>;
type PrayResponse = z.infer<typeof prayResponseSchema>;
type MessagePostResponse = z.infer<typeof prayerMessagePostResponseSchema>;
type OwnPrayersResponse = z.infer<typeof ownPrayersResponseSchema>;

/** `POST /oracao/` (multipart). */
export const postPrayer = (body: FormData) =>
  mainApi().post('oracao/', { body }).json<PrayerPostResponse>();

/** `POST /oracao/orar/`: the new count (marking twice counts once). */
export const prayFor = (idOracao: number) =>
  mainApi().post('oracao/orar/', { json: { idOracao } }).json<PrayResponse>();

/** `POST /oracao/mensagem/`: the saved supportive message. */
export const sendSupport = (idOracao: number, mensagem: string) =>
  mainApi()
    .post('oracao/mensagem/', { json: { idOracao, mensagem: mensagem.trim() } })
    .json<MessagePostResponse>();

/** `DELETE /oracao/{id}` */
export const deletePrayer = async (id: number): Promise<void> => {
  await mainApi().delete(`oracao/${id}`);
};

/** `GET /user/oracao?igreja=`: newest first, published or not. */
export const loadOwnPrayers = (churchId: number) =>
  mainApi()
    .get('user/oracao', { searchParams: { igreja: churchId } })
    .json<OwnPrayersResponse>();

/** `GET /user/oracao/{id}?igreja=`: one own request with its supportive messages. */
export const loadOwnPrayer = (id: number, churchId: number) =>
  mainApi()
    .get(`user/oracao/${id}`, { searchParams: { igreja: churchId } })
    .json<OwnPrayerDetail>();
