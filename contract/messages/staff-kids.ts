// The answers of the children's ministry calls in pt/en/es (docs/kids.md). Part of the one
// catalogue (index.ts); keys start with `staff.kids.`.
import type { MessageLang } from './lang.ts';
import { lookup, type MessageTable, type MessageValues } from './table.ts';

const en = {
  'staff.kids.tooLong': 'Too long.',
  'staff.kids.badDate': 'Enter a valid date.',
  'staff.kids.badTime': 'Enter a time such as 09:30.',
  'staff.kids.badNumber': 'Enter a whole number in range.',
  'staff.kids.agesReversed': 'The oldest age must be at least the youngest.',
  'staff.kids.yearsReversed': 'The last school year must be at least the first.',
  'staff.kids.searchShort': 'Type at least 2 characters.',
  'staff.kids.familyNotFound': 'This family is not in this church.',
  'staff.kids.noChildren': 'Tick at least one child.',
  'staff.kids.badPhone': 'Enter a phone number with at least 8 digits.',
  'staff.kids.badCode': 'A code has 4 letters and digits, as printed on the tag.',
  'staff.kids.codeOrReason': 'Type the code on the parent’s tag, or give a reason to override.',
  'staff.kids.roomNotFound': 'This room is not in this church.',
  'staff.kids.positionNotFound': 'This rota position is not in this church.',
  'staff.kids.sessionNotFound': 'This session is not in this church.',
  'staff.kids.checkinNotFound': 'This check-in is not in this church.',
  'staff.kids.childNotFound': 'This child is not in this family.',
  'staff.kids.noRoom': '{{name}} fits no room running at this time: choose a room.',
  'staff.kids.roomFull': '{{room}} is full ({{capacity}} children): choose another room.',
  'staff.kids.alreadyIn': '{{name}} is already checked in at this time.',
  'staff.kids.alreadyOut': 'This child has already been picked up.',
  'staff.kids.sentTwice': 'This check-in is being sent by another request: try again.',
  'staff.kids.wrongCode': 'WRONG CODE: this child does not leave with code {{code}}. Recorded.',
  'staff.kids.noServices': 'The schedule has no service on that day: add a session by hand.',
  'staff.kids.sessionExists': 'This room already has a session at this time.',
  'staff.kids.pageTitle': 'Please come to {{room}}',
  'staff.kids.pageBody': 'The team of {{room}} is asking for {{name}}’s parent. Code {{code}}.',
  'staff.kids.precheckinClosed':
    'Check-in from the phone for the {{time}} service opens at {{opens}} and closes {{closes}} minutes after it starts.',
  'staff.kids.notArrived':
    '{{name}} was pre-checked from the phone and has not arrived: confirm the arrival at the station first.',
  'staff.kids.alreadyArrived':
    'This family has already been confirmed at the station: it can no longer be cancelled.',
} as const;

export type StaffKidsMessageKey = keyof typeof en;

const pt: Record<StaffKidsMessageKey, string> = {
  'staff.kids.tooLong': 'Texto longo demais.',
  'staff.kids.badDate': 'Informe uma data válida.',
  'staff.kids.badTime': 'Informe um horário como 09:30.',
  'staff.kids.badNumber': 'Informe um número inteiro dentro do limite.',
  'staff.kids.agesReversed': 'A idade máxima deve ser pelo menos a mínima.',
  'staff.kids.yearsReversed': 'O último ano escolar deve ser pelo menos o primeiro.',
  'staff.kids.searchShort': 'Digite pelo menos 2 caracteres.',
  'staff.kids.familyNotFound': 'Esta família não é desta igreja.',
  'staff.kids.noChildren': 'Marque pelo menos uma criança.',
  'staff.kids.badPhone': 'Informe um telefone com pelo menos 8 dígitos.',
  'staff.kids.badCode': 'O código tem 4 letras e números, como impresso na etiqueta.',
  'staff.kids.codeOrReason':
    'Digite o código da etiqueta do responsável ou informe o motivo da liberação.',
  'staff.kids.roomNotFound': 'Esta sala não é desta igreja.',
  'staff.kids.positionNotFound': 'Esta posição da escala não é desta igreja.',
  'staff.kids.sessionNotFound': 'Esta sessão não é desta igreja.',
  'staff.kids.checkinNotFound': 'Este check-in não é desta igreja.',
  'staff.kids.childNotFound': 'Esta criança não é desta família.',
  'staff.kids.noRoom': 'Nenhuma sala deste horário é da idade de {{name}}: escolha uma sala.',
  'staff.kids.roomFull': '{{room}} está lotada ({{capacity}} crianças): escolha outra sala.',
  'staff.kids.alreadyIn': '{{name}} já fez check-in neste horário.',
  'staff.kids.alreadyOut': 'Esta criança já foi retirada.',
  'staff.kids.sentTwice': 'Este check-in está sendo enviado por outro pedido: tente de novo.',
  'staff.kids.wrongCode': 'CÓDIGO ERRADO: esta criança não sai com o código {{code}}. Registrado.',
  'staff.kids.noServices': 'A agenda não tem culto neste dia: crie uma sessão manualmente.',
  'staff.kids.sessionExists': 'Esta sala já tem uma sessão neste horário.',
  'staff.kids.pageTitle': 'Por favor, venha até {{room}}',
  'staff.kids.pageBody':
    'A equipe da {{room}} está chamando o responsável por {{name}}. Código {{code}}.',
  'staff.kids.precheckinClosed':
    'O check-in pelo celular para o culto das {{time}} abre às {{opens}} e fecha {{closes}} minutos depois do início.',
  'staff.kids.notArrived':
    '{{name}} teve check-in pelo celular e ainda não chegou: confirme a chegada na estação antes.',
  'staff.kids.alreadyArrived':
    'A chegada desta família já foi confirmada na estação: não dá mais para cancelar.',
};

