// The staff area's Play (docs/staff.md "Play", docs/play.md "Uploading"): videos with their
// collection, tags, open/closed, featured and poster; collections; tags; the plans members buy and
// their subscribers; a video's upload in resumable chunks and the task that makes its HLS.
// Field messages are `staff.play.*` keys (contract/messages/staff-play.ts).
import './common.ts'; // zod's browser setting comes before any schema
import { z } from 'zod';

const text = (max: number) =>
  z.string({ error: 'v.required' }).trim().max(max, { error: 'staff.play.tooLong' });
const required = (max: number) => text(max).min(1, { error: 'v.required' });
const id = z.coerce.number().int().min(1).max(2_147_483_647);
const position = z.coerce.number().int().min(0).max(100_000).default(0);
/** A poster or collection image: a path the image store answered (POST /play/imagem), or none. */
const imagePath = z
  .string()
  .trim()
  .max(300, { error: 'staff.play.tooLong' })
  .regex(/^\/api\/v1\/(imagem\/conteudo\/|plano-assinatura-capa\/)[\w./-]+(\?v=\d+)?$/, {
    error: 'v.invalid',
  })
  .nullable()
  .default(null);

export const idParams = z.object({ id });
export const chunkParams = z.object({ id, n: z.coerce.number().int().min(0).max(100_000) });

/** Chunks of an upload: under the API's 10 MB body limit, large enough to be few. */
export const UPLOAD_CHUNK_BYTES = 4 * 1024 * 1024;
/** The largest video accepted. */
export const VIDEO_MAX_BYTES = 4 * 1024 * 1024 * 1024;
/** The largest captions file. */
export const CAPTIONS_MAX_BYTES = 1024 * 1024;
export const PLAY_PAGE_SIZE = 20;

// ---- the task a page polls (server/jobs/tasks.ts TaskView) ----

export const taskViewSchema = z.object({
  id: z.number(),
  kind: z.string(),
  state: z.enum(['queued', 'running', 'done', 'failed']),
  done: z.number(),
  total: z.number(),
  error: z.string().nullable(),
  result: z.unknown(),
  createdAt: z.string(),
  finishedAt: z.string().nullable(),
});
export type StaffTaskView = z.infer<typeof taskViewSchema>;

// ---- videos ----

/** `sem_midia`: no video uploaded yet; `processando`: the task runs; `falhou`: it failed (retry); `pronto`. */
export const MEDIA_STATES = ['sem_midia', 'processando', 'falhou', 'pronto'] as const;
export type MediaState = (typeof MEDIA_STATES)[number];

export const videoListQuery = z.object({
  busca: z.string().trim().max(100, { error: 'staff.play.tooLong' }).optional(),
  coletanea: id.optional(),
  tag: id.optional(),
  acesso: z.enum(['aberto', 'fechado']).optional(),
  page: z.coerce.number().int().min(1).max(100_000).default(1),
});
export type VideoListQuery = z.input<typeof videoListQuery>;
export type VideoListFilters = z.output<typeof videoListQuery>;

/** POST /play/video and PUT /play/video/{id}. */
export const videoInput = z.object({
  titulo: required(200),
  descricao: text(5000).default(''),
  coletanea: id.nullable().default(null),
  tags: z.array(id).max(20, { error: 'staff.play.tooLong' }).default([]),
  aberto: z.boolean().default(false),
  destaque: z.boolean().default(false),
  ativo: z.boolean().default(true),
  imagem: imagePath,
  ordem: position,
});
export type VideoInput = z.input<typeof videoInput>;
export type VideoFields = z.output<typeof videoInput>;

export const staffVideoSchema = z.object({
  id: z.number(),
  titulo: z.string(),
  descricao: z.string(),
  coletanea: z.number().nullable(),
  tags: z.array(z.number()),
  aberto: z.boolean(),
  destaque: z.boolean(),
  ativo: z.boolean(),
  imagem: z.string().nullable(),
  ordem: z.number(),
  duracaoSegundos: z.number(),
  publicadoEm: z.string(),
  legenda: z.boolean(),
  midia: z.object({ estado: z.enum(MEDIA_STATES), tarefa: taskViewSchema.nullable() }),
});
export type StaffVideo = z.infer<typeof staffVideoSchema>;

export const videoPageSchema = z.object({
  videos: z.array(staffVideoSchema),
  total: z.number(),
  page: z.number(),
  totalPages: z.number(),
});
export type VideoPage = z.infer<typeof videoPageSchema>;

// ---- collections and tags ----

export const collectionInput = z.object({
  titulo: required(200),
  descricao: text(2000).default(''),
  imagem: imagePath,
  ordem: position,
});
export type CollectionInput = z.input<typeof collectionInput>;
export type CollectionFields = z.output<typeof collectionInput>;
export const staffCollectionSchema = z.object({
  id: z.number(),
  titulo: z.string(),
  descricao: z.string(),
  imagem: z.string().nullable(),
  ordem: z.number(),
  videos: z.number(),
});
export type StaffCollection = z.infer<typeof staffCollectionSchema>;

export const tagInput = z.object({
  nome: required(60),
  home: z.boolean().default(true),
  ordem: position,
});
export type TagInput = z.input<typeof tagInput>;
export type TagFields = z.output<typeof tagInput>;
export const staffTagSchema = z.object({
  id: z.number(),
  nome: z.string(),
  home: z.boolean(),
  ordem: z.number(),
  videos: z.number(),
});
export type StaffTag = z.infer<typeof staffTagSchema>;

