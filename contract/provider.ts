// The provider's console and the sign-up (docs/provider.md): calls under `/provider/…` on the
// API. Console calls need a provider admin; the code check, the sign-up, its activation and the
// set-password link are public. A church's code is its address, `<code>.<provider domain>`.
import { deletionSchema } from './church-export.ts';
import { z } from 'zod';
import { isTimeZone } from '../common/time-zone.ts';
import { emailField, newPasswordField } from './auth.ts';
import { idParam, pageNumber } from './common.ts';
import { churchCurrency } from './payment-rules.ts';
import { captchaAnswerSchema } from './visitor.ts';

export const CODE_MIN = 2;
export const CODE_MAX = 40;

/** Codes no church may take: they name the platform's own hosts or would mislead a visitor. */
export const RESERVED_CODES = [
  'www',
  'api',
  'admin',
  'administrador',
  'provider',
  'provedor',
  'mail',
  'email',
  'smtp',
  'imap',
  'pop',
  'ftp',
  'static',
  'assets',
  'cdn',
  'app',
  'apps',
  'dashboard',
  'console',
  'status',
  'help',
  'ajuda',
  'suporte',
  'support',
  'docs',
  'blog',
  'signup',
  'cadastro',
  'login',
  'auth',
  'account',
  'conta',
  'billing',
  'ns1',
  'ns2',
  'dns',
  'localhost',
  'test',
  'dev',
  'staging',
  'demo',
  'socket',
  'ws',
  'metrics',
  'healthz',
] as const;

export type CodeProblem =
  | 'provider.code.required'
  | 'provider.code.short'
  | 'provider.code.long'
  | 'provider.code.chars'
  | 'provider.code.reserved';

/**
 * What is wrong with a code as typed (lower-cased and trimmed first), or null: the one rule of the
 * form, the availability check and the API. Whether another church holds it is the server's.
 */
export function codeProblem(raw: string): CodeProblem | null {
  const code = raw.trim().toLowerCase();
  if (!code) return 'provider.code.required';
  if (
    !/^[a-z0-9-]+$/.test(code) ||
    code.startsWith('-') ||
    code.endsWith('-') ||
    code.includes('--')
  )
    return 'provider.code.chars';
  if (code.length < CODE_MIN) return 'provider.code.short';
  if (code.length > CODE_MAX) return 'provider.code.long';
  if ((RESERVED_CODES as readonly string[]).includes(code)) return 'provider.code.reserved';
  return null;
}

export const codeField = z
  .string({ error: 'provider.code.required' })
  .trim()
  .toLowerCase()
  .superRefine((value, ctx) => {
    const problem = codeProblem(value);
    if (problem) ctx.addIssue({ code: 'custom', message: problem });
  });

const plainText = (max: number) =>
  z
    .string({ error: 'v.required' })
    .trim()
    .min(1, 'v.required')
    .max(max, 'v.tooLong')
    .regex(/^[^\u0000-\u001f\u007f<>]*$/, 'provider.invalidChars');

export const CHURCH_LANGUAGES = ['pt_BR', 'en_US', 'es'] as const;
export type ChurchLanguage = (typeof CHURCH_LANGUAGES)[number];
/** Countries a church may be in: the ones the payment rules know (contract/payment-rules.ts). */
export const CHURCH_COUNTRIES = ['BR', 'US', 'AR'] as const;
export type ChurchCountry = (typeof CHURCH_COUNTRIES)[number];
/** Every module code of spec §1. */
export const MODULE_CODES = [
  'MOD_EVENTO',
  'MOD_CULTO',
  'MOD_DOACAO',
  'MOD_CELULA',
  'MOD_DEVOCIONAL',
  'MOD_NOTICIA',
  'MOD_EBD',
  'MOD_PUBLICACAO',
  'MOD_MURAL_ORACAO',
  'MOD_ASSINATURA',
] as const;
/** What a new church starts with: news, events, giving, devotionals and the prayer wall. */
export const DEFAULT_MODULES = [
  'MOD_NOTICIA',
  'MOD_EVENTO',
  'MOD_DOACAO',
  'MOD_DEVOCIONAL',
  'MOD_MURAL_ORACAO',
] as const;

/** The language a country's church starts in, and its usual time zone. */
export const COUNTRY_DEFAULTS: Record<
  ChurchCountry,
  { idioma: ChurchLanguage; fusoHorario: string }
