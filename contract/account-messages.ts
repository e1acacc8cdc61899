// Messages of the account API and forms in pt/en/es (spec §5 and §8). zod schemas of
// contract/user.ts and contract/auth.ts carry these keys as their messages; the API turns
// them into the request's language and the forms into the page's.
import type { MaritalStatus } from './account-rules.ts';

export type MessageLang = 'pt' | 'en' | 'es';

const pt = {
  'v.required': 'Esse campo é obrigatório.',
  'v.email': 'Informe um e-mail válido.',
  'v.password': 'A senha precisa ter ao menos 8 caracteres, com letra minúscula, letra maiúscula, número e um caractere especial (@$!%*?&#/).',
  'v.passwordConfirm': 'As senhas precisam ser iguais',
  'v.cpf': 'CPF inválido.',
  'v.phoneBr': '+55 DDD 9XXXX-YYYY',
  'v.phone': 'Telefone inválido.',
  'v.cep': 'CEP Inválido',
  'v.zip': 'CEP Inválido',
  'v.date': 'Data inválida. Use o formato dd/mm/aaaa.',
  'v.datePast': 'A data precisa ser anterior a hoje.',
  'v.sex': 'Escolha masculino ou feminino.',
  'v.maritalStatus': 'Estado civil inválido.',
  'v.tooLong': 'Texto longo demais.',
  'v.number': 'Informe um número válido.',
  'v.country': 'País inválido.',
  'v.alphaSpaces': 'Use apenas letras e espaços.',
  'v.invalid': 'Valor inválido.',
  'auth.invalidCredentials': 'Nome de usuário ou senha inválidos.',
  'auth.wrongPassword': 'Sua senha está incorreta.',
  'auth.tooManyAttempts': 'Muitas tentativas de login. Tente novamente em {{minutes}} minutos.',
  'auth.inactive': 'Sua conta ainda não está ativa. Enviamos um e-mail de ativação.',
  'auth.loginRequired': 'É necessário realizar o login para completar essa ação',
  'auth.forbidden': 'Você não tem permissão para acessar estes dados.',
  'auth.refreshInvalid': 'Sua sessão expirou. Entre novamente.',
  'auth.linkInvalid': 'Este link é inválido ou já expirou. Peça um novo.',
  'recover.notFound': 'E-mail não encontrado.',
  'recover.sent': 'Nova senha enviada para o seu e-mail.',
  'recover.sendError': 'Não foi possível enviar o e-mail agora. Tente novamente.',
  'recover.done': 'Senha alterada. Você já pode entrar com a nova senha.',
  'verify.sent': 'Enviamos o e-mail de ativação. Confira sua caixa de entrada.',
  'verify.sendError': 'Não foi possível enviar o e-mail de ativação. Tente novamente.',
  'verify.done': 'E-mail confirmado e conta ativada.',
  'user.emailInUse': 'Este e-mail já está cadastrado nesta igreja.',
  'user.cpfInUse': 'Este CPF já está em uso.',
  'user.notMember': 'Você não faz parte desta igreja.',
  'user.notFound': 'Usuário não encontrado.',
  'user.updateFailed': 'Não foi possível atualizar seus dados. Tente novamente.',
  'user.passwordChanged': 'Senha alterada com sucesso.',
  'user.deleted': 'Sua conta foi excluída.',
  'church.notFound': 'Igreja não encontrada.',
  'church.sameChurch': 'Você já está nesta igreja.',
  'image.type': 'Envie uma imagem JPEG, PNG ou WebP.',
  'image.size': 'A imagem pode ter no máximo {{mb}} MB.',
  'image.missing': 'Escolha uma imagem.',
  'image.kind': 'Tipo de imagem desconhecido.',
  'card.notFound': 'Nenhuma carteirinha encontrada para o e-mail informado.',
  'postcode.notFound': 'CEP não encontrado.',
  'notFound': 'Não encontrado.',
} as const;

export type AccountMessageKey = keyof typeof pt;

