// Moving in (docs/staff.md "Moving in"): the calls of the staff import page under
// `/admin/{slug}/importacao…` (area `import`, admins only) and what they answer.
import { z } from 'zod';
import { idParam } from './common.ts';

export const IMPORT_KINDS = ['pessoas', 'doacoes', 'louvores', 'eventos', 'posts'] as const;
export type ImportKind = (typeof IMPORT_KINDS)[number];

export const IMPORT_STATES = [
  'analisando',
  'analisado',
  'na_fila',
  'importando',
  'concluido',
  'falhou',
  'desfeito',
] as const;
export type ImportState = (typeof IMPORT_STATES)[number];

/** The columns a people spreadsheet can fill (the mapping screen's choices). */
export const PEOPLE_FIELDS = [
  'nome',
  'sobrenome',
  'email',
  'telefone',
  'nascimento',
  'cpf',
  'endereco',
  'bairro',
  'cidade',
  'estado',
  'cep',
  'numeroMembro',
  'grupos',
] as const;
/** The columns of a giving history. */
export const GIFT_FIELDS = ['data', 'email', 'cpf', 'motivo', 'valor', 'metodo'] as const;
export type ImportField = (typeof PEOPLE_FIELDS)[number] | (typeof GIFT_FIELDS)[number];
/** Kinds read as a table of columns (the mapping screen applies to them). */
export const TABLE_KINDS: readonly ImportKind[] = ['pessoas', 'doacoes'];

/** 20 MB: a spreadsheet of 20,000 people or a WordPress export with its images fits. */
export const IMPORT_MAX_BYTES = 20 * 1024 * 1024;

export const importKindQuery = z.object({
  tipo: z.enum(IMPORT_KINDS, { error: 'staff.import.badKind' }),
});
export const importParams = z.object({ id: idParam });

/** PUT /importacao/{id}/opcoes: how to read the file; answers the dry run. */
export const importOptionsInput = z.object({
  /** For each column of the file (by position), the field it fills, or null to leave it out. */
  mapeamento: z
    .array(z.enum([...PEOPLE_FIELDS, ...GIFT_FIELDS]).nullable())
    .max(200)
    .default([]),
  /** Numeric dates: day first (Brazil, Spanish-speaking countries) or month first (the US). */
  ordemData: z.enum(['dmy', 'mdy']).default('dmy'),
  /** E-mail each new person a link to choose a password (only when ticked). */
  convidar: z.boolean().default(false),
  /** WordPress category name → the kind its posts become (news unless mapped). */
  categorias: z.record(z.string().max(200), z.enum(['noticia', 'devocional'])).default({}),
  /**
   * People lines the admin confirmed: a CPF of a member here whose name and e-mail differ is
   * merged into that member only when its line is listed (a typo never merges silently).
   */
  confirmar: z.array(z.number().int().positive()).max(10_000).default([]),
});
export type ImportOptions = z.infer<typeof importOptionsInput>;

/** A line of the file that was refused or imported with a remark, in the caller's language. */
export const importLineSchema = z.object({ linha: z.number(), motivo: z.string() });
export type ImportLine = z.infer<typeof importLineSchema>;

export const importCountsSchema = z.object({
  criar: z.number(),
  atualizar: z.number(),
  /** Already brought by an earlier import of the same file: nothing to do. */
  iguais: z.number(),
  /**
   * People rows whose e-mail or CPF is an account that is not a member of this church: they get
   * an invitation and nothing else (docs/invitations.md); listed by line only.
   */
  convidar: z.number(),
  convidarLinhas: z.array(z.number()),
  /** Lines of people to complete, and of people already here as the file has them. */
  atualizarLinhas: z.array(z.number()).default([]),
  iguaisLinhas: z.array(z.number()).default([]),
  /** Lines refused until the admin confirms them (`confirmar` of the options). */
  confirmarLinhas: z.array(z.number()).default([]),
  /** Invitation e-mails the church sends per day; the rest wait for the following days. */
  convitesPorDia: z.number(),
  recusadas: z.array(importLineSchema),
  avisos: z.array(importLineSchema),
  /** More refused or remarked lines than listed. */
  totalRecusadas: z.number(),
  totalAvisos: z.number(),
  /** Group names of a people file that no group of the church has: the import creates them. */
  gruposCriar: z.array(z.string()),
});
export type ImportCounts = z.infer<typeof importCountsSchema>;

export const importViewSchema = z.object({
  id: z.number(),
  tipo: z.enum(IMPORT_KINDS),
  estado: z.enum(IMPORT_STATES),
  nomeArquivo: z.string(),
  criadoEm: z.string(),
  concluidoEm: z.string().nullable(),
  desfeitoEm: z.string().nullable(),
  /** The file's columns with examples and the field guessed for each (table kinds only). */
  colunas: z
    .array(
      z.object({ nome: z.string(), exemplos: z.array(z.string()), campo: z.string().nullable() }),
    )
    .nullable(),
  opcoes: importOptionsInput,
  /** The WordPress categories found (the category → kind choice). */
  categoriasArquivo: z.array(z.string()),
  previa: importCountsSchema.nullable(),
  progresso: z.object({ feito: z.number(), total: z.number() }).nullable(),
  resultado: importCountsSchema
    .extend({ imagensFaltando: z.array(z.string()), convidadas: z.number() })
    .nullable(),
  erro: z.string().nullable(),
});
export type ImportView = z.infer<typeof importViewSchema>;

export const importListSchema = z.object({ importacoes: z.array(importViewSchema) });
export type ImportList = z.infer<typeof importListSchema>;

/** 409 on undo: what was done with the import's rows since, so they stay. */
export const importUndoRefusal = z.object({ emUso: z.array(z.string()) });

/** GET /igreja/{slug}/redirecionamento?caminho=: where an old address of the church's former site leads. */
export const redirectQuery = z.object({ caminho: z.string().min(1).max(2000) });
export const redirectSchema = z.object({ destino: z.string() });
