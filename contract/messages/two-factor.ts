// Two-factor sign-in in pt/en/es (docs/security.md "Two-factor sign-in"). Part of the one
// catalogue (index.ts).
import type { MessageLang } from './lang.ts';
import { lookup, type MessageTable, type MessageValues } from './table.ts';

const en = {
  'twoFactor.badCode': 'Type the 6-digit code of your app or one of your recovery codes.',
  'twoFactor.wrongCode': 'This code is not right, or was already used. Try the next one.',
  'twoFactor.challengeExpired': 'This sign-in took too long. Enter your password again.',
  'twoFactor.notEnrolling': 'Start the two-factor set-up again.',
  'twoFactor.alreadyOn': 'Two-factor sign-in is already on.',
  'twoFactor.notOn': 'Two-factor sign-in is not on.',
  'twoFactor.tooMany': 'Too many wrong codes. Try again in {{minutes}} min.',
  'twoFactor.ownFirst': 'Turn on two-factor sign-in in your own account first.',
  'twoFactor.required':
    'This church requires two-factor sign-in for its staff. Turn it on in your account to continue.',
} as const;

export type TwoFactorMessageKey = keyof typeof en;

const pt: Record<TwoFactorMessageKey, string> = {
  'twoFactor.badCode':
    'Digite o código de 6 dígitos do seu app ou um dos seus códigos de recuperação.',
  'twoFactor.wrongCode': 'Este código não confere ou já foi usado. Tente o próximo.',
  'twoFactor.challengeExpired': 'Este login demorou demais. Digite sua senha de novo.',
  'twoFactor.notEnrolling': 'Comece de novo a configuração da verificação em duas etapas.',
  'twoFactor.alreadyOn': 'A verificação em duas etapas já está ativada.',
  'twoFactor.notOn': 'A verificação em duas etapas não está ativada.',
  'twoFactor.tooMany': 'Muitos códigos errados. Tente de novo em {{minutes}} min.',
  'twoFactor.ownFirst': 'Ative primeiro a verificação em duas etapas na sua própria conta.',
  'twoFactor.required':
    'Esta igreja exige a verificação em duas etapas da sua equipe. Ative-a na sua conta para continuar.',
};

const es: Record<TwoFactorMessageKey, string> = {
  'twoFactor.badCode':
    'Escribe el código de 6 dígitos de tu app o uno de tus códigos de recuperación.',
  'twoFactor.wrongCode': 'Este código no es correcto o ya se usó. Prueba el siguiente.',
  'twoFactor.challengeExpired':
    'Este inicio de sesión tardó demasiado. Escribe tu contraseña de nuevo.',
  'twoFactor.notEnrolling': 'Empieza de nuevo la configuración de la verificación en dos pasos.',
  'twoFactor.alreadyOn': 'La verificación en dos pasos ya está activada.',
  'twoFactor.notOn': 'La verificación en dos pasos no está activada.',
  'twoFactor.tooMany': 'Demasiados códigos incorrectos. Inténtalo de nuevo en {{minutes}} min.',
  'twoFactor.ownFirst': 'Activa primero la verificación en dos pasos en tu propia cuenta.',
  'twoFactor.required':
    'Esta iglesia exige la verificación en dos pasos a su equipo. Actívala en tu cuenta para continuar.',
};

export const TWO_FACTOR_MESSAGES: MessageTable<TwoFactorMessageKey> = { pt, en, es };

export function twoFactorMessage(
  lang: MessageLang,
  key: TwoFactorMessageKey,
  values?: MessageValues,
): string {
  return lookup(TWO_FACTOR_MESSAGES, lang, key, values);
}
