// The staff area's home and church calls (docs/staff.md "Home" and "Church settings"): banners,
// the weekly schedule, live streams, and the church's identity, modules, language, time zone and host names.
// Field messages are `staff.site.*` keys (contract/messages/staff-site.ts); the web's forms run
// the same schemas and the same contrast check before sending.
import './common.ts'; // zod's browser setting comes before any schema
import { z } from 'zod';
import { sameSitePath } from '../common/same-site-path.ts';
import { HEX_COLOR, passesContrast } from './colour.ts';
import { STREAM_SERVICES, streamServiceSchema } from './live.ts';

// ---- shared pieces ----

const text = (max: number) =>
  z.string({ error: 'v.required' }).trim().max(max, { error: 'staff.site.tooLong' });
const required = (max: number) => text(max).min(1, { error: 'v.required' });
/** An optional text: empty means none. */
const optional = (max: number) =>
  text(max)
    .optional()
    .nullable()
    .transform((v) => (v ? v : null));
const moment = z.iso.datetime({ offset: true, error: 'staff.site.badDate' });
/**
 * A link members follow: an address of this site (`/news/…`, judged by `sameSitePath` as the
 * redirects are, so `/\evil.example` is refused) or an http(s) address.
 */
const link = z
  .string()
  .trim()
  .max(500, { error: 'staff.site.tooLong' })
  .refine(
    (v) =>
      v === '' ||
      /^https?:\/\/[^\s]+$/i.test(v) ||
      (/^\/[^\s]*$/.test(v) && sameSitePath(v) !== null),
    { error: 'staff.site.badLink' },
  );
const flag = z.union([z.boolean(), z.enum(['true', 'false']).transform((v) => v === 'true')]);

export const idParams = z.object({ id: z.coerce.number().int().min(1).max(2_147_483_647) });

// ---- banners ----

export const staffBannerSchema = z.object({
  id: z.number(),
  titulo: z.string(),
  imagem: z.string(),
  link: z.string().nullable(),
  ordem: z.number(),
  flagAtivo: z.boolean(),
  /** ISO 8601 or null: shown from / until (the public home shows it only in between). */
  inicio: z.string().nullable(),
  fim: z.string().nullable(),
});
export type StaffBanner = z.infer<typeof staffBannerSchema>;
export const staffBannersSchema = z.object({ banners: z.array(staffBannerSchema) });

/**
 * POST /banner and PUT /banner/{id} as multipart form fields (the image is the `imagem` file:
 * required to create, optional to edit). Dates are ISO 8601 or empty.
 */
export const bannerInput = z
  .object({
    titulo: required(120),
    link: link.optional().transform((v) => v || null),
    inicio: z
      .union([z.literal(''), moment])
      .optional()
      .transform((v) => v || null),
    fim: z
      .union([z.literal(''), moment])
      .optional()
      .transform((v) => v || null),
    flagAtivo: flag.optional(),
  })
  .refine((b) => !b.inicio || !b.fim || Date.parse(b.fim) > Date.parse(b.inicio), {
    path: ['fim'],
    error: 'staff.site.endBeforeStart',
  });
export type BannerInput = z.input<typeof bannerInput>;

/** PUT /banner/ordem: every banner id of the church, in the new order. */
export const bannerOrderInput = z.object({
  ids: z.array(z.number().int().min(1)).min(1).max(200),
});

// ---- the weekly schedule ----

export const staffServiceSchema = z.object({
  id: z.number(),
  diaSemana: z.number().int().min(1).max(7),
  horario: z.string(),
  titulo: z.string(),
  local: z.string().nullable(),
  flagTransmissao: z.boolean(),
});
export type StaffService = z.infer<typeof staffServiceSchema>;
export const staffServicesSchema = z.object({ agenda: z.array(staffServiceSchema) });

export const serviceInput = z.object({
  /** ISO weekday: 1 = Monday … 7 = Sunday. */
  diaSemana: z.coerce
    .number({ error: 'staff.site.badWeekday' })
    .int({ error: 'staff.site.badWeekday' })
    .min(1, { error: 'staff.site.badWeekday' })
    .max(7, { error: 'staff.site.badWeekday' }),
  horario: z
    .string({ error: 'v.required' })
    .trim()
    .regex(/^([01]\d|2[0-3]):[0-5]\d$/, { error: 'staff.site.badTime' }),
  titulo: required(120),
  local: optional(120),
  flagTransmissao: z.boolean().default(false),
});
export type ServiceInput = z.input<typeof serviceInput>;

