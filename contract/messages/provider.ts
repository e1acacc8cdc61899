// The answers of the provider's console and of the sign-up (docs/provider.md) in pt/en/es, all
// under `provider.`. Part of the one catalogue (index.ts).
import type { MessageTable } from './table.ts';

const en = {
  'provider.code.required': 'Choose the code of your site’s address.',
  'provider.code.short': 'The code needs at least 2 characters.',
  'provider.code.long': 'The code can have at most 40 characters.',
  'provider.code.chars':
    'Use only lower-case letters without accents, digits and single hyphens (not at the start or end).',
  'provider.code.reserved': 'This code is reserved by the platform: choose another.',
  'provider.code.taken': 'Another church already uses this code: choose another.',
  'provider.invalidChars': 'Remove the < > signs and control characters.',
  'provider.language': 'Choose Portuguese, English or Spanish.',
  'provider.timeZone': 'Choose a valid time zone (such as America/Sao_Paulo).',
  'provider.module': 'Unknown module.',
  'provider.signupMode': 'Choose open, by invitation or closed.',
  'provider.forbidden': 'Only the platform’s administrators may do this.',
  'provider.churchNotFound': 'This church does not exist.',
  'provider.organizationNotFound': 'This organisation does not exist.',
  'provider.organizationTaken': 'An organisation with this name already exists.',
  'provider.church.pending':
    'This church is still waiting for its administrator to confirm the e-mail.',
  'provider.church.alreadySuspended': 'This church is already suspended.',
  'provider.church.notSuspended': 'This church is not suspended.',
  'provider.admin.sent':
    'Invitation sent to {{email}}: the link makes them the church’s administrator.',
  'provider.admin.queued':
    'Invitation saved for {{email}}; today’s invitation e-mails are spent, it goes out within a day.',
  'provider.admin.alreadyInvited':
    'This e-mail already has an invitation of this church waiting for an answer.',
  'provider.signup.closed': 'New churches cannot sign up at the moment.',
  'provider.signup.invitationNeeded':
    'Signing up needs an invitation: use the link of the e-mail you received.',
  'provider.signup.invitationInvalid':
    'This sign-up invitation is not valid for this e-mail, was used or has expired.',
  'provider.signup.captcha': 'The check did not pass: try again.',
  'provider.signup.tooMany': 'Too many sign-ups from here. Try again in {{minutes}} minutes.',
  'provider.signup.sent':
    'Almost there! We sent a link to {{email}}: open it to confirm your e-mail and put your site online.',
  'provider.signupInvitation.sent': 'Sign-up invitation sent to {{email}}.',
  'provider.activation.invalid': 'This confirmation link is not valid or has expired.',
  'provider.activation.done':
    '{{church}} is online. Sign in on your site with your e-mail to start: Staff area.',
  'provider.password.invalid': 'This link is not valid or has expired.',
  'provider.password.set': 'Your password is set. You can sign in now.',
};

const pt: Record<keyof typeof en, string> = {
  'provider.code.required': 'Escolha o código do endereço do seu site.',
  'provider.code.short': 'O código precisa de pelo menos 2 caracteres.',
  'provider.code.long': 'O código pode ter no máximo 40 caracteres.',
  'provider.code.chars':
    'Use só letras minúsculas sem acento, números e hífens simples (nem no começo nem no fim).',
  'provider.code.reserved': 'Este código é reservado pela plataforma: escolha outro.',
  'provider.code.taken': 'Outra igreja já usa este código: escolha outro.',
  'provider.invalidChars': 'Tire os sinais < > e caracteres de controle.',
  'provider.language': 'Escolha português, inglês ou espanhol.',
  'provider.timeZone': 'Escolha um fuso horário válido (como America/Sao_Paulo).',
  'provider.module': 'Módulo desconhecido.',
  'provider.signupMode': 'Escolha aberto, por convite ou fechado.',
  'provider.forbidden': 'Só os administradores da plataforma podem fazer isso.',
  'provider.churchNotFound': 'Esta igreja não existe.',
  'provider.organizationNotFound': 'Esta organização não existe.',
  'provider.organizationTaken': 'Já existe uma organização com este nome.',
  'provider.church.pending': 'Esta igreja ainda espera o administrador confirmar o e-mail.',
  'provider.church.alreadySuspended': 'Esta igreja já está suspensa.',
  'provider.church.notSuspended': 'Esta igreja não está suspensa.',
  'provider.admin.sent':
    'Convite enviado para {{email}}: o link faz dessa pessoa a administradora da igreja.',
  'provider.admin.queued':
    'Convite guardado para {{email}}; os e-mails de convite de hoje acabaram, ele sai em até um dia.',
  'provider.admin.alreadyInvited': 'Este e-mail já tem um convite desta igreja esperando resposta.',
  'provider.signup.closed': 'No momento não é possível cadastrar novas igrejas.',
  'provider.signup.invitationNeeded':
    'O cadastro precisa de um convite: use o link do e-mail que você recebeu.',
  'provider.signup.invitationInvalid':
    'Este convite de cadastro não vale para este e-mail, já foi usado ou expirou.',
  'provider.signup.captcha': 'A verificação não passou: tente de novo.',
  'provider.signup.tooMany': 'Cadastros demais daqui. Tente de novo em {{minutes}} minutos.',
  'provider.signup.sent':
    'Quase lá! Enviamos um link para {{email}}: abra-o para confirmar seu e-mail e colocar o site no ar.',
  'provider.signupInvitation.sent': 'Convite de cadastro enviado para {{email}}.',
  'provider.activation.invalid': 'Este link de confirmação não é válido ou expirou.',
  'provider.activation.done':
    '{{church}} está no ar. Entre no seu site com seu e-mail para começar: Área da equipe.',
  'provider.password.invalid': 'Este link não é válido ou expirou.',
  'provider.password.set': 'Sua senha foi definida. Você já pode entrar.',
};

