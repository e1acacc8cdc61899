// A church's export and its deletion (docs/provider.md "A church's data leaves with it",
// "Deleting a church"): the shape of an export as the staff's Settings and the provider's console
// show it, the download link, and the provider's "delete after N days".
import { z } from 'zod';
import { idParam } from './common.ts';

export const exportSchema = z.object({
  id: z.number(),
  igreja: z.object({ id: z.number(), codigo: z.string(), nome: z.string() }),
  /** `equipe` (the church's admin), `provedor` (the console), `exclusao` (made before a deletion). */
  origem: z.enum(['equipe', 'provedor', 'exclusao']),
  estado: z.enum(['preparando', 'pronta', 'falhou']),
  /** The task's progress: rows and files written of the total. */
  feito: z.number(),
  total: z.number(),
  /** Bytes of the zip once ready. */
  tamanho: z.number(),
  /** Rows per file of the zip (`pessoas.csv`), and `arquivos`, the files from the file store. */
  resumo: z.record(z.string(), z.number()),
  erro: z.string().nullable(),
  pedidaPor: z.string(),
  criadaEm: z.string(),
  prontaEm: z.string().nullable(),
  /** Null: kept for the provider until removed. */
  expiraEm: z.string().nullable(),
});
export type ChurchExport = z.infer<typeof exportSchema>;

export const exportListSchema = z.object({ exportacoes: z.array(exportSchema) });
export type ChurchExportList = z.infer<typeof exportListSchema>;

/** A link to the zip that works for 10 minutes. */
export const exportLinkSchema = z.object({ url: z.string() });
export type ExportLink = z.infer<typeof exportLinkSchema>;

export const exportParams = z.object({ id: idParam });

/** GET /exportacao/{id}/arquivo?expira&assinatura: the signed download. */
export const exportDownloadQuery = z.object({
  expira: z.coerce.number().int().positive(),
  assinatura: z.string().min(1).max(100),
});

/** Days between "delete" and the deletion, unless cancelled. */
export const DELETION_GRACE_DAYS = 30;

/** POST /provider/igrejas/{id}/exclusao: the church's code typed again, and the grace period. */
export const deletionInput = z.object({
  codigo: z
    .string({ error: 'deletion.code' })
    .trim()
    .min(1, 'deletion.code')
    .max(40, 'deletion.code'),
  dias: z.coerce
    .number({ error: 'deletion.days' })
    .int('deletion.days')
    .min(1, 'deletion.days')
    .max(365, 'deletion.days')
    .default(DELETION_GRACE_DAYS),
});
export type DeletionInput = z.infer<typeof deletionInput>;

/** A church's deletion as the console shows it. */
export const deletionSchema = z.object({
  pedidaEm: z.string(),
  excluirEm: z.string(),
  exportacaoId: z.number().nullable(),
});
export type ChurchDeletion = z.infer<typeof deletionSchema>;
