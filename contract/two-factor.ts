// Two-factor sign-in (docs/security.md "Two-factor sign-in"): the account's TOTP state, the
// enrolment, and the login's second step. Messages are `twoFactor.*` keys
// (contract/messages/two-factor.ts).
import './common.ts'; // zod's browser setting comes before any schema
import { z } from 'zod';
import { tokenPairSchema } from './auth.ts';

/** A 6-digit code of the app (spaces allowed) or a recovery code (`xxxxx-xxxxx`). */
export const twoFactorCode = z
  .string({ error: 'twoFactor.badCode' })
  .trim()
  .refine((v) => /^\d{3} ?\d{3}$/.test(v) || /^[a-z0-9]{5}-?[a-z0-9]{5}$/i.test(v), {
    error: 'twoFactor.badCode',
  });

/** POST /user/dois-fatores/confirmar and /desativar */
export const twoFactorCodeBody = z.object({ codigo: twoFactorCode });
export type TwoFactorCodeBody = z.infer<typeof twoFactorCodeBody>;

/** GET /user/dois-fatores */
export const twoFactorStatusSchema = z.object({
  ativo: z.boolean(),
  /** Recovery codes not yet used. */
  codigosRestantes: z.number(),
});
export type TwoFactorStatus = z.infer<typeof twoFactorStatusSchema>;

/** POST /user/dois-fatores: a new secret to put in the app (not on until confirmed). */
export const twoFactorEnrolmentSchema = z.object({
  /** base32, for typing into the app. */
  segredo: z.string(),
  /** otpauth://totp/… for the QR code. */
  uri: z.string(),
  /** The QR code of `uri` as a PNG data: URL. */
  qr: z.string(),
});
export type TwoFactorEnrolment = z.infer<typeof twoFactorEnrolmentSchema>;

/** POST /user/dois-fatores/confirmar: on, with ten single-use recovery codes shown once. */
export const twoFactorConfirmedSchema = z.object({ codigosRecuperacao: z.array(z.string()) });

/** The login's answer when the account has two-factor on: no tokens yet, a challenge for the code. */
export const secondStepSchema = z.object({ segundoFator: z.literal(true), desafio: z.string() });
export type SecondStep = z.infer<typeof secondStepSchema>;
/** POST /security/login_check: the token pair, or the second step. */
export const loginAnswerSchema = z.union([tokenPairSchema, secondStepSchema]);

/** POST /security/login_check/codigo */
export const secondStepBody = z.object({
  desafio: z
    .string({ error: 'twoFactor.challengeExpired' })
    .min(10, 'twoFactor.challengeExpired')
    .max(300, 'twoFactor.challengeExpired'),
  codigo: twoFactorCode,
});

/** Staff settings: PUT /admin/{slug}/igreja/seguranca */
export const churchSecurityBody = z.object({ exigirDoisFatores: z.boolean() });
export const churchSecuritySchema = z.object({ exigirDoisFatores: z.boolean() });