// ---- the module's settings (spec §3 Play moduleData) ----

/** `tipoVisibilidadeConteudo`: 'misto' leaves each video's open/closed flag; 'aberto' opens all; 'fechado' closes all. */
export const PLAY_VISIBILITIES = ['misto', 'aberto', 'fechado'] as const;
export const playSettingsInput = z.object({
  titulo: required(80),
  descricao: text(500).default(''),
  tipoVisibilidadeConteudo: z.enum(PLAY_VISIBILITIES, { error: 'v.invalid' }),
});
export type PlaySettingsInput = z.input<typeof playSettingsInput>;
export type PlaySettingsFields = z.output<typeof playSettingsInput>;
export const staffPlaySettingsSchema = z.object({
  titulo: z.string(),
  descricao: z.string(),
  tipoVisibilidadeConteudo: z.enum(PLAY_VISIBILITIES),
});
export type StaffPlaySettings = z.infer<typeof staffPlaySettingsSchema>;

// ---- plans and subscribers ----

/** An amount in currency units with at most two decimals, like every amount of the API. */
const money = z.coerce
  .number({ error: 'staff.play.badPrice' })
  .min(0, { error: 'staff.play.badPrice' })
  .max(1_000_000, { error: 'staff.play.badPrice' })
  .refine((v) => Math.abs(v * 100 - Math.round(v * 100)) < 1e-6, { error: 'staff.play.badPrice' });

/** Amounts in currency units (49.9 is R$ 49,90), like the public plans call. */
export const planInput = z.object({
  nome: required(120),
  descricao: text(2000).default(''),
  valor: money.refine((v) => v > 0, { error: 'staff.play.badPrice' }),
  taxaAdesao: money.default(0),
  periodicidadeDias: z.coerce
    .number({ error: 'staff.play.badPeriod' })
    .int({ error: 'staff.play.badPeriod' })
    .min(1, { error: 'staff.play.badPeriod' })
    .max(3660, { error: 'staff.play.badPeriod' }),
  ativo: z.boolean().default(true),
  ordem: position,
});
export type PlanInput = z.input<typeof planInput>;
/** The plans in their new order (each of the church's plans once): the public plans list follows it. */
export const planOrderInput = z.object({
  planos: z
    .array(id, { error: 'staff.play.planOrder' })
    .min(1, { error: 'staff.play.planOrder' })
    .max(200, { error: 'staff.play.planOrder' }),
});
export type PlanOrderInput = z.input<typeof planOrderInput>;
export type PlanFields = z.output<typeof planInput>;
export const staffPlanSchema = z.object({
  id: z.number(),
  nome: z.string(),
  descricao: z.string(),
  valor: z.number(),
  taxaAdesao: z.number(),
  periodicidadeDias: z.number(),
  ativo: z.boolean(),
  ordem: z.number(),
  /** Subscriptions counting as subscribed now. */
  assinantesAtivos: z.number(),
});
export type StaffPlan = z.infer<typeof staffPlanSchema>;

export const SUBSCRIPTION_STATES = ['pendente', 'ativo', 'cancelado', 'expirado'] as const;
export const subscriberListQuery = z.object({
  busca: z.string().trim().max(100, { error: 'staff.play.tooLong' }).optional(),
  situacao: z.enum(SUBSCRIPTION_STATES).optional(),
  plano: id.optional(),
  page: z.coerce.number().int().min(1).max(100_000).default(1),
});
export type SubscriberListQuery = z.input<typeof subscriberListQuery>;
export type SubscriberListFilters = z.output<typeof subscriberListQuery>;
export const staffSubscriberSchema = z.object({
  id: z.number(),
  codigo: z.string(),
  usuario: z.object({ id: z.number(), nome: z.string(), email: z.string() }),
  plano: z.object({ id: z.number(), nome: z.string() }),
  situacao: z.enum(SUBSCRIPTION_STATES),
  /** `ativo` and paid until a future moment: what access.ts counts. */
  acessoAte: z.string().nullable(),
  dataAssinatura: z.string(),
  pagoAte: z.string().nullable(),
  canceladoEm: z.string().nullable(),
  renovarEm: z.string().nullable(),
});
export type StaffSubscriber = z.infer<typeof staffSubscriberSchema>;
export const subscriberPageSchema = z.object({
  assinantes: z.array(staffSubscriberSchema),
  total: z.number(),
  page: z.number(),
  totalPages: z.number(),
});
export type SubscriberPage = z.infer<typeof subscriberPageSchema>;

// ---- upload ----

/** POST /play/video/{id}/envio: starts (or, with the same name and size, resumes) an upload. */
export const uploadInit = z.object({
  nomeArquivo: required(200),
  tamanho: z.coerce
    .number()
    .int()
    .min(1, { error: 'staff.play.notVideo' })
    .max(VIDEO_MAX_BYTES, { error: 'staff.play.tooLarge' }),
});
export type UploadInit = z.input<typeof uploadInit>;
export type UploadFields = z.output<typeof uploadInit>;
export const uploadSchema = z.object({
  id: z.number(),
  conteudo: z.number(),
  nomeArquivo: z.string(),
  tamanho: z.number(),
  tamanhoParte: z.number(),
  partes: z.number(),
  /** The chunk numbers already stored: a resumed upload sends only the others. */
  recebidas: z.array(z.number()),
  estado: z.enum(['enviando', 'completo']),
  tarefa: z.number().nullable(),
});
export type StaffUpload = z.infer<typeof uploadSchema>;
