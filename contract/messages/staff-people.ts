// The answers of the staff area's people, giving and groups calls in pt/en/es (docs/staff.md).
// Part of the one catalogue (index.ts); keys start with `staff.people.`, `staff.giving.` and
// `staff.groups.`.
import type { MessageTable } from './table.ts';

const en = {
  'staff.giving.tooLong': 'Too long.',
  'staff.giving.badDate': 'Enter a date as YYYY-MM-DD.',
  'staff.giving.endBeforeStart': 'The last day must come after the first.',
  'staff.giving.badYear': 'Enter a year between 2000 and 2100.',
  'staff.giving.reasonNotFound': 'This giving reason is not in this church.',
  'staff.giving.mergeSelf': 'Choose another reason to merge this one into.',
  'staff.giving.orderMismatch': 'The order must list every reason of the church once.',
  'staff.giving.giftNotFound': 'This gift is not in this church.',
  'staff.giving.notRefundable': 'Only an approved gift can be refunded.',
  'staff.giving.batchRunning': 'The statements of this year are being sent already.',
  'staff.giving.noGivers': 'Nobody gave in this year: there is no statement to send.',
  'staff.giving.statementSubject': 'Your giving statement {{year}} — {{church}}',
  'staff.giving.statementBody':
    'Hello {{name}},\n\nThank you for your generosity. In {{year}} you gave {{total}} to {{church}}.\n\n{{lines}}\n\nThe full statement: {{link}}',
  'staff.people.personNotFound': 'This person is not a member of this church.',
  'staff.people.unknownRole': 'This role does not exist.',
  'staff.people.superAdminOnly': 'Only an organisation admin can give this role.',
  'staff.people.lastAdmin': 'The church must keep at least one admin.',
  'staff.people.notSelf': 'You cannot change your own roles or deactivate yourself.',
  'staff.people.numberTaken': 'Another member of this church has this number.',
  'staff.people.badNumber': 'Use up to 20 letters, digits and hyphens.',
  'staff.people.requestNotFound': 'This deletion request is not in this church.',
  'staff.people.requestDone': 'This deletion request was already carried out.',
  'staff.people.removedName': 'Removed person',
  'staff.people.byThemself': 'The person themself',
  'staff.people.deletedSubject': 'Your data was removed — {{church}}',
  'staff.people.deletedBody':
    'Hello,\n\nAs you asked, {{church}} removed your personal data. Records of gifts are kept as the law requires, without your name.\n\nIf you did not ask for this, reply to this e-mail.',
  'staff.groups.notFound': 'This group is not in this church.',
  'staff.groups.personNotMember':
    'This person is not an active member of this church. Someone of elsewhere joins by an invitation (People → Invitations).',
  'staff.groups.isLeader': 'This person leads the group already.',
  'staff.groups.alreadyMember': 'This person already takes part in this group.',
  'staff.groups.notInGroup': 'This person is not a member of this group.',
  'staff.groups.requestNotFound': 'This request is not in this group.',
  'staff.groups.badTime': 'Enter a time as HH:MM.',
  'staff.groups.tooLong': 'Too long.',
} as const;

export type StaffPeopleMessageKey = keyof typeof en;

const pt: Record<StaffPeopleMessageKey, string> = {
  'staff.giving.tooLong': 'Texto longo demais.',
  'staff.giving.badDate': 'Informe uma data como AAAA-MM-DD.',
  'staff.giving.endBeforeStart': 'O último dia deve vir depois do primeiro.',
  'staff.giving.badYear': 'Informe um ano entre 2000 e 2100.',
  'staff.giving.reasonNotFound': 'Este motivo de doação não é desta igreja.',
  'staff.giving.mergeSelf': 'Escolha outro motivo para juntar este a ele.',
  'staff.giving.orderMismatch': 'A ordem deve listar cada motivo da igreja uma vez.',
  'staff.giving.giftNotFound': 'Esta doação não é desta igreja.',
  'staff.giving.notRefundable': 'Só uma doação aprovada pode ser estornada.',
  'staff.giving.batchRunning': 'Os extratos deste ano já estão sendo enviados.',
  'staff.giving.noGivers': 'Ninguém doou neste ano: não há extrato para enviar.',
  'staff.giving.statementSubject': 'Seu extrato de doações {{year}} — {{church}}',
  'staff.giving.statementBody':
    'Olá {{name}},\n\nObrigado pela sua generosidade. Em {{year}} você doou {{total}} para {{church}}.\n\n{{lines}}\n\nO extrato completo: {{link}}',
  'staff.people.personNotFound': 'Esta pessoa não é membro desta igreja.',
  'staff.people.unknownRole': 'Este papel não existe.',
  'staff.people.superAdminOnly': 'Só um administrador da organização pode dar este papel.',
  'staff.people.lastAdmin': 'A igreja precisa manter pelo menos um administrador.',
  'staff.people.notSelf': 'Você não pode mudar seus próprios papéis nem se desativar.',
  'staff.people.numberTaken': 'Outro membro desta igreja tem este número.',
  'staff.people.badNumber': 'Use até 20 letras, dígitos e hífens.',
  'staff.people.requestNotFound': 'Este pedido de exclusão não é desta igreja.',
  'staff.people.requestDone': 'Este pedido de exclusão já foi atendido.',
  'staff.people.removedName': 'Pessoa removida',
  'staff.people.byThemself': 'A própria pessoa',
  'staff.people.deletedSubject': 'Seus dados foram removidos — {{church}}',
  'staff.people.deletedBody':
    'Olá,\n\nComo você pediu, {{church}} removeu seus dados pessoais. Os registros de doações são mantidos como a lei exige, sem o seu nome.\n\nSe você não pediu isso, responda a este e-mail.',
  'staff.groups.notFound': 'Esta célula não é desta igreja.',
  'staff.groups.personNotMember':
    'Esta pessoa não é membro ativo desta igreja. Quem é de fora entra por um convite (Pessoas → Convites).',
  'staff.groups.isLeader': 'Esta pessoa já é a líder da célula.',
  'staff.groups.alreadyMember': 'Esta pessoa já participa desta célula.',
  'staff.groups.notInGroup': 'Esta pessoa não é membro desta célula.',
  'staff.groups.requestNotFound': 'Esta solicitação não é desta célula.',
  'staff.groups.badTime': 'Informe um horário como HH:MM.',
  'staff.groups.tooLong': 'Texto longo demais.',
};

