// The answers of the staff area's songs, reading plans and moderation calls in pt/en/es
// (docs/staff.md). Part of the one catalogue (index.ts); keys start with `staff.songs.`,
// `staff.plans.` and `staff.moderation.`.
import type { MessageLang } from './lang.ts';
import { lookup, type MessageTable } from './table.ts';

const en = {
  'staff.songs.tooLong': 'Too long.',
  'staff.songs.badKey': 'Write a key such as G, Bb, F#m.',
  'staff.songs.badDate': 'Enter a valid date.',
  'staff.songs.tooMany': 'At most 40 songs.',
  'staff.songs.notFound': 'This song is not in this church.',
  'staff.songs.setListNotFound': 'This set list is not in this church.',
  'staff.songs.importNoTitle': 'The file has no {title: …} line: add the song’s title.',
  'staff.songs.scoreMissing': 'Choose a PDF file.',
  'staff.songs.scoreType': 'The file is not a PDF.',
  'staff.songs.scoreSize': 'The file is larger than {{mb}} MB.',
  'staff.songs.tooManyScores': 'A song holds at most 10 score files.',
  'staff.songs.scoreNotFound': 'This score file is not in this song.',
  'staff.plans.tooLong': 'Too long.',
  'staff.plans.noReference': 'Write at least one Bible reference, e.g. Genesis 1.',
  'staff.plans.noDays': 'Add at least one day.',
  'staff.plans.tooManyDays': 'At most 400 days.',
  'staff.plans.badReference':
    '“{{ref}}” is not a Bible chapter. Write a book and chapter, e.g. Genesis 1 or Psalms 1-3.',
  'staff.plans.notFound': 'This reading plan is not in this church.',
  'staff.moderation.reasonRequired': 'Say why, in a few words.',
  'staff.moderation.tooLong': 'Too long.',
  'staff.moderation.notFound': 'This post is not on this church’s prayer wall.',
  'staff.moderation.notHidden': 'Only a post hidden by a moderator can be restored.',
  'staff.moderation.alreadyHidden': 'This post is already hidden.',
} as const;

export type StaffWorshipMessageKey = keyof typeof en;

const pt: Record<StaffWorshipMessageKey, string> = {
  'staff.songs.tooLong': 'Texto longo demais.',
  'staff.songs.badKey': 'Escreva um tom como G, Bb, F#m.',
  'staff.songs.badDate': 'Informe uma data válida.',
  'staff.songs.tooMany': 'No máximo 40 louvores.',
  'staff.songs.notFound': 'Este louvor não é desta igreja.',
  'staff.songs.setListNotFound': 'Este repertório não é desta igreja.',
  'staff.songs.importNoTitle':
    'O arquivo não tem a linha {title: …}: acrescente o título do louvor.',
  'staff.songs.scoreMissing': 'Escolha um arquivo PDF.',
  'staff.songs.scoreType': 'O arquivo não é um PDF.',
  'staff.songs.scoreSize': 'O arquivo tem mais de {{mb}} MB.',
  'staff.songs.tooManyScores': 'Um louvor tem no máximo 10 partituras.',
  'staff.songs.scoreNotFound': 'Esta partitura não é deste louvor.',
  'staff.plans.tooLong': 'Texto longo demais.',
  'staff.plans.noReference': 'Escreva ao menos uma referência bíblica, p. ex. Gênesis 1.',
  'staff.plans.noDays': 'Acrescente ao menos um dia.',
  'staff.plans.tooManyDays': 'No máximo 400 dias.',
  'staff.plans.badReference':
    '“{{ref}}” não é um capítulo da Bíblia. Escreva livro e capítulo, p. ex. Gênesis 1 ou Salmos 1-3.',
  'staff.plans.notFound': 'Este plano de leitura não é desta igreja.',
  'staff.moderation.reasonRequired': 'Diga o motivo, em poucas palavras.',
  'staff.moderation.tooLong': 'Texto longo demais.',
  'staff.moderation.notFound': 'Este pedido não está no mural de oração desta igreja.',
  'staff.moderation.notHidden': 'Só um pedido ocultado pela moderação pode ser restaurado.',
  'staff.moderation.alreadyHidden': 'Este pedido já está oculto.',
};

const es: Record<StaffWorshipMessageKey, string> = {
  'staff.songs.tooLong': 'Texto demasiado largo.',
  'staff.songs.badKey': 'Escribe un tono como G, Bb, F#m.',
  'staff.songs.badDate': 'Ingresa una fecha válida.',
  'staff.songs.tooMany': 'Como máximo 40 canciones.',
  'staff.songs.notFound': 'Esta canción no es de esta iglesia.',
  'staff.songs.setListNotFound': 'Este repertorio no es de esta iglesia.',
  'staff.songs.importNoTitle':
    'El archivo no tiene la línea {title: …}: agrega el título de la canción.',
  'staff.songs.scoreMissing': 'Elige un archivo PDF.',
  'staff.songs.scoreType': 'El archivo no es un PDF.',
  'staff.songs.scoreSize': 'El archivo tiene más de {{mb}} MB.',
  'staff.songs.tooManyScores': 'Una canción tiene como máximo 10 partituras.',
  'staff.songs.scoreNotFound': 'Esta partitura no es de esta canción.',
  'staff.plans.tooLong': 'Texto demasiado largo.',
  'staff.plans.noReference': 'Escribe al menos una referencia bíblica, p. ej. Génesis 1.',
  'staff.plans.noDays': 'Agrega al menos un día.',
  'staff.plans.tooManyDays': 'Como máximo 400 días.',
  'staff.plans.badReference':
    '“{{ref}}” no es un capítulo de la Biblia. Escribe libro y capítulo, p. ej. Génesis 1 o Salmos 1-3.',
  'staff.plans.notFound': 'Este plan de lectura no es de esta iglesia.',
  'staff.moderation.reasonRequired': 'Di el motivo, en pocas palabras.',
  'staff.moderation.tooLong': 'Texto demasiado largo.',
  'staff.moderation.notFound': 'Esta petición no está en el muro de oración de esta iglesia.',
  'staff.moderation.notHidden': 'Solo se puede restaurar una petición ocultada por la moderación.',
  'staff.moderation.alreadyHidden': 'Esta petición ya está oculta.',
};

export const STAFF_WORSHIP_MESSAGES: MessageTable<StaffWorshipMessageKey> = { en, pt, es };

export function worshipStaffMessage(lang: MessageLang, key: StaffWorshipMessageKey): string {
  return lookup(STAFF_WORSHIP_MESSAGES, lang, key);
}
