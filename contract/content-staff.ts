// The staff area's content calls (docs/staff.md "Content"): news, devotionals, publications, EBD
// lessons, studies, videos and podcast episodes, written and published by the church's team under
// `/admin/{slug}/conteudo/…`. Drafts, schedules and archives live beside the public items; only
// `publicado` rows reach the public pages (contract/content.ts).
import { z } from 'zod';
import { idParam, pageNumber, slugParam } from './common.ts';

/** The kinds the staff writes (a path segment); `podcast` is the church's podcast episodes. */
export const STAFF_CONTENT_KINDS = [
  'noticia',
  'devocional',
  'publicacao',
  'ebd',
  'estudo',
  'video',
  'podcast',
] as const;
export type StaffContentKind = (typeof STAFF_CONTENT_KINDS)[number];

/** The module code (spec §1) of a kind; videos and podcasts belong to none (docs/staff.md "Modules"). */
export const KIND_MODULE: Partial<Record<StaffContentKind, string>> = {
  noticia: 'MOD_NOTICIA',
  devocional: 'MOD_DEVOCIONAL',
  publicacao: 'MOD_PUBLICACAO',
  ebd: 'MOD_EBD',
  estudo: 'MOD_CELULA',
};

/** The kinds a church with these module codes has, in the list's order. */
export const kindsOf = (modules: readonly string[]): StaffContentKind[] =>
  STAFF_CONTENT_KINDS.filter((kind) => {
    const code = KIND_MODULE[kind];
    return !code || modules.includes(code);
  });

/** The editorial states (server/db/schema/content.ts): only `publicado` shows on the public pages. */
export const CONTENT_STATUS = ['rascunho', 'agendado', 'publicado', 'arquivado'] as const;
export type ContentStatusName = (typeof CONTENT_STATUS)[number];

/** Rows per page of a staff list, as the audit log pages. */
export const STAFF_CONTENT_PAGE_SIZE = 20;

export const TITLE_MAX = 200;
export const SUMMARY_MAX = 500;
/** The body's size in UTF-8 bytes. */
export const BODY_MAX_BYTES = 200 * 1024;
export const KEYWORDS_MAX = 20;
export const KEYWORD_MAX = 40;
export const AUTHOR_MAX = 120;
export const DETAIL_MAX = 120;
export const CATEGORY_NAME_MAX = 80;

/** Which kinds have which `detalhes` fields (the editor shows these; others are refused). */
export const DETAIL_FIELDS = {
  noticia: [],
  devocional: ['referencia'],
  publicacao: [],
  ebd: ['professor', 'horario', 'local', 'publico'],
  estudo: ['referencia'],
  video: ['videoId', 'duracaoSegundos'],
  podcast: ['audio', 'duracaoSegundos'],
} as const satisfies Record<StaffContentKind, readonly string[]>;
export type DetailField = (typeof DETAIL_FIELDS)[StaffContentKind][number];

/** Kinds whose body is rich text (a podcast episode has a plain description: its summary). */
export const hasBody = (kind: StaffContentKind): boolean => kind !== 'podcast';

/** Kinds the public site addresses by slug (spec §2: EBD classes and publications). */
export const hasSlug = (kind: StaffContentKind): boolean => kind === 'ebd' || kind === 'publicacao';

const CONTROL = /^[^\u0000-\u0008\u000b\u000c\u000e-\u001f\u007f]*$/;

/** A one-line text up to `max`, blank → null. */
const line = (max: number, key: string) =>
  z.preprocess(
    (v) => (typeof v === 'string' && v.trim() === '' ? null : v),
    z
      .string()
      .trim()
      .max(max, { error: key })
      .regex(CONTROL, { error: 'Invalid characters.' })
      .nullable()
      .optional(),
  );

const utf8Bytes = (text: string) => new TextEncoder().encode(text).length;

const detailText = line(DETAIL_MAX, 'staff.content.detailTooLong');
const seconds = z
  .number({ error: 'Must be a number.' })
  .int({ error: 'Must be a whole number.' })
  .min(0, { error: 'Must be zero or more.' })
  .max(86_400, { error: 'Too large.' })
  .nullable()
  .optional();

