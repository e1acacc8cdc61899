// Reading an import (docs/staff.md "Moving in"): the church's own row (404 for another's), and the
// view the page shows — its state (failed when its task died), columns to map, dry run's and
// result's counts with their notes in the reader's language.
import { and, desc, eq } from 'drizzle-orm';
import {
  importOptionsInput,
  TABLE_KINDS,
  type ImportCounts,
  type ImportView,
} from '../../contract/imports.ts';
import { INVITE_MAILS_PER_DAY } from '../../contract/invitations.ts';
import { message, type MessageLang } from '../../contract/messages/index.ts';
import type { Database } from '../db/client.ts';
import * as t from '../db/schema/index.ts';
import type { FileStore } from '../files/file-store.ts';
import { notFound } from '../http/errors.ts';
import { taskStatus } from '../jobs/tasks.ts';
import { guessMapping } from './columns.ts';
import { refusalOf } from './limits.ts';
import { wxrCategories } from './posts.ts';
import type { LineNote, Tally } from './run.ts';
import { tableHead } from './tables.ts';

export const sourceKey = (id: number) => `imports/${id}/source`;

export type ImportRow = typeof t.imports.$inferSelect;

export async function ownImport(db: Database, churchId: number, id: number): Promise<ImportRow> {
  const [row] = await db
    .select()
    .from(t.imports)
    .where(and(eq(t.imports.id, id), eq(t.imports.churchId, churchId)));
  if (!row) throw notFound('staff.import.notFound');
  return row;
}

/**
 * Failed: the task said so, or its process died for good (the queue failed the task after its
 * last lost claim) while the import still looked queued or running.
 */
export function failed(state: ImportRow['state'], taskState: string | undefined): boolean {
  if (state === 'falhou') return true;
  return (
    taskState === 'failed' &&
    (state === 'analisando' || state === 'na_fila' || state === 'importando')
  );
}

const translate = (lang: MessageLang, notes: LineNote[] | undefined) =>
  (notes ?? []).map((n) => ({ linha: n.linha, motivo: message(lang, n.chave, n.valores) }));

function counts(lang: MessageLang, tally: Partial<Tally> | null): ImportCounts | null {
  if (!tally) return null;
  return {
    criar: tally.criar ?? 0,
    atualizar: tally.atualizar ?? 0,
    iguais: tally.iguais ?? 0,
    convidar: tally.convidar ?? 0,
    convidarLinhas: tally.convidarLinhas ?? [],
    atualizarLinhas: tally.atualizarLinhas ?? [],
    iguaisLinhas: tally.iguaisLinhas ?? [],
    confirmarLinhas: tally.confirmarLinhas ?? [],
    convitesPorDia: INVITE_MAILS_PER_DAY,
    recusadas: translate(lang, tally.recusadas),
    avisos: translate(lang, tally.avisos),
    totalRecusadas: tally.totalRecusadas ?? 0,
    totalAvisos: tally.totalAvisos ?? 0,
    gruposCriar: tally.gruposCriar ?? [],
  };
}

async function view(
  deps: { db: Database; files: FileStore },
  lang: MessageLang,
  row: ImportRow,
  withColumns: boolean,
): Promise<ImportView> {
  const options = importOptionsInput.parse(row.options);
  let colunas: ImportView['colunas'] = null;
  let categoriasArquivo: string[] = [];
  if (withColumns && row.state === 'analisado') {
    const bytes = await deps.files.get(sourceKey(row.id));
    if (bytes && TABLE_KINDS.includes(row.kind)) {
      const { header, rows } = await tableHead(bytes.bytes, 3);
      const guesses = guessMapping(header, row.kind as 'pessoas' | 'doacoes');
      colunas = header.map((nome, i) => ({
        nome: nome || `#${i + 1}`,
        exemplos: rows.map((r) => (r.cells[i] ?? '').slice(0, 80)),
        campo: guesses[i] ?? null,
      }));
    }
    if (bytes && row.kind === 'posts') categoriasArquivo = await wxrCategories(bytes.bytes);
  }
  const task = row.taskId ? await taskStatus(deps.db, row.churchId, row.taskId) : null;
  const result = row.result as Partial<Tally> | null;
  return {
    id: row.id,
    tipo: row.kind,
    estado: failed(row.state, task?.state) ? 'falhou' : row.state,
    nomeArquivo: row.fileName,
    criadoEm: row.createdAt.toISOString(),
    concluidoEm: row.finishedAt?.toISOString() ?? null,
    desfeitoEm: row.undoneAt?.toISOString() ?? null,
    colunas,
    opcoes: options,
    categoriasArquivo,
    previa: counts(lang, row.preview as Partial<Tally> | null),
    progresso: task ? { feito: task.done, total: task.total } : null,
    resultado:
      result && (row.state === 'concluido' || row.state === 'falhou' || row.state === 'desfeito')
        ? {
            ...counts(lang, result)!,
            imagensFaltando: result.imagensFaltando ?? [],
            convidadas: result.convidadas ?? 0,
          }
        : null,
    erro: errorText(lang, row.error ?? (task?.state === 'failed' ? task.error : null)),
  };
}

/** A failure's reason as shown: a file refused by a cap (limits.ts) in the reader's language. */
const errorText = (lang: MessageLang, stored: string | null) => {
  const refusal = refusalOf(stored);
  return refusal ? message(lang, refusal.chave, refusal.valores) : stored;
};

export async function getImport(
  deps: { db: Database; files: FileStore },
  churchId: number,
  lang: MessageLang,
  id: number,
): Promise<ImportView> {
  return view(deps, lang, await ownImport(deps.db, churchId, id), true);
}

export async function listImports(
  deps: { db: Database; files: FileStore },
  churchId: number,
  lang: MessageLang,
) {
  const rows = await deps.db
    .select()
    .from(t.imports)
    .where(eq(t.imports.churchId, churchId))
    .orderBy(desc(t.imports.createdAt), desc(t.imports.id))
    .limit(50);
  return { importacoes: await Promise.all(rows.map((r) => view(deps, lang, r, false))) };
}
