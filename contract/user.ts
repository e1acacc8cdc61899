// spec §3 User session, Form fields, Member card, Notification, and the calls of spec §7
// "Auth and user", "Address", "Children", "Utilities" and "Images".
import { z } from 'zod';
import {
  isBeforeToday,
  isBrazilianPhone,
  isIsoDate,
  isPersonName,
  isPhone,
  isValidCep,
  isValidCpf,
  MARITAL_STATUSES,
  onlyDigits,
} from './account-rules.ts';
import { bothPasswords, emailField, newPasswordField, passwordField } from './auth.ts';
import { idParam, slugParam } from './common.ts';

const required = { error: 'v.required' } as const;
/** No control characters (a NUL byte makes PostgreSQL refuse the row: a 500 instead of a message). */
const PLAIN_TEXT = /^[^\u0000-\u0008\u000b\u000c\u000e-\u001f\u007f]*$/;
const text = (max = 120) =>
  z.string(required).trim().max(max, 'v.tooLong').regex(PLAIN_TEXT, 'v.invalid');
const requiredText = (max = 120) => text(max).min(1, 'v.required');
/** An optional text: empty strings become null. */
const optionalText = (max = 120) =>
  z
    .string()
    .trim()
    .max(max, 'v.tooLong')
    .regex(PLAIN_TEXT, 'v.invalid')
    .nullish()
    .transform((v) => (v ? v : null));

/** ISO date before today (spec §5: birth date and date must be before now). */
export const pastDate = z
  .string(required)
  .refine(isIsoDate, 'v.date')
  .refine((v) => isBeforeToday(v), 'v.datePast');
const optionalPastDate = z
  .string()
  .trim()
  .nullish()
  .refine((v) => !v || isIsoDate(v), 'v.date')
  .refine((v) => !v || isBeforeToday(v), 'v.datePast')
  .transform((v) => (v ? v : null));

export const cpfField = z.string(required).trim().refine(isValidCpf, 'v.cpf').transform(onlyDigits);
/**
 * spec §5 Brazilian phone: a number given with +55 must be +55, a 2-digit area code, 5 digits and
 * 4 digits, and is refused with the spec's '+55 DDD 9XXXX-YYYY'; other numbers (another country
 * code, or a local number) need 7 to 15 digits ('Telefone inválido.').
 */