/** Every detail field's own rule; a kind takes the ones DETAIL_FIELDS gives it. */
const DETAIL_RULES = {
  referencia: detailText,
  professor: detailText,
  horario: detailText,
  local: detailText,
  publico: detailText,
  videoId: z.preprocess(
    (v) => (typeof v === 'string' && v.trim() === '' ? null : v),
    z
      .string()
      .trim()
      .regex(/^[A-Za-z0-9_-]{11}$/, { error: 'staff.content.videoId' })
      .nullable()
      .optional(),
  ),
  duracaoSegundos: seconds,
  audio: z.preprocess(
    (v) => (typeof v === 'string' && v.trim() === '' ? null : v),
    z
      .string()
      .trim()
      .max(1000, { error: 'staff.content.detailTooLong' })
      .regex(/^(https:\/\/|\/(?!\/))\S+$/, { error: 'staff.content.audio' })
      .nullable()
      .optional(),
  ),
} satisfies Record<DetailField, z.ZodType>;

/** The `detalhes` of one kind: its own fields, any other is refused (a field error). */
export function detailsSchema(kind: StaffContentKind) {
  const shape = Object.fromEntries(DETAIL_FIELDS[kind].map((f) => [f, DETAIL_RULES[f]]));
  return z.strictObject(shape as Record<DetailField, (typeof DETAIL_RULES)[DetailField]>, {
    error: 'staff.content.detailUnknown',
  });
}

/** `POST /admin/{slug}/conteudo/{kind}` and the fields of `PUT …/{id}`. */
export function contentWriteSchema(kind: StaffContentKind) {
  return z.object({
    titulo: z
      .string({ error: 'Required.' })
      .trim()
      .min(1, { error: 'Required.' })
      .max(TITLE_MAX, { error: 'staff.content.titleTooLong' })
      .regex(CONTROL, { error: 'Invalid characters.' }),
    resumo: line(SUMMARY_MAX, 'staff.content.summaryTooLong'),
    corpo: z
      .string()
      .refine((html) => utf8Bytes(html) <= BODY_MAX_BYTES, { error: 'staff.content.bodyTooLong' })
      .nullable()
      .optional(),
    /**
     * A path the image upload answered (`/api/v1/imagem/conteudo/…`), one of the product's stock
     * covers in `public/content/` (the demo items use them; the editor sends a cover back unchanged),
     * or an https address; null removes it.
     */
    imagem: z
      .object({
        url: z
          .string()
          .max(1000, { error: 'Invalid input.' })
          .regex(
            /^(\/api\/v1\/imagem\/conteudo\/[0-9]+-[a-f0-9]{16}\.webp|\/content\/[a-z0-9-]+\.(svg|webp|png|jpe?g)|https:\/\/\S+)$/,
            {
              error: 'staff.content.imageUrl',
            },
          ),
        largura: z.number().int().min(1).max(20_000),
        altura: z.number().int().min(1).max(20_000),
      })
      .nullable()
      .optional(),
    categoriaId: idParam.nullable().optional(),
    palavrasChave: z
      .array(
        z
          .string()
          .trim()
          .min(1, { error: 'Required.' })
          .max(KEYWORD_MAX, { error: 'staff.content.keywordTooLong' })
          .regex(CONTROL, { error: 'Invalid characters.' }),
        { error: 'Invalid input.' },
      )
      .max(KEYWORDS_MAX, { error: 'staff.content.tooManyKeywords' })
      .optional(),
    autor: line(AUTHOR_MAX, 'staff.content.authorTooLong'),
    /** EBD classes and publications: their address; blank → made from the title. */
    slug: z.preprocess(
      (v) => (typeof v === 'string' && v.trim() === '' ? null : v),
      slugParam.nullable().optional(),
    ),
    /** Planned (scheduled) or shown publication date, ISO 8601; blank keeps the current one. */
    publicadoEm: z.iso
      .datetime({ offset: true, error: 'staff.content.date' })
      .nullable()
      .optional(),
    detalhes: detailsSchema(kind).optional(),
  });
}
export type ContentWrite = z.infer<ReturnType<typeof contentWriteSchema>>;

/** `PUT /admin/{slug}/conteudo/{kind}/{id}`: the fields and the version the editor opened. */
export function contentUpdateSchema(kind: StaffContentKind) {
  return contentWriteSchema(kind).extend({ versao: z.number().int().min(1) });
}
export type ContentUpdate = z.infer<ReturnType<typeof contentUpdateSchema>>;

/** `POST …/{id}/estado`: the state wanted; `agendado` needs a future `publicadoEm`. */
export const contentStateSchema = z.object({
  status: z.enum(CONTENT_STATUS, { error: 'Invalid input.' }),
  versao: z.number().int().min(1),
  publicadoEm: z.iso.datetime({ offset: true, error: 'staff.content.date' }).optional(),
});
export type ContentState = z.infer<typeof contentStateSchema>;

const blankToUndefined = (value: unknown) =>
  typeof value === 'string' && value.trim() === '' ? undefined : value;