// ---- live streams ----

export const staffStreamSchema = z.object({
  id: z.number(),
  titulo: z.string(),
  descricao: z.string().nullable(),
  servico: streamServiceSchema,
  codigo: z.string().nullable(),
  url: z.string().nullable(),
  html: z.string().nullable(),
  /** ISO 8601: the first start (weekly streams repeat from it). */
  inicio: z.string(),
  duracaoMinutos: z.number(),
  flagSemanal: z.boolean(),
  flagAoVivo: z.boolean(),
  canal: z.string(),
});
export type StaffStream = z.infer<typeof staffStreamSchema>;
export const staffStreamsSchema = z.object({ transmissoes: z.array(staffStreamSchema) });

/** Which field each service plays from (the player of /live and /embed/player reads the same). */
export const STREAM_SOURCE: Record<(typeof STREAM_SERVICES)[number], 'codigo' | 'url' | 'html'> = {
  youtube: 'codigo',
  vimeo: 'codigo',
  facebook: 'url',
  hls: 'url',
  html: 'html',
};

export const streamInput = z
  .object({
    titulo: required(120),
    descricao: optional(500),
    servico: streamServiceSchema,
    codigo: optional(200),
    url: optional(2000),
    html: optional(5000),
    inicio: z.string({ error: 'v.required' }).min(1, { error: 'v.required' }).pipe(moment),
    duracaoMinutos: z.coerce
      .number({ error: 'staff.site.badDuration' })
      .int({ error: 'staff.site.badDuration' })
      .min(1, { error: 'staff.site.badDuration' })
      .max(1440, { error: 'staff.site.badDuration' }),
    flagSemanal: z.boolean().default(false),
    flagAoVivo: z.boolean().default(false),
    canal: z
      .string({ error: 'v.required' })
      .trim()
      .min(1, { error: 'v.required' })
      .max(60, { error: 'staff.site.tooLong' })
      .regex(/^[a-z0-9][a-z0-9_-]*$/i, { error: 'staff.site.badChannel' }), // contract/live.ts channelSchema
  })
  .superRefine((s, ctx) => {
    // Only the service's own source is kept; it must be there and well formed (contract/live.ts playerQuery).
    const field = STREAM_SOURCE[s.servico];
    const value = s[field];
    if (!value) return ctx.addIssue({ code: 'custom', path: [field], message: 'v.required' });
    if (field === 'codigo' && !/^[A-Za-z0-9_-]+$/.test(value))
      ctx.addIssue({ code: 'custom', path: [field], message: 'staff.site.badCode' });
    // https, or a path of this site (contract/live.ts httpUrl); plain http would be blocked on an https page.
    if (field === 'url' && !/^(https:\/\/|\/(?!\/))[^\s]+$/i.test(value))
      ctx.addIssue({ code: 'custom', path: [field], message: 'staff.site.badStreamUrl' });
  })
  .transform((s) => {
    const field = STREAM_SOURCE[s.servico];
    return {
      ...s,
      codigo: field === 'codigo' ? s.codigo : null,
      url: field === 'url' ? s.url : null,
      html: field === 'html' ? s.html : null,
    };
  });
export type StreamInput = z.input<typeof streamInput>;

// ---- the church: identity, modules, language, host names ----

/** The church languages the product speaks (the seed's locales). */
export const CHURCH_LOCALES = ['pt_BR', 'en_US', 'es'] as const;
export type ChurchLocale = (typeof CHURCH_LOCALES)[number];