const es: Record<keyof typeof en, string> = {
  'provider.code.required': 'Elige el código de la dirección de tu sitio.',
  'provider.code.short': 'El código necesita al menos 2 caracteres.',
  'provider.code.long': 'El código puede tener como máximo 40 caracteres.',
  'provider.code.chars':
    'Usa solo letras minúsculas sin tildes, números y guiones simples (ni al principio ni al final).',
  'provider.code.reserved': 'Este código está reservado por la plataforma: elige otro.',
  'provider.code.taken': 'Otra iglesia ya usa este código: elige otro.',
  'provider.invalidChars': 'Quita los signos < > y los caracteres de control.',
  'provider.language': 'Elige portugués, inglés o español.',
  'provider.timeZone': 'Elige una zona horaria válida (como America/Sao_Paulo).',
  'provider.module': 'Módulo desconocido.',
  'provider.signupMode': 'Elige abierto, por invitación o cerrado.',
  'provider.forbidden': 'Solo los administradores de la plataforma pueden hacer esto.',
  'provider.churchNotFound': 'Esta iglesia no existe.',
  'provider.organizationNotFound': 'Esta organización no existe.',
  'provider.organizationTaken': 'Ya existe una organización con este nombre.',
  'provider.church.pending': 'Esta iglesia aún espera que su administrador confirme el correo.',
  'provider.church.alreadySuspended': 'Esta iglesia ya está suspendida.',
  'provider.church.notSuspended': 'Esta iglesia no está suspendida.',
  'provider.admin.sent':
    'Invitación enviada a {{email}}: el enlace hace de esa persona la administradora de la iglesia.',
  'provider.admin.queued':
    'Invitación guardada para {{email}}; los correos de invitación de hoy se agotaron, sale en menos de un día.',
  'provider.admin.alreadyInvited':
    'Este correo ya tiene una invitación de esta iglesia esperando respuesta.',
  'provider.signup.closed': 'Por ahora no se pueden registrar nuevas iglesias.',
  'provider.signup.invitationNeeded':
    'El registro necesita una invitación: usa el enlace del correo que recibiste.',
  'provider.signup.invitationInvalid':
    'Esta invitación de registro no vale para este correo, ya se usó o venció.',
  'provider.signup.captcha': 'La verificación no pasó: inténtalo de nuevo.',
  'provider.signup.tooMany':
    'Demasiados registros desde aquí. Inténtalo de nuevo en {{minutes}} minutos.',
  'provider.signup.sent':
    '¡Casi listo! Enviamos un enlace a {{email}}: ábrelo para confirmar tu correo y poner tu sitio en línea.',
  'provider.signupInvitation.sent': 'Invitación de registro enviada a {{email}}.',
  'provider.activation.invalid': 'Este enlace de confirmación no es válido o venció.',
  'provider.activation.done':
    '{{church}} está en línea. Entra en tu sitio con tu correo para empezar: Área del equipo.',
  'provider.password.invalid': 'Este enlace no es válido o venció.',
  'provider.password.set': 'Tu contraseña quedó definida. Ya puedes entrar.',
};

export type ProviderMessageKey = keyof typeof en;
export const PROVIDER_MESSAGES: MessageTable<ProviderMessageKey> = { pt, en, es };
