// The staff's moderation calls from the browser (docs/staff.md "Moderation"): the prayer wall's
// posts hidden and restored with a reason, the chat's history and the actions taken.
import type {
  ChatHistory,
  ModeratedPost,
  ModerationPage,
} from '../../../contract/moderation-staff.ts';
import { staffHttp } from './http.ts';

export const fetchWall = (slug: string, vista: 'visiveis' | 'ocultos', page: number) =>
  staffHttp(slug).get('moderacao/oracao', { searchParams: { vista, page } }).json<ModerationPage>();

export const decide = (slug: string, id: number, hide: boolean, motivo: string) =>
  staffHttp(slug)
    .post(`moderacao/oracao/${id}/${hide ? 'ocultar' : 'restaurar'}`, { json: { motivo } })
    .json<ModeratedPost>();

export const fetchChat = (slug: string, canal: string, page: number) =>
  staffHttp(slug)
    .get('moderacao/chat', { searchParams: canal ? { canal, page } : { page } })
    .json<ChatHistory>();