/** One of the church's own host names, with its proof (docs/deploy.md "Own domains and HTTPS"). */
export const staffHostnameSchema = z.object({
  id: z.number(),
  hostname: z.string(),
  /** `pendente`: not served until proven; `verificado`: served. */
  estado: z.enum(['pendente', 'verificado']),
  /** The TXT proof to create: `_church-verify.<hostname>` holding `church-verify=<token>`. */
  registroTxt: z.object({ nome: z.string(), valor: z.string() }),
  /** The other proof: a CNAME of the name to this target. */
  alvoCname: z.string(),
  /** How it was proven: `txt`, `cname`, `operador` (by the provider), `anterior` (from before proofs). */
  metodo: z.string().nullable(),
  verificadoEm: z.string().nullable(),
  /** The last DNS check. */
  checadoEm: z.string().nullable(),
  /** The first of the daily checks in a row that found no proof; null while the proof is found. */
  falhandoDesde: z.string().nullable(),
  /** Failed daily checks in a row; at `FAILURES_TO_PENDING` the name goes back to pending. */
  falhas: z.number(),
});
export type StaffHostname = z.infer<typeof staffHostnameSchema>;

/** Daily checks in a row without the proof after which a verified name goes back to pending. */
export const FAILURES_TO_PENDING = 3;

export const churchSettingsSchema = z.object({
  nome: z.string(),
  descricao: z.string().nullable(),
  logo: z.string().nullable(),
  corApp: z.string(),
  corTexto: z.string(),
  idioma: z.string(),
  /** The zone the church chose for its days (docs/giving.md "Which clock"); null: `fusoHorarioPadrao`. */
  fusoHorario: z.string().nullable(),
  /** Its country's zone, else its language's: its clock when it chose none. */
  fusoHorarioPadrao: z.string(),
  modulos: z.array(z.object({ codigo: z.string(), nome: z.string(), ativo: z.boolean() })),
  hostnames: z.array(staffHostnameSchema),
  /** The church's own address on the provider (`<codigo>.<provider domain>` needs no record). */
  codigo: z.string(),
  /** `<codigo>.<provider domain>`: the CNAME target of the proof, and a possible primary host. */
  enderecoProvedor: z.string(),
  /** The host the church's other names redirect to (docs/deploy.md "Own domains and HTTPS"); null: none. */
  hostPrincipal: z.string().nullable(),
});
export type ChurchSettings = z.infer<typeof churchSettingsSchema>;

const color = z
  .string({ error: 'v.required' })
  .trim()
  .regex(HEX_COLOR, { error: 'staff.site.badColor' })
  .transform((v) => v.toLowerCase());

/** PUT /igreja: name, description and colours; refused when the text colour fails AA on the app colour. */
export const identityInput = z
  .object({
    nome: required(120).refine((v) => v.length >= 2, { error: 'staff.site.tooShort' }),
    descricao: optional(2000),
    corApp: color,
    corTexto: color,
  })
  .superRefine((v, ctx) => {
    if (!passesContrast(v.corTexto, v.corApp))
      ctx.addIssue({ code: 'custom', path: ['corTexto'], message: 'staff.site.contrast' });
  });
export type IdentityInput = z.input<typeof identityInput>;

/** PUT /igreja/modulos: the codes of every module that is on. */
export const modulesInput = z.object({
  modulos: z.array(z.string().trim().max(40)).max(50),
});

/** PUT /igreja/idioma */
export const languageInput = z.object({
  idioma: z.enum(CHURCH_LOCALES, { error: 'staff.site.badLanguage' }),
});

/** A host name a church points at the product: labels of letters, digits and hyphens, a dot at least. */
export const HOST_NAME = /^(?=.{4,253}$)([a-z0-9]([a-z0-9-]{0,61}[a-z0-9])?\.)+[a-z]{2,63}$/;

export const hostnameInput = z.object({
  hostname: z
    .string({ error: 'v.required' })
    .trim()
    .toLowerCase()
    .transform((v) => v.replace(/\.$/, ''))
    .refine((v) => HOST_NAME.test(v), { error: 'staff.site.badHostname' }),
});

/** PUT /igreja/host-principal: a verified own name or `<codigo>.<provider domain>`; null: no redirect. */
export const primaryHostInput = z.object({
  hostname: z
    .string({ error: 'staff.site.badHostname' })
    .trim()
    .toLowerCase()
    .max(253, { error: 'staff.site.badHostname' })
    .transform((v) => v.replace(/\.$/, ''))
    .nullable(),
});
