// The answers about a church's exports and its deletion (docs/provider.md "A church's data leaves
// with it", "Deleting a church") in pt/en/es. Part of the one catalogue (index.ts).
import type { MessageTable } from './table.ts';

const en = {
  'exports.running': 'An export of this church is already being prepared: wait for it to finish.',
  'exports.notFound': 'This export does not exist or its day is over: make a new one.',
  'exports.notReady': 'This export is not ready yet.',
  'exports.badLink': 'This download link is not valid or has run out: ask for a new one.',
  'deletion.code': 'Type the church’s code to confirm.',
  'deletion.marked': 'This church is marked for deletion: cancel the deletion first.',
  'deletion.notMarked': 'This church is not marked for deletion.',
  'deletion.days': 'Choose between 1 and 365 days.',
};

const pt: Record<keyof typeof en, string> = {
  'exports.running': 'Já há uma exportação desta igreja sendo preparada: aguarde até terminar.',
  'exports.notFound': 'Esta exportação não existe ou o prazo dela acabou: faça uma nova.',
  'exports.notReady': 'Esta exportação ainda não está pronta.',
  'exports.badLink': 'Este link de download não é válido ou expirou: peça um novo.',
  'deletion.code': 'Digite o código da igreja para confirmar.',
  'deletion.marked': 'Esta igreja está marcada para exclusão: cancele a exclusão primeiro.',
  'deletion.notMarked': 'Esta igreja não está marcada para exclusão.',
  'deletion.days': 'Escolha entre 1 e 365 dias.',
};

const es: Record<keyof typeof en, string> = {
  'exports.running': 'Ya se está preparando una exportación de esta iglesia: espere a que termine.',
  'exports.notFound': 'Esta exportación no existe o su plazo terminó: haga una nueva.',
  'exports.notReady': 'Esta exportación todavía no está lista.',
  'exports.badLink': 'Este enlace de descarga no es válido o venció: pida uno nuevo.',
  'deletion.code': 'Escriba el código de la iglesia para confirmar.',
  'deletion.marked': 'Esta iglesia está marcada para eliminar: cancele la eliminación primero.',
  'deletion.notMarked': 'Esta iglesia no está marcada para eliminar.',
  'deletion.days': 'Elija entre 1 y 365 días.',
};

export type ChurchLifeMessageKey = keyof typeof en;
export const CHURCH_LIFE_MESSAGES: MessageTable<ChurchLifeMessageKey> = { pt, en, es };