> = {
  BR: { idioma: 'pt_BR', fusoHorario: 'America/Sao_Paulo' },
  US: { idioma: 'en_US', fusoHorario: 'America/New_York' },
  AR: { idioma: 'es', fusoHorario: 'America/Argentina/Buenos_Aires' },
};
export const currencyOf = (country: ChurchCountry) => churchCurrency(country);

// ---- console ----

/** POST /provider/organizacoes */
export const organizationInput = z.object({ nome: plainText(120) });
export type OrganizationInput = z.output<typeof organizationInput>;

export const organizationSchema = z.object({
  id: z.number(),
  slug: z.string(),
  nome: z.string(),
  igrejas: z.number(),
  criadaEm: z.string(),
});
export type Organization = z.infer<typeof organizationSchema>;
export const organizationsSchema = z.object({ organizacoes: z.array(organizationSchema) });

/** A church's clock as a provider or its admins choose it: an IANA zone (docs/giving.md "Which clock"). */
export const churchZoneField = z
  .string({ error: 'v.required' })
  .trim()
  .min(1, 'v.required')
  .max(64, 'v.tooLong')
  .refine(isTimeZone, 'provider.timeZone');

/** POST /provider/igrejas: a church made by a provider admin (active at once). */
export const churchInput = z.object({
  nome: plainText(120),
  codigo: codeField,
  idioma: z.enum(CHURCH_LANGUAGES, { error: 'provider.language' }),
  pais: z.enum(CHURCH_COUNTRIES, { error: 'v.country' }),
  fusoHorario: churchZoneField,
  modulos: z
    .array(z.string())
    .max(MODULE_CODES.length)
    .refine((list) => list.every((m) => (MODULE_CODES as readonly string[]).includes(m)), {
      message: 'provider.module',
    })
    .default([...DEFAULT_MODULES]),
  organizacaoId: idParam.nullable().default(null),
});
export type ChurchInput = z.output<typeof churchInput>;

/** POST /provider/igrejas/{id}/convite-admin: the church's first admin, invited by e-mail. */
export const firstAdminInput = z.object({
  email: emailField,
  nome: z.preprocess(
    (v) => (typeof v === 'string' && v.trim() === '' ? null : v),
    plainText(120).nullable().default(null),
  ),
});
export type FirstAdminInput = z.output<typeof firstAdminInput>;

/**
 * PUT /provider/igrejas/{id}/fuso-horario (and the church's own PUT /admin/{slug}/igreja/fuso-horario):
 * the zone the church keeps its days on; null or empty: its country's.
 */
export const churchZoneInput = z.object({
  fusoHorario: z.preprocess(
    (v) => (typeof v === 'string' && v.trim() === '' ? null : v),
    churchZoneField.nullable(),
  ),
});
export type ChurchZoneInput = z.output<typeof churchZoneInput>;

export const churchParams = z.object({ id: idParam });
export const churchesQuery = z.object({
  busca: z.string().trim().max(100, 'Too long.').optional(),
  page: pageNumber(100_000, 'Too large.').default(1),
});
export type ChurchesQuery = z.output<typeof churchesQuery>;
export const PROVIDER_PAGE_SIZE = 25;

export const PROVIDER_CHURCH_STATES = ['pendente', 'ativa', 'suspensa'] as const;

export const providerChurchSchema = z.object({
  id: z.number(),
  nome: z.string(),
  codigo: z.string(),
  /** `http://<code>.<provider domain>[:port]` */
  endereco: z.string(),
  idioma: z.string(),
  pais: z.string().nullable(),
  moeda: z.string(),
  /** The church's clock: the zone it chose, else its country's (docs/giving.md "Which clock"). */
  fusoHorario: z.string(),
  /** The zone it chose; null: its country's (else its language's). */
  fusoHorarioEscolhido: z.string().nullable(),
  estado: z.enum(PROVIDER_CHURCH_STATES),
  origem: z.enum(['console', 'cadastro', 'outra']),
  organizacao: z.object({ id: z.number(), nome: z.string() }).nullable(),
  modulos: z.array(z.string()),
  pessoas: z.number(),
  admins: z.number(),
  /** Bytes of the church's files in the file store (Play media, images, scores). */
  armazenamento: z.number(),
  /** The newest of: its last staff change, a member joining, a payment; null when none. */
  ultimaAtividade: z.string().nullable(),
  criadaEm: z.string(),
  /** Marked for deletion: when, and the export made first (docs/provider.md "Deleting a church"). */
  exclusao: deletionSchema.nullable().optional(),
});
export type ProviderChurch = z.infer<typeof providerChurchSchema>;
export const providerChurchesSchema = z.object({
  igrejas: z.array(providerChurchSchema),
  total: z.number(),
  page: z.number(),
  totalPages: z.number(),
});
export type ProviderChurchesPage = z.infer<typeof providerChurchesSchema>;

