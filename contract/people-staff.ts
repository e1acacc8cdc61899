// The staff area's people calls (docs/staff.md "People"): the directory with its search and
// filters, a person's page, staff roles, member numbers, deactivation, the deletion requests of
// spec §7 (`pedido-exclusao`) and the directory's CSV. Area `people` (ROLE_ADMIN).
import { z } from 'zod';
import { idParam, pageNumber } from './common.ts';
import { STAFF_ROLES } from './staff.ts';

export const PEOPLE_PAGE_SIZE = 25;

/** GET /admin/{slug}/pessoas?busca&papel&grupo&status&page */
export const peopleQuery = z.object({
  /** Name, e-mail, phone or member number. */
  busca: z.string().trim().max(100, 'Too long.').optional(),
  /** A staff role, or `membro` for people without one. */
  papel: z.enum([...STAFF_ROLES, 'membro']).optional(),
  grupo: idParam.optional(),
  status: z.enum(['ativo', 'inativo']).optional(),
  page: pageNumber(100_000, 'Too large.').default(1),
});
export type PeopleFilter = z.output<typeof peopleQuery>;

export const personRowSchema = z.object({
  id: z.number(),
  nome: z.string(),
  email: z.string(),
  telefone: z.string().nullable(),
  numeroMembro: z.string().nullable(),
  roles: z.array(z.string()),
  ativo: z.boolean(),
});
export type PersonRow = z.infer<typeof personRowSchema>;

export const peoplePageSchema = z.object({
  pessoas: z.array(personRowSchema),
  total: z.number(),
  page: z.number(),
  totalPages: z.number(),
  /** The church's groups (the group filter's choices). */
  grupos: z.array(z.object({ id: z.number(), nome: z.string() })),
});
export type PeoplePage = z.infer<typeof peoplePageSchema>;

/** GET /admin/{slug}/pessoas/{id}: gifts only for roles with the `giving` area (null otherwise). */
export const personSchema = personRowSchema.extend({
  sobrenome: z.string().nullable(),
  dataNascimento: z.string().nullable(),
  desde: z.string(),
  filhos: z.array(z.object({ id: z.number(), nome: z.string(), dataNascimento: z.string() })),
  enderecos: z.array(
    z.object({
      id: z.number(),
      linha: z.string(),
      cidade: z.string(),
      estado: z.string().nullable(),
      cep: z.string().nullable(),
      pais: z.string(),
    }),
  ),
  grupos: z.array(
    z.object({ id: z.number(), nome: z.string(), papel: z.enum(['lider', 'membro']) }),
  ),
  inscricoes: z.array(
    z.object({ id: z.number(), evento: z.string(), status: z.string(), data: z.string() }),
  ),
  doacoes: z
    .array(
      z.object({
        codigo: z.string(),
        data: z.string(),
        valor: z.number(),
        status: z.string(),
        motivos: z.string(),
      }),
    )
    .nullable(),
  moeda: z.string(),
});
export type Person = z.infer<typeof personSchema>;

export const personParams = z.object({ id: idParam });

/** PUT /pessoas/{id}/papeis */
export const rolesInput = z.object({
  roles: z
    .array(z.string().trim().max(40))
    .max(STAFF_ROLES.length)
    .refine((list) => list.every((r) => (STAFF_ROLES as readonly string[]).includes(r)), {
      message: 'staff.people.unknownRole',
    }),
});

/** PUT /pessoas/{id}/numero */
export const memberNumberInput = z.object({
  numeroMembro: z.preprocess(
    (v) => (typeof v === 'string' && v.trim() === '' ? null : v),
    z
      .string()
      .trim()
      .regex(/^[A-Za-z0-9-]{1,20}$/, 'staff.people.badNumber')
      .nullable(),
  ),
});

/** GET /pedidos-exclusao */
export const deletionRequestSchema = z.object({
  id: z.number(),
  email: z.string(),
  /** The person's name while their data is still here. */
  nome: z.string().nullable(),
  usuarioId: z.number().nullable(),
  criadoEm: z.string(),
  concluidoEm: z.string().nullable(),
  concluidoPor: z.string().nullable(),
});
export type DeletionRequest = z.infer<typeof deletionRequestSchema>;
export const deletionRequestsSchema = z.object({ pedidos: z.array(deletionRequestSchema) });
