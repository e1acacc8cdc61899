// Note rows → the wire shapes of contract/notes.ts.
import type { Note, NoteSummary } from '../../contract/notes.ts';
import type { sermonNotes } from '../db/schema/index.ts';

type Row = typeof sermonNotes.$inferSelect;

export function toNote(row: Row): Note {
  return {
    id: row.id,
    chave: row.key,
    igreja: row.churchId,
    titulo: row.title,
    texto: row.text,
    versao: row.version,
    dataCriacao: row.createdAt.toISOString(),
    dataUltimaAlteracao: row.updatedAt.toISOString(),
  };
}

/** The list's line under the title: the text's start, on one line. */
export function summaryOf(text: string): string {
  const flat = text.replace(/\s+/g, ' ').trim();
  return flat.length > 140 ? `${flat.slice(0, 139)}…` : flat;
}

export function toNoteSummary(row: Omit<Row, 'text'> & { summary: string }): NoteSummary {
  return {
    id: row.id,
    chave: row.key,
    igreja: row.churchId,
    titulo: row.title,
    resumo: summaryOf(row.summary),
    versao: row.version,
    dataCriacao: row.createdAt.toISOString(),
    dataUltimaAlteracao: row.updatedAt.toISOString(),
  };
}
