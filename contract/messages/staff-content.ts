// The answers of the staff area's content calls in pt/en/es (docs/staff.md "Content"). Part of
// the one catalogue (index.ts); keys start with `staff.content.`.
import type { MessageLang } from './lang.ts';
import { lookup, type MessageTable } from './table.ts';

const en = {
  'staff.content.titleTooLong': 'At most 200 characters.',
  'staff.content.summaryTooLong': 'At most 500 characters.',
  'staff.content.bodyTooLong': 'The text is too long (at most 200 KB).',
  'staff.content.keywordTooLong': 'Each keyword has at most 40 characters.',
  'staff.content.tooManyKeywords': 'At most 20 keywords.',
  'staff.content.authorTooLong': 'At most 120 characters.',
  'staff.content.detailTooLong': 'Too long.',
  'staff.content.detailUnknown': 'This kind of content has no such field.',
  'staff.content.videoId': 'Use the 11-character YouTube video id.',
  'staff.content.audio': 'Use an https address or a path of this site.',
  'staff.content.imageUrl': 'Upload the image here or use an https address.',
  'staff.content.date': 'Use a valid date and time.',
  'staff.content.categoryTooLong': 'At most 80 characters.',
  'staff.content.categoryNotFound': 'This category does not exist in this church.',
  'staff.content.categoryExists': 'There is already a category with this name.',
  'staff.content.slugTaken': 'Another item already uses this address.',
  'staff.content.scheduleFuture': 'Choose a date and time in the future to schedule.',
  'staff.content.deleteOnlyDrafts': 'Only drafts can be deleted. Archive it instead.',
  'staff.content.noPodcast': 'This church has no podcast yet.',
  'staff.content.needsVideo': 'Add the YouTube video id before publishing.',
  'staff.content.needsAudio': 'Add the audio file address before publishing.',
} as const;

export type StaffContentMessageKey = keyof typeof en;

const pt: Record<StaffContentMessageKey, string> = {
  'staff.content.titleTooLong': 'No máximo 200 caracteres.',
  'staff.content.summaryTooLong': 'No máximo 500 caracteres.',
  'staff.content.bodyTooLong': 'O texto é longo demais (no máximo 200 KB).',
  'staff.content.keywordTooLong': 'Cada palavra-chave tem no máximo 40 caracteres.',
  'staff.content.tooManyKeywords': 'No máximo 20 palavras-chave.',
  'staff.content.authorTooLong': 'No máximo 120 caracteres.',
  'staff.content.detailTooLong': 'Longo demais.',
  'staff.content.detailUnknown': 'Este tipo de conteúdo não tem esse campo.',
  'staff.content.videoId': 'Use o código de 11 caracteres do vídeo no YouTube.',
  'staff.content.audio': 'Use um endereço https ou um caminho deste site.',
  'staff.content.imageUrl': 'Envie a imagem aqui ou use um endereço https.',
  'staff.content.date': 'Informe uma data e hora válidas.',
  'staff.content.categoryTooLong': 'No máximo 80 caracteres.',
  'staff.content.categoryNotFound': 'Esta categoria não existe nesta igreja.',
  'staff.content.categoryExists': 'Já existe uma categoria com esse nome.',
  'staff.content.slugTaken': 'Outro item já usa este endereço.',
  'staff.content.scheduleFuture': 'Escolha uma data e hora no futuro para agendar.',
  'staff.content.deleteOnlyDrafts': 'Só rascunhos podem ser excluídos. Arquive-o.',
  'staff.content.noPodcast': 'Esta igreja ainda não tem podcast.',
  'staff.content.needsVideo': 'Informe o código do vídeo no YouTube antes de publicar.',
  'staff.content.needsAudio': 'Informe o endereço do áudio antes de publicar.',
};

const es: Record<StaffContentMessageKey, string> = {
  'staff.content.titleTooLong': 'Como máximo 200 caracteres.',
  'staff.content.summaryTooLong': 'Como máximo 500 caracteres.',
  'staff.content.bodyTooLong': 'El texto es demasiado largo (como máximo 200 KB).',
  'staff.content.keywordTooLong': 'Cada palabra clave tiene como máximo 40 caracteres.',
  'staff.content.tooManyKeywords': 'Como máximo 20 palabras clave.',
  'staff.content.authorTooLong': 'Como máximo 120 caracteres.',
  'staff.content.detailTooLong': 'Demasiado largo.',
  'staff.content.detailUnknown': 'Este tipo de contenido no tiene ese campo.',
  'staff.content.videoId': 'Usa el código de 11 caracteres del video en YouTube.',
  'staff.content.audio': 'Usa una dirección https o una ruta de este sitio.',
  'staff.content.imageUrl': 'Sube la imagen aquí o usa una dirección https.',
  'staff.content.date': 'Indica una fecha y hora válidas.',
  'staff.content.categoryTooLong': 'Como máximo 80 caracteres.',
  'staff.content.categoryNotFound': 'Esta categoría no existe en esta iglesia.',
  'staff.content.categoryExists': 'Ya existe una categoría con ese nombre.',
  'staff.content.slugTaken': 'Otro elemento ya usa esta dirección.',
  'staff.content.scheduleFuture': 'Elige una fecha y hora futuras para programar.',
  'staff.content.deleteOnlyDrafts': 'Solo se pueden eliminar borradores. Archívalo.',
  'staff.content.noPodcast': 'Esta iglesia aún no tiene podcast.',
  'staff.content.needsVideo': 'Indica el código del video en YouTube antes de publicar.',
  'staff.content.needsAudio': 'Indica la dirección del audio antes de publicar.',
};

export const STAFF_CONTENT_MESSAGES: MessageTable<StaffContentMessageKey> = { en, pt, es };

export function contentStaffMessage(lang: MessageLang, key: StaffContentMessageKey): string {
  return lookup(STAFF_CONTENT_MESSAGES, lang, key);
}
