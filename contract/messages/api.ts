// Messages of the API as a whole and of the public reads in pt/en/es (spec §8): what a route
// answers when the thing asked for is not there, and the generic failures.
import type { MessageTable } from './table.ts';

const en = {
  'api.notFound': 'Not found.',
  'api.internal': 'Internal server error.',
  'api.badRequest': 'Bad request.',
  'api.churchNotFound': 'Church not found.',
  'api.organizationNotFound': 'Organization not found.',
  'api.eventNotFound': 'Event not found.',
  'api.podcastNotFound': 'Podcast not found.',
  'api.bibleVersionNotFound': 'Bible version not found.',
  'api.bookNotFound': 'Book not found.',
  'api.chapterNotFound': 'Chapter not found.',
  'api.tooMany': 'Too many requests. Try again in {{minutes}} minutes.',
  'api.databaseUnavailable':
    'The service is briefly unavailable and nothing was saved. Try again in a few seconds.',
  'api.storageFull':
    'The server has no room to store this right now and nothing was saved. Try again later.',
} as const;

export type ApiMessageKey = keyof typeof en;

const pt: Record<ApiMessageKey, string> = {
  'api.notFound': 'Não encontrado.',
  'api.internal': 'Erro interno do servidor.',
  'api.badRequest': 'Requisição inválida.',
  'api.churchNotFound': 'Igreja não encontrada.',
  'api.organizationNotFound': 'Organização não encontrada.',
  'api.eventNotFound': 'Evento não encontrado.',
  'api.podcastNotFound': 'Podcast não encontrado.',
  'api.bibleVersionNotFound': 'Versão da Bíblia não encontrada.',
  'api.bookNotFound': 'Livro não encontrado.',
  'api.chapterNotFound': 'Capítulo não encontrado.',
  'api.tooMany': 'Muitas requisições. Tente novamente em {{minutes}} minutos.',
  'api.databaseUnavailable':
    'O serviço está indisponível por um momento e nada foi salvo. Tente de novo em alguns segundos.',
  'api.storageFull':
    'O servidor está sem espaço para guardar isto agora e nada foi salvo. Tente de novo mais tarde.',
};

const es: Record<ApiMessageKey, string> = {
  'api.notFound': 'No encontrado.',
  'api.internal': 'Error interno del servidor.',
  'api.badRequest': 'Solicitud inválida.',
  'api.churchNotFound': 'Iglesia no encontrada.',
  'api.organizationNotFound': 'Organización no encontrada.',
  'api.eventNotFound': 'Evento no encontrado.',
  'api.podcastNotFound': 'Podcast no encontrado.',
  'api.bibleVersionNotFound': 'Versión de la Biblia no encontrada.',
  'api.bookNotFound': 'Libro no encontrado.',
  'api.chapterNotFound': 'Capítulo no encontrado.',
  'api.tooMany': 'Demasiadas solicitudes. Inténtalo de nuevo en {{minutes}} minutos.',
  'api.databaseUnavailable':
    'El servicio no está disponible por un momento y no se guardó nada. Inténtalo de nuevo en unos segundos.',
  'api.storageFull':
    'El servidor no tiene espacio para guardar esto ahora y no se guardó nada. Inténtalo de nuevo más tarde.',
};

export const API_MESSAGES: MessageTable<ApiMessageKey> = { pt, en, es };
