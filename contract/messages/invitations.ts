// The answers of the invitation calls (docs/invitations.md) in pt/en/es: the staff's
// (`staff.invitations.`), the invited person's (`invitation.`) and the people import's row that
// goes over the import's invitation limit. Part of the one catalogue (index.ts).
import type { MessageTable } from './table.ts';

const en = {
  'invitation.invalid': 'This invitation link is not valid.',
  'invitation.expired': 'This invitation has expired. Ask the church to send it again.',
  'invitation.used': 'This invitation has already been answered.',
  'invitation.revoked': 'The church withdrew this invitation.',
  'invitation.otherAccount':
    'This invitation was sent to {{email}}. Log in with that account to accept it.',
  'invitation.accepted': 'Welcome! You are now a member of {{church}}.',
  'invitation.declined': 'You declined the invitation of {{church}}.',
  'staff.invitations.notFound': 'This invitation is not in this church.',
  'staff.invitations.alreadyMember':
    'This e-mail belongs to a member of this church already: find them in the directory.',
  'staff.invitations.alreadyInvited':
    'This e-mail already has an invitation waiting for an answer: resend it from the list.',
  'staff.invitations.notPending': 'Only an invitation still waiting for an answer can change.',
  'staff.invitations.sent': 'Invitation sent to {{email}}.',
  'staff.invitations.queued':
    'Invitation saved for {{email}}. Today’s {{limit}} invitation e-mails are spent: it goes out within a day.',
  'staff.import.row.inviteLimit':
    'More than {{max}} people to invite in one file: import this line again later, in another file.',
};

const pt: Record<keyof typeof en, string> = {
  'invitation.invalid': 'Este link de convite não é válido.',
  'invitation.expired': 'Este convite expirou. Peça à igreja que o envie de novo.',
  'invitation.used': 'Este convite já foi respondido.',
  'invitation.revoked': 'A igreja retirou este convite.',
  'invitation.otherAccount':
    'Este convite foi enviado para {{email}}. Entre com essa conta para aceitá-lo.',
  'invitation.accepted': 'Bem-vindo! Agora você é membro da {{church}}.',
  'invitation.declined': 'Você recusou o convite da {{church}}.',
  'staff.invitations.notFound': 'Este convite não é desta igreja.',
  'staff.invitations.alreadyMember':
    'Este e-mail já é de um membro desta igreja: encontre-o na lista de pessoas.',
  'staff.invitations.alreadyInvited':
    'Este e-mail já tem um convite esperando resposta: reenvie-o pela lista.',
  'staff.invitations.notPending': 'Só um convite ainda sem resposta pode mudar.',
  'staff.invitations.sent': 'Convite enviado para {{email}}.',
  'staff.invitations.queued':
    'Convite guardado para {{email}}. Os {{limit}} e-mails de convite de hoje já foram usados: ele sai em até um dia.',
  'staff.import.row.inviteLimit':
    'Mais de {{max}} pessoas a convidar num só arquivo: importe esta linha depois, em outro arquivo.',
};

const es: Record<keyof typeof en, string> = {
  'invitation.invalid': 'Este enlace de invitación no es válido.',
  'invitation.expired': 'Esta invitación venció. Pide a la iglesia que la envíe de nuevo.',
  'invitation.used': 'Esta invitación ya fue respondida.',
  'invitation.revoked': 'La iglesia retiró esta invitación.',
  'invitation.otherAccount':
    'Esta invitación se envió a {{email}}. Entra con esa cuenta para aceptarla.',
  'invitation.accepted': '¡Bienvenido! Ahora eres miembro de {{church}}.',
  'invitation.declined': 'Rechazaste la invitación de {{church}}.',
  'staff.invitations.notFound': 'Esta invitación no es de esta iglesia.',
  'staff.invitations.alreadyMember':
    'Este correo ya es de un miembro de esta iglesia: búscalo en la lista de personas.',
  'staff.invitations.alreadyInvited':
    'Este correo ya tiene una invitación esperando respuesta: reenvíala desde la lista.',
  'staff.invitations.notPending': 'Solo una invitación aún sin respuesta puede cambiar.',
  'staff.invitations.sent': 'Invitación enviada a {{email}}.',
  'staff.invitations.queued':
    'Invitación guardada para {{email}}. Los {{limit}} correos de invitación de hoy ya se usaron: sale en menos de un día.',
  'staff.import.row.inviteLimit':
    'Más de {{max}} personas para invitar en un solo archivo: importa esta línea después, en otro archivo.',
};

export type InvitationsMessageKey = keyof typeof en;
export const INVITATIONS_MESSAGES: MessageTable<InvitationsMessageKey> = { pt, en, es };
