// spec §3 Login/Refresh payload and the security calls of spec §7 "Auth and user".
// Messages are keys of contract/messages/account.ts, translated by whoever shows them.
import { z } from 'zod';
import { isStrongPassword } from './account-rules.ts';
import { idParam } from './common.ts';

const required = { error: 'v.required' } as const;

export const emailField = z
  .string(required)
  .trim()
  .toLowerCase()
  .min(1, 'v.required')
  .max(254, 'v.tooLong')
  .pipe(z.email('v.email'));
export const passwordField = z.string(required).min(1, 'v.required').max(200, 'v.tooLong');
/** spec §5: the password policy, for new passwords only. */
export const newPasswordField = z
  .string(required)
  .max(200, 'v.tooLong')
  .refine(isStrongPassword, 'v.password');

/** Compare password and confirmation even when other fields are invalid, so every message shows at once. */
export const bothPasswords = (payload: { value: unknown }): boolean => {
  const v = payload.value as Record<string, unknown> | null;
  return (
    !!v && typeof (v.senha ?? v.novaSenha) === 'string' && typeof v.confirmacaoSenha === 'string'
  );
};

/** POST /security/login_check */
export const loginBody = z.object({ username: emailField, password: passwordField });
export type LoginBody = z.infer<typeof loginBody>;

/** Answer of login_check, token refresh and registration: a short-lived JWT and an opaque refresh token. */
export const tokenPairSchema = z.object({ token: z.string(), refresh_token: z.string() });
export type TokenPair = z.infer<typeof tokenPairSchema>;

/** POST /security/token/refresh */
export const refreshBody = z.object({
  refreshToken: z.string(required).min(16, 'v.required').max(200, 'v.tooLong'),
});

/** POST /security/recuperar-senha: e-mails a link to choose a new password (to the church's host). */
export const recoverPasswordBody = z.object({ email: emailField, igreja: idParam });

/** POST /security/recuperar-senha/confirmar: the e-mailed token and the new password. */
export const resetPasswordBody = z
  .object({
    token: z.string(required).min(16, 'auth.linkInvalid').max(200),
    senha: newPasswordField,
    confirmacaoSenha: z.string(required),
  })
  .refine((b) => b.senha === b.confirmacaoSenha, {
    message: 'v.passwordConfirm',
    path: ['confirmacaoSenha'],
    when: bothPasswords,
  });

/** POST /security/solicitar-verificacao-email/?igreja=&email= */
export const verificationQuery = z.object({ igreja: idParam, email: emailField });

/** POST /security/verificar-email: the e-mailed activation token. */
export const verifyEmailBody = z.object({
  token: z.string(required).min(16, 'auth.linkInvalid').max(200),
});

/** POST /user/alterar-senha */
export const changePasswordBody = z
  .object({
    senhaAtual: passwordField,
    novaSenha: newPasswordField,
    confirmacaoSenha: z.string(required),
  })
  .refine((b) => b.novaSenha === b.confirmacaoSenha, {
    message: 'v.passwordConfirm',
    path: ['confirmacaoSenha'],
    when: bothPasswords,
  });

/** A plain `{ status: true, message }` answer of actions. */
export const okSchema = z.object({ status: z.literal(true), message: z.string() });
export type Ok = z.infer<typeof okSchema>;

/** Claims of the access token. */
export interface AccessClaims {
  sub: string;
  email: string;
  exp: number;
}