const es: Record<StaffKidsMessageKey, string> = {
  'staff.kids.tooLong': 'Texto demasiado largo.',
  'staff.kids.badDate': 'Ingresa una fecha válida.',
  'staff.kids.badTime': 'Ingresa una hora como 09:30.',
  'staff.kids.badNumber': 'Ingresa un número entero dentro del límite.',
  'staff.kids.agesReversed': 'La edad máxima debe ser al menos la mínima.',
  'staff.kids.yearsReversed': 'El último año escolar debe ser al menos el primero.',
  'staff.kids.searchShort': 'Escribe al menos 2 caracteres.',
  'staff.kids.familyNotFound': 'Esta familia no es de esta iglesia.',
  'staff.kids.noChildren': 'Marca al menos un niño.',
  'staff.kids.badPhone': 'Ingresa un teléfono con al menos 8 dígitos.',
  'staff.kids.badCode': 'El código tiene 4 letras y números, como en la etiqueta.',
  'staff.kids.codeOrReason':
    'Escribe el código de la etiqueta del responsable o indica el motivo para autorizar.',
  'staff.kids.roomNotFound': 'Esta sala no es de esta iglesia.',
  'staff.kids.positionNotFound': 'Esta posición del turno no es de esta iglesia.',
  'staff.kids.sessionNotFound': 'Esta sesión no es de esta iglesia.',
  'staff.kids.checkinNotFound': 'Este registro no es de esta iglesia.',
  'staff.kids.childNotFound': 'Este niño no es de esta familia.',
  'staff.kids.noRoom':
    'Ninguna sala de este horario corresponde a la edad de {{name}}: elige una sala.',
  'staff.kids.roomFull': '{{room}} está llena ({{capacity}} niños): elige otra sala.',
  'staff.kids.alreadyIn': '{{name}} ya está registrado en este horario.',
  'staff.kids.alreadyOut': 'Este niño ya fue recogido.',
  'staff.kids.sentTwice': 'Este registro lo está enviando otra solicitud: inténtelo de nuevo.',
  'staff.kids.wrongCode':
    'CÓDIGO INCORRECTO: este niño no sale con el código {{code}}. Registrado.',
  'staff.kids.noServices': 'La agenda no tiene culto ese día: crea una sesión a mano.',
  'staff.kids.sessionExists': 'Esta sala ya tiene una sesión a esta hora.',
  'staff.kids.pageTitle': 'Por favor, ven a {{room}}',
  'staff.kids.pageBody': 'El equipo de {{room}} llama al responsable de {{name}}. Código {{code}}.',
  'staff.kids.precheckinClosed':
    'El check-in desde el móvil para el culto de las {{time}} abre a las {{opens}} y cierra {{closes}} minutos después del inicio.',
  'staff.kids.notArrived':
    '{{name}} hizo check-in desde el móvil y aún no llegó: confirma la llegada en la estación primero.',
  'staff.kids.alreadyArrived':
    'La llegada de esta familia ya se confirmó en la estación: ya no se puede cancelar.',
};

export const STAFF_KIDS_MESSAGES: MessageTable<StaffKidsMessageKey> = { en, pt, es };

export function kidsMessage(
  lang: MessageLang,
  key: StaffKidsMessageKey,
  values?: MessageValues,
): string {
  return lookup(STAFF_KIDS_MESSAGES, lang, key, values);
}
