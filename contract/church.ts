// Spec §3 Church and the calls of spec §7 "Church".
import { z } from 'zod';
import { idParam, slugParam } from './common.ts';

export const churchImagesSchema = z.object({
  logo: z.string().optional(),
  capa: z.string().optional(),
  icone: z.string().optional(),
});

export const churchAddressSchema = z.object({
  logradouro: z.string().nullable(),
  numero: z.string().nullable(),
  bairro: z.string().nullable(),
  cidade: z.string().nullable(),
  estado: z.string().nullable(),
  pais: z.string().nullable(),
  cep: z.string().nullable(),
  latitude: z.number().nullable(),
  longitude: z.number().nullable(),
});

/** GET /igreja/codigo/{code}; also each item of `clientes`. */
export const churchSchema = z.object({
  id: z.number().int(),
  slug: z.string(),
  uuid: z.string(),
  codigo: z.string(),
  flagAtivo: z.boolean(),
  nome: z.string(),
  historia: z.string().nullable(),
  descricao: z.string().nullable(),
  idioma: z.string(),
  imagens: churchImagesSchema,
  facebookPixelCode: z.string().nullable(),
  slugOrganizacao: z.string().nullable(),
  email: z.string().nullable(),
  telefone: z.string().nullable(),
  endereco: churchAddressSchema,
  redesSociais: z.record(z.string(), z.string()),
  /** The church's clock: the zone it chose, else its country's, else its language's (docs/giving.md "Which clock"). */
  fusoHorario: z.string(),
});
export type Church = z.infer<typeof churchSchema>;

/** An item of `clientes`: a church, with its distance in km when asked by location. */
export const clientSchema = churchSchema.extend({ distancia: z.number().nullable().optional() });
export type Client = z.infer<typeof clientSchema>;
export const clientsResponseSchema = z.object({ clientes: z.array(clientSchema) });

export const paymentMethodSchema = z.object({
  id: z.number().int(),
  codigo: z.enum(['cartao', 'pix', 'boleto', 'picpay', 'dinheiro', 'transferencia', 'ach']),
  nome: z.string(),
  idGatewayPagamento: z.number().int().nullable(),
  ordem: z.number().int(),
  /**
   * The card's live Stripe account's publishable key (pk_…), only when the church's card gateway
   * is live Stripe: the page then takes the card in Stripe.js (docs/payments.md "Stripe").
   * Never a secret.
   */
  chavePublicavel: z.string().nullable().optional(),
});
export type PaymentMethod = z.infer<typeof paymentMethodSchema>;
export const paymentMethodsResponseSchema = z.object({
  metodosPagamento: z.array(paymentMethodSchema),
});

export const menuItemSchema = z.object({
  id: z.number().int(),
  titulo: z.string(),
  link: z.string(),
  moduloCodigo: z.string().nullable(),
  ordem: z.number().int(),
});
export type MenuItem = z.infer<typeof menuItemSchema>;
export const menuResponseSchema = z.object({ igrejaAppMenu: z.array(menuItemSchema) });

export const moduleSchema = z.object({ codigo: z.string(), nome: z.string() });
export type Module = z.infer<typeof moduleSchema>;
export const modulesResponseSchema = z.object({ modulos: z.array(moduleSchema) });

export const visualSchema = z.object({
  corApp: z.string(),
  corTexto: z.string(),
  logo: z.string().nullable(),
  urlAppStore: z.string().nullable(),
  urlPlayStore: z.string().nullable(),
});
export type Visual = z.infer<typeof visualSchema>;
export const visualResponseSchema = z.object({ igrejaVisual: visualSchema });

export const bannerSchema = z.object({
  id: z.number().int(),
  titulo: z.string(),
  imagem: z.string(),
  largura: z.number().int(),
  altura: z.number().int(),
  link: z.string().nullable(),
  ordem: z.number().int(),
});
export type Banner = z.infer<typeof bannerSchema>;
export const bannersResponseSchema = z.object({ banners: z.array(bannerSchema) });

export const congregationSchema = z.object({
  id: z.number().int(),
  nome: z.string(),
  cidade: z.string().nullable(),
  estado: z.string().nullable(),
});
export const congregationsResponseSchema = z.object({ congregacoes: z.array(congregationSchema) });

export const organizationSchema = z.object({
  id: z.number().int(),
  slug: z.string(),
  nome: z.string(),
  descricao: z.string().nullable(),
  clientes: z.array(clientSchema),
});
export type Organization = z.infer<typeof organizationSchema>;

// ---- requests ----

export const codeParams = z.object({ code: slugParam });
export const slugParams = z.object({ slug: slugParam });

/** A host name as browsers send it, without the port. */
export const hostnameQuery = z.object({
  hostname: z
    .string()
    .trim()
    .toLowerCase()
    .min(1, { error: 'Invalid host name.' })
    .max(253, { error: 'Invalid host name.' })
    .regex(/^[a-z0-9.-]+$/, 'Invalid host name.'),
});

export const churchIdQuery = z.object({ igreja: idParam });

const latitude = z.coerce
  .number({ error: 'Must be a number.' })
  .min(-90, { error: 'Invalid latitude.' })
  .max(90, { error: 'Invalid latitude.' });
const longitude = z.coerce
  .number({ error: 'Must be a number.' })
  .min(-180, { error: 'Invalid longitude.' })
  .max(180, { error: 'Invalid longitude.' });

/** GET /cliente/: by organisation, by name or address search, and nearest first given a location. */
export const clientsQuery = z
  .object({
    organizacao: slugParam.optional(),
    // No control characters: a NUL byte would make PostgreSQL refuse the query (a 500).
    busca: z
      .string()
      .trim()
      .max(100, { error: 'At most 100 characters.' })
      .regex(/^[^\u0000-\u001f\u007f]*$/, 'Invalid characters.')
      .optional(),
    latitude: latitude.optional(),
    longitude: longitude.optional(),
    limit: z.coerce
      .number({ error: 'Must be a number.' })
      .int({ error: 'Must be a whole number.' })
      .min(1, { error: 'Must be 1 or more.' })
      .max(100, { error: 'At most 100.' })
      .default(50),
  })
  .refine((q) => (q.latitude === undefined) === (q.longitude === undefined), {
    message: 'Latitude and longitude go together.',
    path: ['latitude'],
  });
