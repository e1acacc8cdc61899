// The answers of the staff area's Play calls in pt/en/es (docs/staff.md "Play", docs/play.md
// "Uploading"). Part of the one catalogue (index.ts); keys start with `staff.play.`.
import type { MessageTable } from './table.ts';

const en = {
  'staff.play.tooLong': 'Too long.',
  'staff.play.notFound': 'This video is not in this church’s Play.',
  'staff.play.collectionNotFound': 'This collection is not in this church’s Play.',
  'staff.play.tagNotFound': 'This tag is not in this church’s Play.',
  'staff.play.planNotFound': 'This plan is not in this church’s Play.',
  'staff.play.badPrice': 'Enter an amount such as 19.90.',
  'staff.play.badPeriod': 'Between 1 and 3660 days.',
  'staff.play.planInUse': 'Members subscribe to this plan: withdraw it instead of deleting it.',
  'staff.play.planOrder': 'List each of this church’s plans once, in the new order.',
  'staff.play.notVideo':
    'This file is not a video. Choose an MP4, MOV, WebM, MKV, AVI or MPEG file.',
  'staff.play.tooLarge': 'The video is larger than {{mb}} MB.',
  'staff.play.uploadNotFound': 'This upload is not in this church (or it has finished).',
  'staff.play.badChunk': 'Part {{n}} does not belong to this upload or has the wrong size.',
  'staff.play.missingChunks': 'Parts still missing: {{parts}}. Send them and finish again.',
  'staff.play.taskNotFound': 'This task is not in this church.',
  'staff.play.notFailed': 'Only a failed task can be retried.',
  'staff.play.captionsMissing': 'Choose a WebVTT (.vtt) file.',
  'staff.play.captionsHeader': 'A WebVTT file starts with the line WEBVTT.',
  'staff.play.captionsTiming':
    'Line {{line}}: a cue time is written 00:00:01.000 --> 00:00:04.000, and it must end after it starts.',
  'staff.play.captionsEmpty': 'The file has no cues.',
  'staff.play.captionsSize': 'The captions file is larger than 1 MB.',
} as const;

export type StaffPlayMessageKey = keyof typeof en;

const pt: Record<StaffPlayMessageKey, string> = {
  'staff.play.tooLong': 'Texto longo demais.',
  'staff.play.notFound': 'Este vídeo não é do Play desta igreja.',
  'staff.play.collectionNotFound': 'Esta coletânea não é do Play desta igreja.',
  'staff.play.tagNotFound': 'Esta tag não é do Play desta igreja.',
  'staff.play.planNotFound': 'Este plano não é do Play desta igreja.',
  'staff.play.badPrice': 'Informe um valor como 19,90.',
  'staff.play.badPeriod': 'Entre 1 e 3660 dias.',
  'staff.play.planInUse': 'Há membros neste plano: desative-o em vez de excluí-lo.',
  'staff.play.planOrder': 'Liste cada plano desta igreja uma vez, na nova ordem.',
  'staff.play.notVideo':
    'Este arquivo não é um vídeo. Escolha um arquivo MP4, MOV, WebM, MKV, AVI ou MPEG.',
  'staff.play.tooLarge': 'O vídeo tem mais de {{mb}} MB.',
  'staff.play.uploadNotFound': 'Este envio não é desta igreja (ou já terminou).',
  'staff.play.badChunk': 'A parte {{n}} não pertence a este envio ou tem o tamanho errado.',
  'staff.play.missingChunks': 'Ainda faltam as partes: {{parts}}. Envie-as e conclua de novo.',
  'staff.play.taskNotFound': 'Esta tarefa não é desta igreja.',
  'staff.play.notFailed': 'Só uma tarefa que falhou pode ser tentada de novo.',
  'staff.play.captionsMissing': 'Escolha um arquivo WebVTT (.vtt).',
  'staff.play.captionsHeader': 'Um arquivo WebVTT começa com a linha WEBVTT.',
  'staff.play.captionsTiming':
    'Linha {{line}}: o tempo de uma legenda se escreve 00:00:01.000 --> 00:00:04.000, e o fim vem depois do início.',
  'staff.play.captionsEmpty': 'O arquivo não tem legendas.',
  'staff.play.captionsSize': 'O arquivo de legendas tem mais de 1 MB.',
};

const es: Record<StaffPlayMessageKey, string> = {
  'staff.play.tooLong': 'Texto demasiado largo.',
  'staff.play.notFound': 'Este video no es del Play de esta iglesia.',
  'staff.play.collectionNotFound': 'Esta colección no es del Play de esta iglesia.',
  'staff.play.tagNotFound': 'Esta etiqueta no es del Play de esta iglesia.',
  'staff.play.planNotFound': 'Este plan no es del Play de esta iglesia.',
  'staff.play.badPrice': 'Escribe un importe como 19,90.',
  'staff.play.badPeriod': 'Entre 1 y 3660 días.',
  'staff.play.planInUse': 'Hay miembros en este plan: desactívalo en lugar de eliminarlo.',
  'staff.play.planOrder': 'Indica cada plan de esta iglesia una vez, en el nuevo orden.',
  'staff.play.notVideo':
    'Este archivo no es un video. Elige un archivo MP4, MOV, WebM, MKV, AVI o MPEG.',
  'staff.play.tooLarge': 'El video tiene más de {{mb}} MB.',
  'staff.play.uploadNotFound': 'Esta subida no es de esta iglesia (o ya terminó).',
  'staff.play.badChunk': 'La parte {{n}} no pertenece a esta subida o tiene un tamaño incorrecto.',
  'staff.play.missingChunks': 'Aún faltan las partes: {{parts}}. Envíalas y termina de nuevo.',
  'staff.play.taskNotFound': 'Esta tarea no es de esta iglesia.',
  'staff.play.notFailed': 'Solo se puede reintentar una tarea que falló.',
  'staff.play.captionsMissing': 'Elige un archivo WebVTT (.vtt).',
  'staff.play.captionsHeader': 'Un archivo WebVTT empieza con la línea WEBVTT.',
  'staff.play.captionsTiming':
    'Línea {{line}}: el tiempo de un subtítulo se escribe 00:00:01.000 --> 00:00:04.000, y el final va después del inicio.',
  'staff.play.captionsEmpty': 'El archivo no tiene subtítulos.',
  'staff.play.captionsSize': 'El archivo de subtítulos tiene más de 1 MB.',
};

export const STAFF_PLAY_MESSAGES: MessageTable<StaffPlayMessageKey> = { en, pt, es };