/** `GET /admin/{slug}/conteudo/{kind}?busca&status&categoria&page` */
export const contentStaffListQuery = z.object({
  busca: z.preprocess(
    blankToUndefined,
    z
      .string()
      .trim()
      .max(100, { error: 'At most 100 characters.' })
      .regex(/^[^\u0000-\u001f\u007f]*$/, { error: 'Invalid input.' })
      .optional(),
  ),
  status: z.preprocess(blankToUndefined, z.enum(CONTENT_STATUS).optional()),
  categoria: z.preprocess(blankToUndefined, idParam.optional()),
  page: z.preprocess(blankToUndefined, pageNumber(10_000, 'At most 10000.').default(1)),
});
export type ContentStaffListQuery = z.infer<typeof contentStaffListQuery>;

export const contentKindParams = z.object({ slug: slugParam, kind: z.enum(STAFF_CONTENT_KINDS) });
export const contentItemParams = contentKindParams.extend({ id: idParam });
export const contentCategoryParams = contentKindParams.extend({ id: idParam });
/** `DELETE …/{id}?versao=` */
export const contentDeleteQuery = z.object({
  versao: z.coerce.number({ error: 'Must be a number.' }).int().min(1).optional(),
});

// ---- answers ----

export const staffImageSchema = z.object({
  url: z.string(),
  largura: z.number().int(),
  altura: z.number().int(),
});
export type StaffImage = z.infer<typeof staffImageSchema>;

/** One item as the editor reads and writes it. */
export const staffContentSchema = z.object({
  id: z.number().int(),
  tipo: z.enum(STAFF_CONTENT_KINDS),
  titulo: z.string(),
  resumo: z.string().nullable(),
  /** Already sanitised (scripts and event handlers stripped when saved). */
  corpo: z.string().nullable(),
  imagem: staffImageSchema.nullable(),
  categoriaId: z.number().int().nullable(),
  palavrasChave: z.array(z.string()),
  autor: z.string().nullable(),
  slug: z.string().nullable(),
  detalhes: z.record(z.string(), z.union([z.string(), z.number(), z.null()])),
  status: z.enum(CONTENT_STATUS),
  /** ISO 8601: when it was or will be published. */
  publicadoEm: z.string(),
  versao: z.number().int(),
  atualizadoEm: z.string(),
});
export type StaffContent = z.infer<typeof staffContentSchema>;

/** A list row: no body. */
export const staffContentRowSchema = staffContentSchema.omit({ corpo: true }).extend({
  categoria: z.string().nullable(),
});
export type StaffContentRow = z.infer<typeof staffContentRowSchema>;

export const staffContentListSchema = z.object({
  itens: z.array(staffContentRowSchema),
  total: z.number().int(),
  page: z.number().int(),
  totalPages: z.number().int(),
});
export type StaffContentList = z.infer<typeof staffContentListSchema>;

/** 409 of a save, a state change or a delete: the item as it is now (as notes answer). */
export const staffContentConflictSchema = z.object({
  status: z.literal(false),
  message: z.string(),
  atual: staffContentSchema,
});
export type StaffContentConflict = z.infer<typeof staffContentConflictSchema>;

/** `GET …/{id}/previa`: the public detail answer of the kind (contract/content.ts) whatever the
 * item's status, plus its sanitised body and status, so the preview prints what a visitor would. */
export const staffPreviewSchema = z.object({
  tipo: z.enum(STAFF_CONTENT_KINDS),
  status: z.enum(CONTENT_STATUS),
  item: z.record(z.string(), z.unknown()),
  corpoSanitizado: z.string(),
});
export type StaffPreview = z.infer<typeof staffPreviewSchema>;

/** `POST /admin/{slug}/conteudo/imagem` (multipart `imagem`): the stored cover and its size. */
export const staffImageUploadSchema = z.object({ imagem: staffImageSchema });

// ---- categories (`conteudo_categoria`; publications: `publicacao_tipo`) ----

export const categoryWriteSchema = z.object({
  nome: z
    .string({ error: 'Required.' })
    .trim()
    .min(1, { error: 'Required.' })
    .max(CATEGORY_NAME_MAX, { error: 'staff.content.categoryTooLong' })
    .regex(CONTROL, { error: 'Invalid characters.' }),
});

export const staffCategorySchema = z.object({
  id: z.number().int(),
  nome: z.string(),
  slug: z.string(),
  /** How many items (any state) use it. */
  quantidade: z.number().int(),
});
export type StaffCategory = z.infer<typeof staffCategorySchema>;
export const staffCategoriesSchema = z.object({ categorias: z.array(staffCategorySchema) });
