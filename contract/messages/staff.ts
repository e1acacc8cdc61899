// The answers of the staff area's shared calls in pt/en/es (docs/staff.md). Part of the one
// catalogue (index.ts); each staff area keeps its own keys under its own prefix.
import type { MessageLang } from './lang.ts';
import { lookup, type MessageTable } from './table.ts';

const en = {
  'staff.forbidden': 'You do not have access to this part of the staff area.',
  'staff.notStaff': 'You are not part of this church’s staff.',
  'staff.versionConflict':
    'Someone else saved this since you opened it. Reload to see their changes; your text is kept in this form.',
  'staff.notFound': 'Not found in this church.',
  'staff.saved': 'Saved.',
  'staff.deleted': 'Deleted.',
} as const;

export type StaffMessageKey = keyof typeof en;

const pt: Record<StaffMessageKey, string> = {
  'staff.forbidden': 'Você não tem acesso a esta parte da área da equipe.',
  'staff.notStaff': 'Você não faz parte da equipe desta igreja.',
  'staff.versionConflict':
    'Outra pessoa salvou isto depois que você abriu. Recarregue para ver as alterações; seu texto continua neste formulário.',
  'staff.notFound': 'Não encontrado nesta igreja.',
  'staff.saved': 'Salvo.',
  'staff.deleted': 'Excluído.',
};

const es: Record<StaffMessageKey, string> = {
  'staff.forbidden': 'No tienes acceso a esta parte del área del equipo.',
  'staff.notStaff': 'No formas parte del equipo de esta iglesia.',
  'staff.versionConflict':
    'Otra persona guardó esto después de que lo abriste. Recarga para ver sus cambios; tu texto sigue en este formulario.',
  'staff.notFound': 'No encontrado en esta iglesia.',
  'staff.saved': 'Guardado.',
  'staff.deleted': 'Eliminado.',
};

export const STAFF_MESSAGES: MessageTable<StaffMessageKey> = { en, pt, es };

export function staffMessage(lang: MessageLang, key: StaffMessageKey): string {
  return lookup(STAFF_MESSAGES, lang, key);
}
