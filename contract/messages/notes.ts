// The answers of the notes and reading-plan calls in pt/en/es (spec §8 "Note delete failed").
// Part of the one catalogue (index.ts).
import type { MessageLang } from './lang.ts';
import { lookup, type MessageTable } from './table.ts';

const en = {
  'note.notFound': 'Note not found.',
  'note.deleted': 'Note deleted.',
  'note.conflict': 'This note was changed elsewhere (another tab or device) since you opened it.',
  'note.tooMany': 'Too many notes saved in a short time. Try again in {{minutes}} min.',
  'note.quota': 'You have reached the limit of {{max}} notes. Delete some to write new ones.',
  'plan.notFound': 'Reading plan not found.',
  'plan.notStarted': 'You have not started this plan.',
  'plan.alreadyStarted': 'You have already started this plan.',
  'plan.dayOutOfRange': 'This plan has no such day.',
  'plan.deleted': 'The plan and your progress were deleted.',
  'plan.reset': 'Your progress was reset: the plan starts again today.',
} as const;

export type NotesMessageKey = keyof typeof en;

const pt: Record<NotesMessageKey, string> = {
  'note.notFound': 'Anotação não encontrada.',
  'note.deleted': 'Anotação excluída.',
  'note.conflict':
    'Esta anotação foi alterada em outro lugar (outra aba ou aparelho) depois que você a abriu.',
  'note.tooMany': 'Muitas anotações salvas em pouco tempo. Tente de novo em {{minutes}} min.',
  'note.quota': 'Você chegou ao limite de {{max}} anotações. Exclua algumas para escrever novas.',
  'plan.notFound': 'Plano de leitura não encontrado.',
  'plan.notStarted': 'Você ainda não começou este plano.',
  'plan.alreadyStarted': 'Você já começou este plano.',
  'plan.dayOutOfRange': 'Este plano não tem esse dia.',
  'plan.deleted': 'O plano e o seu progresso foram excluídos.',
  'plan.reset': 'Seu progresso foi zerado: o plano recomeça hoje.',
};

const es: Record<NotesMessageKey, string> = {
  'note.notFound': 'Nota no encontrada.',
  'note.deleted': 'Nota eliminada.',
  'note.conflict':
    'Esta nota fue cambiada en otro lugar (otra pestaña o dispositivo) después de que la abriste.',
  'note.tooMany':
    'Demasiadas notas guardadas en poco tiempo. Inténtalo de nuevo en {{minutes}} min.',
  'note.quota': 'Llegaste al límite de {{max}} notas. Elimina algunas para escribir nuevas.',
  'plan.notFound': 'Plan de lectura no encontrado.',
  'plan.notStarted': 'Todavía no empezaste este plan.',
  'plan.alreadyStarted': 'Ya empezaste este plan.',
  'plan.dayOutOfRange': 'Este plan no tiene ese día.',
  'plan.deleted': 'El plan y tu progreso fueron eliminados.',
  'plan.reset': 'Tu progreso fue reiniciado: el plan empieza de nuevo hoy.',
};

export const NOTES_MESSAGES: MessageTable<NotesMessageKey> = { en, pt, es };

export function notesMessage(lang: MessageLang, key: NotesMessageKey): string {
  return lookup(NOTES_MESSAGES, lang, key);
}