export const phoneField = z
  .string(required)
  .trim()
  .min(1, 'v.required')
  .superRefine((v, ctx) => {
    const brazilian = v.replace(/[\s(]/g, '').startsWith('+55');
    if (brazilian ? !isBrazilianPhone(v) : !(isBrazilianPhone(v) || isPhone(v)))
      ctx.addIssue({ code: 'custom', message: brazilian ? 'v.phoneBr' : 'v.phone' });
  });
/** spec §5 alpha_spaces, for people's names: letters (any alphabet, with accents) and spaces. */
const personName = (max: number) =>
  requiredText(max).refine((v) => !v || isPersonName(v), 'v.alphaSpaces'); // blank: 'required' alone
const optionalPersonName = (max: number) =>
  optionalText(max).refine((v) => v === null || isPersonName(v), 'v.alphaSpaces');
export const sexField = z.enum(['M', 'F'], { error: 'v.sex' });
export const maritalStatusField = z.enum(MARITAL_STATUSES, { error: 'v.maritalStatus' });

// ---- responses ----

/** The provider-wide account ("inpeaceAccount"), GET /me → { user }. */
export const userSchema = z.object({
  id: z.number().int(),
  email: z.string(),
  nome: z.string(),
  sobrenome: z.string().nullable(),
  telefone: z.string().nullable(),
  dataNascimento: z.string().nullable(),
  sexo: z.enum(['M', 'F']).nullable(),
  cpf: z.string().nullable(),
  observacoes: z.string().nullable(),
  estadoCivil: z.string().nullable(),
  dataCasamento: z.string().nullable(),
  qtdeFilhos: z.number().int().nullable(),
  ocupacao: z.string().nullable(),
  imagem: z.string().nullable(),
  flagAtivo: z.boolean(),
  flagEmailVerificado: z.boolean(),
  /** Fields a payment needs that are still empty (the "incomplete" mark of the account home). */
  camposPendentes: z.array(z.string()),
});
export type User = z.infer<typeof userSchema>;
export const meResponseSchema = z.object({ user: userSchema });

/** The church-specific account ("clientAccount"): GET /user/{id}/usuario?cliente= → { usuarios }. */
export const churchAccountSchema = z.object({
  id: z.number().int(),
  usuario: z.object({ id: z.number().int() }),
  igreja: z.object({
    id: z.number().int(),
    codigo: z.string(),
    nome: z.string(),
    slug: z.string(),
  }),
  flagAtivo: z.boolean(),
  numeroMembro: z.string().nullable(),
  congregacao: z.object({ id: z.number().int(), nome: z.string() }).nullable(),
  roles: z.array(z.string()),
  dataCadastro: z.string(),
});
export type ChurchAccount = z.infer<typeof churchAccountSchema>;
export const churchAccountsResponseSchema = z.object({ usuarios: z.array(churchAccountSchema) });

/** GET /user/?email= and GET /igreja/{client}/usuario/?email=: whether an account exists (nothing private). */
export const accountLookupSchema = z.object({
  usuarios: z.array(z.object({ email: z.string(), flagAtivo: z.boolean() })),
});
export type AccountLookup = z.infer<typeof accountLookupSchema>;

/** GET /user/{id}/documento → { documentos }. */
export const documentsResponseSchema = z.object({
  documentos: z.array(z.object({ tipo: z.string(), numero: z.string() })),
});

/** GET /user/{id}/role → { userIgrejaRoles } (spec §6). */
export const rolesResponseSchema = z.object({
  userIgrejaRoles: z.array(
    z.object({
      igreja: z.object({ id: z.number().int(), codigo: z.string() }),
      roles: z.array(z.string()),
    }),
  ),
});
export type UserChurchRoles = z.infer<typeof rolesResponseSchema>['userIgrejaRoles'];

export const customFieldSchema = z.object({
  id: z.number().int(),
  nome: z.string(),
  tipo: z.enum(['texto', 'opcao']),
  opcoes: z.array(z.string()),
  flagObrigatorio: z.boolean(),
  valor: z.string().nullable(),
});
export type CustomField = z.infer<typeof customFieldSchema>;
export const customFieldsResponseSchema = z.object({
  camposPersonalizados: z.array(customFieldSchema),
});

/** spec §3 Notification. */
export const notificationSchema = z.object({
  id: z.number().int(),
  corpo: z.string(),
  titulo: z.string(),
  dataCadastro: z.string(),
  dataUltimaAlteracao: z.string(),
  tipo: z.object({ codigo: z.string() }),
  igreja: z.object({ codigo: z.string() }),
  idEntidadeRelacionada: z.string().nullable(),
});
export type Notification = z.infer<typeof notificationSchema>;
export const notificationsResponseSchema = z.object({
  notificacoes: z.array(notificationSchema),
  total: z.number().int(),
  page: z.number().int(),
  limit: z.number().int(),
});

/** spec §3 Member card. GET /usuario-carteirinha/ → { usuarioCarteirinhas }. */
export const memberCardSchema = z.object({
  id: z.number().int(),
  nome: z.string(),
  imagem: z.string().nullable(),
  numeroMembro: z.string().nullable(),
  dataNascimento: z.string().nullable(),
  dataBatismo: z.string().nullable(),
  congregacao: z.string().nullable(),
  cpf: z.string().nullable(),
  sexo: z.enum(['M', 'F']).nullable(),
  estadoCivil: z.string().nullable(),
  telefone: z.string().nullable(),
  cargo: z.string().nullable(),
  igreja: z.object({
    id: z.number().int(),
    nome: z.string(),
    codigo: z.string(),
    logo: z.string().nullable(),
  }),
  responsavel: z.string().nullable(),
  validade: z.string().nullable(),
  /** SVG of the QR code that identifies this card. */
  qrCode: z.string(),
});
export type MemberCard = z.infer<typeof memberCardSchema>;
export const memberCardsResponseSchema = z.object({
  usuarioCarteirinhas: z.array(memberCardSchema),
});

export const addressSchema = z.object({
  id: z.number().int(),
  pais: z.string(),
  estado: z.string().nullable(),
  cidade: z.string(),
  bairro: z.string().nullable(),
  logradouro: z.string(),
  numero: z.string().nullable(),
  complemento: z.string().nullable(),
  cep: z.string().nullable(),
});
export type Address = z.infer<typeof addressSchema>;
export const addressesResponseSchema = z.object({ enderecos: z.array(addressSchema) });

export const childSchema = z.object({
  id: z.number().int(),
  nome: z.string(),
  sobrenome: z.string().nullable(),
  dataNascimento: z.string(),
  sexo: z.enum(['M', 'F']).nullable(),
  observacoes: z.string().nullable(),
});
export type Child = z.infer<typeof childSchema>;
export const childrenResponseSchema = z.object({ criancas: z.array(childSchema) });

export const optionSchema = z.object({ codigo: z.string(), nome: z.string() });
export type Option = z.infer<typeof optionSchema>;
export const countriesResponseSchema = z.object({ paises: z.array(optionSchema) });
export const occupationsResponseSchema = z.object({ ocupacoes: z.array(optionSchema) });
export const maritalStatusesResponseSchema = z.object({ estadosCivis: z.array(optionSchema) });
export const statesResponseSchema = z.array(z.object({ name: z.string(), iso2: z.string() }));

/** Brazilian postcode service answer ({cep}/json/), in ViaCEP's shape. */
export const brazilianPostcodeSchema = z.union([
  z.object({ erro: z.literal(true) }),
  z.object({
    cep: z.string(),
    logradouro: z.string(),
    complemento: z.string().optional(),
    bairro: z.string(),
    localidade: z.string(),
    uf: z.string(),
  }),
]);
/** US postcode service answer ({country}/{postcode}), in Zippopotam's shape. */
export const usPostcodeSchema = z.object({
  'post code': z.string(),
  country: z.string(),
  'country abbreviation': z.string(),
  places: z.array(
    z.object({ 'place name': z.string(), state: z.string(), 'state abbreviation': z.string() }),
  ),
});

// ---- requests ----

export const userIdParams = z.object({ id: idParam });
/** ?cliente={church id} or ?organizacao={slug}: the church or organisation the data is asked for. */
export const clientOrOrganizationQuery = z
  .object({ cliente: idParam.optional(), organizacao: slugParam.optional() })
  .refine((q) => (q.cliente === undefined) !== (q.organizacao === undefined), {
    message: 'v.required',
    path: ['cliente'],
  });
export const clientQuery = z.object({ cliente: idParam });
export const churchQuery = z.object({ igreja: idParam });
export const emailQuery = z.object({ email: emailField });
export const churchIdParams = z.object({ id: idParam });
export const clientParams = z.object({ client: idParam });

/** Editable identity, family and work fields (spec §3 Form fields). */
const profileFields = {
  nome: personName(80),
  sobrenome: personName(80),
  telefone: phoneField,
  dataNascimento: pastDate,
  sexo: sexField,
  cpf: z
    .string()
    .trim()
    .nullish()
    .refine((v) => !v || isValidCpf(v), 'v.cpf')
    .transform((v) => (v ? onlyDigits(v) : null)),
  observacoes: optionalText(500),
};

/** POST /igreja/{id}/usuario/: register, or join this church with an existing account of the provider
 * (then only e-mail and password count; a new account must pass `newAccountBody`). */
export const registerBody = z.object({ email: emailField, senha: passwordField }).loose();
export type RegisterBody = z.input<typeof newAccountBody>;
/** A new account (not a join) needs every identity field and a strong password. */
export const newAccountBody = z
  .object({
    email: emailField,
    senha: newPasswordField,
    confirmacaoSenha: z.string(required),
    ...profileFields,
  })
  .refine((b) => b.senha === b.confirmacaoSenha, {
    message: 'v.passwordConfirm',
    path: ['confirmacaoSenha'],
    when: bothPasswords,
  });

export const registerResponseSchema = z.object({
  token: z.string(),
  refresh_token: z.string(),
  usuario: userSchema,
  novo: z.boolean(),
});

/** PUT /usuario/: the logged-in user's data (and, for the church of `igreja`, the congregation and custom fields). */
export const updateUserBody = z.object({
  igreja: idParam,
  ...profileFields,
  estadoCivil: maritalStatusField.nullish().transform((v) => v ?? null),
  dataCasamento: optionalPastDate,
  qtdeFilhos: z.coerce
    .number({ error: 'v.number' })
    .int('v.number')
    .min(0, 'v.number')
    .max(30, 'v.number')
    .nullish()
    .transform((v) => v ?? null),
  ocupacao: optionalText(80),
  /** Omitted: unchanged; null: none. */
  congregacao: idParam.nullish(),
  camposPersonalizados: z
    .array(z.object({ id: idParam, valor: text(500) }))
    .max(50)
    .optional(),
});
export type UpdateUserBody = z.input<typeof updateUserBody>;

/** POST /user/{id}/pedido-exclusao?igreja=: confirmed with the password. */
export const deletionBody = z.object({ senha: passwordField });

/** POST /usuario/troca-igreja */
export const changeChurchBody = z.object({ igreja: idParam, novaIgreja: idParam });
export const changeChurchResponseSchema = z.object({
  status: z.literal(true),
  igreja: z.object({ id: z.number().int(), codigo: z.string(), nome: z.string() }),
  /** One-time code (2 min) the new church's landing exchanges for a login; never a token in a URL. */
  codigoAcesso: z.string(),
});

/**
 * GET /usuario/troca-igreja/efeitos?igreja=: what a change of church stops at the church left
 * (docs/accounts.md "Changing church"), shown before the member confirms. Amounts in reais.
 */
export const changeChurchEffectsQuery = z.object({ igreja: idParam });
export const changeChurchEffectsSchema = z.object({
  /** The church's currency (ISO 4217), for the amounts. */
  moeda: z.string(),
  doacoesRecorrentes: z.array(
    z.object({
      id: z.number().int(),
      motivo: z.string(),
      valor: z.number(),
      /** Every how many days it repeats. */
      dias: z.number().int(),
      /** yyyy-mm-dd of the next charge. */
      proximaData: z.string(),
    }),
  ),
  /** The Play plan that would renew, or null. */
  assinaturaPlay: z
    .object({ plano: z.string(), valor: z.number(), pagoAte: z.string().nullable() })
    .nullable(),
  /** Staff roles held at the church left: they stay there. */
  papeis: z.array(z.string()),
});
export type ChangeChurchEffects = z.infer<typeof changeChurchEffectsSchema>;

/** POST /usuario/troca-igreja/codigo: the landing's exchange of that code (spent once). */
export const switchCodeBody = z.object({ codigo: z.string().min(20).max(200), igreja: idParam });

/** GET /igreja/{id}/notificacao/?page=1&limit=30 (spec §9: defaults page 1, limit 30). */
export const notificationsQuery = z.object({
  page: z.coerce
    .number({ error: 'v.number' })
    .int('v.number')
    .min(1, 'v.number')
    .max(10_000, 'v.number')
    .default(1),
  limit: z.coerce
    .number({ error: 'v.number' })
    .int('v.number')
    .min(1, 'v.number')
    .max(100, 'v.number')
    .default(30),
});

/** GET /usuario-carteirinha/?usuario_email&usuario_igreja */
export const memberCardQuery = z.object({ usuario_email: emailField, usuario_igreja: idParam });

export const addressBody = z
  .object({
    pais: z
      .string(required)
      .trim()
      .toUpperCase()
      .regex(/^[A-Z]{2}$/, 'v.country'),
    estado: optionalText(80),
    cidade: requiredText(80),
    bairro: optionalText(80),
    logradouro: requiredText(120),
    numero: optionalText(20),
    complemento: optionalText(80),
    cep: optionalText(12),
  })
  .superRefine((a, ctx) => {
    if (a.pais === 'BR' && !(a.cep && isValidCep(a.cep)))
      ctx.addIssue({ code: 'custom', message: 'v.cep', path: ['cep'] });
  })
  .transform((a) => ({ ...a, cep: a.cep && a.pais === 'BR' ? onlyDigits(a.cep) : a.cep }));
export type AddressBody = z.input<typeof addressBody>;
export const addressParams = z.object({ id: idParam, addressId: idParam });

export const childBody = z.object({
  nome: personName(80),
  sobrenome: optionalPersonName(80),
  dataNascimento: pastDate,
  sexo: sexField.nullish().transform((v) => v ?? null),
  observacoes: optionalText(500),
});
export type ChildBody = z.input<typeof childBody>;
export const childParams = z.object({ id: idParam, childId: idParam });

/** POST/DELETE /usuario/{id}/{type}/imagem: the only image type of a user is the profile photo. */
export const IMAGE_TYPES = ['perfil'] as const;
export const imageParams = z.object({
  id: idParam,
  type: z.enum(IMAGE_TYPES, { error: 'image.kind' }),
});
export const imageResponseSchema = z.object({ imagem: z.string().nullable() });
export const IMAGE_MAX_BYTES = 5 * 1024 * 1024;

export { emailField, newPasswordField, passwordField };