const en: Record<AccountMessageKey, string> = {
  'v.required': 'This field is required.',
  'v.email': 'Enter a valid e-mail.',
  'v.password': 'The password needs at least 8 characters, with a lowercase letter, an uppercase letter, a digit and a special character (@$!%*?&#/).',
  'v.passwordConfirm': 'Passwords must match',
  'v.cpf': 'Invalid CPF.',
  'v.phoneBr': '+55 DDD 9XXXX-YYYY',
  'v.phone': 'Invalid phone number.',
  'v.cep': 'Invalid zip code',
  'v.zip': 'Invalid zip code',
  'v.date': 'Invalid date. Use the format mm/dd/yyyy.',
  'v.datePast': 'The date must be before today.',
  'v.sex': 'Choose male or female.',
  'v.maritalStatus': 'Invalid marital status.',
  'v.tooLong': 'Text too long.',
  'v.number': 'Enter a valid number.',
  'v.country': 'Invalid country.',
  'v.alphaSpaces': 'Use letters and spaces only.',
  'v.invalid': 'Invalid value.',
  'auth.invalidCredentials': 'Username or password is invalid.',
  'auth.wrongPassword': 'Your password is incorrect',
  'auth.tooManyAttempts': 'Too many login attempts. Try again in {{minutes}} minutes.',
  'auth.inactive': 'Your account is not active yet. We sent you an activation e-mail.',
  'auth.loginRequired': 'You need to log in to complete this action',
  'auth.forbidden': 'You are not allowed to access this data.',
  'auth.refreshInvalid': 'Your session has expired. Please log in again.',
  'auth.linkInvalid': 'This link is invalid or has expired. Ask for a new one.',
  'recover.notFound': 'E-mail not found.',
  'recover.sent': 'New password sent to your e-mail.',
  'recover.sendError': 'We could not send the e-mail now. Please try again.',
  'recover.done': 'Password changed. You can log in with the new password.',
  'verify.sent': 'We sent the activation e-mail. Check your inbox.',
  'verify.sendError': 'We could not send the activation e-mail. Please try again.',
  'verify.done': 'E-mail confirmed and account activated.',
  'user.emailInUse': 'This e-mail is already registered in this church.',
  'user.cpfInUse': 'This CPF is already in use.',
  'user.notMember': 'You are not a member of this church.',
  'user.notFound': 'User not found.',
  'user.updateFailed': 'We could not update your data. Please try again.',
  'user.passwordChanged': 'Password changed.',
  'user.deleted': 'Your account has been deleted.',
  'church.notFound': 'Church not found.',
  'church.sameChurch': 'You are already in this church.',
  'image.type': 'Send a JPEG, PNG or WebP image.',
  'image.size': 'The image can have at most {{mb}} MB.',
  'image.missing': 'Choose an image.',
  'image.kind': 'Unknown image type.',
  'card.notFound': 'No member card found for the e-mail.',
  'postcode.notFound': 'Zip code not found.',
  'notFound': 'Not found.',
};