const es: Record<StaffPeopleMessageKey, string> = {
  'staff.giving.tooLong': 'Texto demasiado largo.',
  'staff.giving.badDate': 'Ingresa una fecha como AAAA-MM-DD.',
  'staff.giving.endBeforeStart': 'El último día debe ser posterior al primero.',
  'staff.giving.badYear': 'Ingresa un año entre 2000 y 2100.',
  'staff.giving.reasonNotFound': 'Este motivo de ofrenda no es de esta iglesia.',
  'staff.giving.mergeSelf': 'Elige otro motivo con el que unir este.',
  'staff.giving.orderMismatch': 'El orden debe listar cada motivo de la iglesia una vez.',
  'staff.giving.giftNotFound': 'Esta ofrenda no es de esta iglesia.',
  'staff.giving.notRefundable': 'Solo se puede reembolsar una ofrenda aprobada.',
  'staff.giving.batchRunning': 'Los extractos de este año ya se están enviando.',
  'staff.giving.noGivers': 'Nadie ofrendó en este año: no hay extracto para enviar.',
  'staff.giving.statementSubject': 'Tu extracto de ofrendas {{year}} — {{church}}',
  'staff.giving.statementBody':
    'Hola {{name}},\n\nGracias por tu generosidad. En {{year}} ofrendaste {{total}} a {{church}}.\n\n{{lines}}\n\nEl extracto completo: {{link}}',
  'staff.people.personNotFound': 'Esta persona no es miembro de esta iglesia.',
  'staff.people.unknownRole': 'Este rol no existe.',
  'staff.people.superAdminOnly': 'Solo un administrador de la organización puede dar este rol.',
  'staff.people.lastAdmin': 'La iglesia debe mantener al menos un administrador.',
  'staff.people.notSelf': 'No puedes cambiar tus propios roles ni desactivarte.',
  'staff.people.numberTaken': 'Otro miembro de esta iglesia tiene este número.',
  'staff.people.badNumber': 'Usa hasta 20 letras, dígitos y guiones.',
  'staff.people.requestNotFound': 'Esta solicitud de eliminación no es de esta iglesia.',
  'staff.people.requestDone': 'Esta solicitud de eliminación ya fue atendida.',
  'staff.people.removedName': 'Persona eliminada',
  'staff.people.byThemself': 'La propia persona',
  'staff.people.deletedSubject': 'Tus datos fueron eliminados — {{church}}',
  'staff.people.deletedBody':
    'Hola,\n\nComo pediste, {{church}} eliminó tus datos personales. Los registros de ofrendas se conservan como exige la ley, sin tu nombre.\n\nSi no lo pediste, responde a este correo.',
  'staff.groups.notFound': 'Esta célula no es de esta iglesia.',
  'staff.groups.personNotMember':
    'Esta persona no es miembro activo de esta iglesia. Quien es de fuera entra por una invitación (Personas → Invitaciones).',
  'staff.groups.isLeader': 'Esta persona ya es la líder de la célula.',
  'staff.groups.alreadyMember': 'Esta persona ya participa en esta célula.',
  'staff.groups.notInGroup': 'Esta persona no es miembro de esta célula.',
  'staff.groups.requestNotFound': 'Esta solicitud no es de esta célula.',
  'staff.groups.badTime': 'Ingresa una hora como HH:MM.',
  'staff.groups.tooLong': 'Texto demasiado largo.',
};

export const STAFF_PEOPLE_MESSAGES: MessageTable<StaffPeopleMessageKey> = { pt, en, es };