export const firstAdminAnswerSchema = z.object({
  message: z.string(),
  enviado: z.boolean(),
  email: z.string(),
});
export type FirstAdminAnswer = z.infer<typeof firstAdminAnswerSchema>;

/** GET/PUT /provider/configuracao */
export const SIGNUP_MODES = ['aberto', 'convite', 'fechado'] as const;
export type SignupMode = (typeof SIGNUP_MODES)[number];
export const providerSettingsInput = z.object({
  cadastro: z.enum(SIGNUP_MODES, { error: 'provider.signupMode' }),
});
export const providerSettingsSchema = providerSettingsInput;
export type ProviderSettings = z.infer<typeof providerSettingsSchema>;

/** POST /provider/convites-cadastro: an e-mail allowed to sign up while sign-up is by invitation. */
export const signupInvitationInput = z.object({ email: emailField });

export const providerAuditQuery = z.object({ page: pageNumber(100_000, 'Too large.').default(1) });
export const providerAuditSchema = z.object({
  registros: z.array(
    z.object({
      id: z.number(),
      quando: z.string(),
      usuario: z.object({ id: z.number().nullable(), nome: z.string() }),
      acao: z.string(),
      tipo: z.string(),
      alvoId: z.string().nullable(),
      resumo: z.string(),
    }),
  ),
  total: z.number(),
  page: z.number(),
  totalPages: z.number(),
});
export type ProviderAuditPage = z.infer<typeof providerAuditSchema>;

/** GET /provider/eu: the caller, when a provider admin (403 otherwise). */
export const providerMeSchema = z.object({ id: z.number(), nome: z.string(), email: z.string() });
export type ProviderMe = z.infer<typeof providerMeSchema>;

// ---- public ----

/** GET /provider/codigo-disponivel?codigo= */
export const codeQuery = z.object({ codigo: z.string().max(200, 'v.tooLong').default('') });
export const codeAvailabilitySchema = z.object({
  codigo: z.string(),
  disponivel: z.boolean(),
  /** Why not, in the caller's language; null when available. */
  motivo: z.string().nullable(),
  /** The address the church would have. */
  endereco: z.string().nullable(),
});
export type CodeAvailability = z.infer<typeof codeAvailabilitySchema>;

/** GET /provider/cadastro: whether sign-up is open and a fresh proof-of-work challenge. */
export const signupInfoSchema = z.object({
  cadastro: z.enum(SIGNUP_MODES),
  dominio: z.string(),
  captcha: z
    .object({
      token: z.string(),
      algoritmo: z.literal('SHA-256'),
      salt: z.string(),
      desafio: z.string(),
      maxNumero: z.number(),
      expiraEm: z.string(),
    })
    .nullable(),
});
export type SignupInfo = z.infer<typeof signupInfoSchema>;

/** POST /provider/cadastro */
export const signupInput = z.object({
  nomeIgreja: plainText(120),
  codigo: codeField,
  nome: plainText(60),
  sobrenome: plainText(60),
  email: emailField,
  senha: newPasswordField,
  idioma: z.enum(CHURCH_LANGUAGES, { error: 'provider.language' }).default('pt_BR'),
  pais: z.enum(CHURCH_COUNTRIES, { error: 'v.country' }).default('BR'),
  /** The sign-up invitation's token, when sign-up is by invitation. */
  convite: z.string().trim().max(200).optional(),
  captcha: captchaAnswerSchema,
});
export type SignupInput = z.output<typeof signupInput>;

export const signupAnswerSchema = z.object({
  status: z.literal(true),
  message: z.string(),
  email: z.string(),
});

/** POST /provider/cadastro/ativar and POST /provider/senha: a link's token. */
export const activationInput = z.object({ token: z.string().trim().min(10, 'v.invalid').max(200) });
export const activationAnswerSchema = z.object({
  status: z.literal(true),
  message: z.string(),
  endereco: z.string(),
  codigo: z.string(),
});
export const setPasswordInput = z.object({
  token: z.string().trim().min(10, 'v.invalid').max(200),
  senha: newPasswordField,
});
export const okAnswerSchema = z.object({ status: z.literal(true), message: z.string() });