const es: Record<AccountMessageKey, string> = {
  'v.required': 'Este campo es obligatorio.',
  'v.email': 'Ingresa un correo electrónico válido.',
  'v.password': 'La contraseña necesita al menos 8 caracteres, con una minúscula, una mayúscula, un número y un carácter especial (@$!%*?&#/).',
  'v.passwordConfirm': 'Las contraseñas deben ser iguales',
  'v.cpf': 'CPF inválido.',
  'v.phoneBr': '+55 DDD 9XXXX-YYYY',
  'v.phone': 'Teléfono inválido.',
  'v.cep': 'Código postal inválido',
  'v.zip': 'Código postal inválido',
  'v.date': 'Fecha inválida. Usa el formato dd/mm/aaaa.',
  'v.datePast': 'La fecha debe ser anterior a hoy.',
  'v.sex': 'Elige masculino o femenino.',
  'v.maritalStatus': 'Estado civil inválido.',
  'v.tooLong': 'Texto demasiado largo.',
  'v.number': 'Ingresa un número válido.',
  'v.country': 'País inválido.',
  'v.alphaSpaces': 'Usa solo letras y espacios.',
  'v.invalid': 'Valor inválido.',
  'auth.invalidCredentials': 'Nombre de usuario o contraseña no válidos.',
  'auth.wrongPassword': 'Tu contraseña es incorrecta.',
  'auth.tooManyAttempts': 'Demasiados intentos de inicio de sesión. Inténtalo de nuevo en {{minutes}} minutos.',
  'auth.inactive': 'Tu cuenta aún no está activa. Te enviamos un correo de activación.',
  'auth.loginRequired': 'Es necesario iniciar sesión para completar esta acción',
  'auth.forbidden': 'No tienes permiso para acceder a estos datos.',
  'auth.refreshInvalid': 'Tu sesión expiró. Inicia sesión de nuevo.',
  'auth.linkInvalid': 'Este enlace no es válido o ya expiró. Pide uno nuevo.',
  'recover.notFound': 'Correo electrónico no encontrado.',
  'recover.sent': 'Nueva contraseña enviada a tu correo electrónico.',
  'recover.sendError': 'No pudimos enviar el correo ahora. Inténtalo de nuevo.',
  'recover.done': 'Contraseña cambiada. Ya puedes iniciar sesión con la nueva contraseña.',
  'verify.sent': 'Enviamos el correo de activación. Revisa tu bandeja de entrada.',
  'verify.sendError': 'No pudimos enviar el correo de activación. Inténtalo de nuevo.',
  'verify.done': 'Correo confirmado y cuenta activada.',
  'user.emailInUse': 'Este correo ya está registrado en esta iglesia.',
  'user.cpfInUse': 'Este CPF ya está en uso.',
  'user.notMember': 'No eres miembro de esta iglesia.',
  'user.notFound': 'Usuario no encontrado.',
  'user.updateFailed': 'No pudimos actualizar tus datos. Inténtalo de nuevo.',
  'user.passwordChanged': 'Contraseña cambiada.',
  'user.deleted': 'Tu cuenta fue eliminada.',
  'church.notFound': 'Iglesia no encontrada.',
  'church.sameChurch': 'Ya estás en esta iglesia.',
  'image.type': 'Envía una imagen JPEG, PNG o WebP.',
  'image.size': 'La imagen puede tener como máximo {{mb}} MB.',
  'image.missing': 'Elige una imagen.',
  'image.kind': 'Tipo de imagen desconocido.',
  'card.notFound': 'No se encontró ningún carnet para el correo informado.',
  'postcode.notFound': 'Código postal no encontrado.',
  'notFound': 'No encontrado.',
};

const MESSAGES: Record<MessageLang, Record<AccountMessageKey, string>> = { pt, en, es };

export function isMessageKey(key: string): key is AccountMessageKey {
  return Object.hasOwn(pt, key);
}

/** The message of a key in a language; a string that is not a key is returned as it is. */
export function accountMessage(lang: MessageLang, key: string, values: Record<string, string | number> = {}): string {
  const text = isMessageKey(key) ? MESSAGES[lang][key] : key;
  return text.replace(/\{\{(\w+)\}\}/g, (_, name: string) => String(values[name] ?? ''));
}

/** spec §1: the first two letters of the Accept-Language header; English otherwise. */
export function messageLang(acceptLanguage: string | null | undefined): MessageLang {
  const first = (acceptLanguage ?? '').split(',')[0]!.trim().slice(0, 2).toLowerCase();
  return first === 'pt' || first === 'es' ? first : 'en';
}

/** spec §3 marital status options. */
export const MARITAL_STATUS_NAMES: Record<MessageLang, Record<MaritalStatus, string>> = {
  pt: {
    solteiro: 'Solteiro(a)', casado: 'Casado(a)', casado_civil: 'Casado(a) no civil', casado_civil_religioso: 'Casado(a) no civil e religioso',
    divorciado: 'Divorciado(a)', viuvo: 'Viúvo(a)', mora_junto: 'Mora junto', uniao_estavel: 'União estável',
  },
  en: {
    solteiro: 'Single', casado: 'Married', casado_civil: 'Civil marriage', casado_civil_religioso: 'Civil and religious marriage',
    divorciado: 'Divorced', viuvo: 'Widowed', mora_junto: 'Living together', uniao_estavel: 'Stable union',
  },
  es: {
    solteiro: 'Soltero(a)', casado: 'Casado(a)', casado_civil: 'Casado(a) por lo civil', casado_civil_religioso: 'Casado(a) por lo civil y religioso',
    divorciado: 'Divorciado(a)', viuvo: 'Viudo(a)', mora_junto: 'Vive en pareja', uniao_estavel: 'Unión estable',
  },
};

