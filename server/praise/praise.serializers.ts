// louvor rows → the wire shapes of contract/praise.ts.
import type { Praise, PraiseSummary } from '../../contract/praise.ts';
import type { praises } from '../db/schema/index.ts';
import { chordProToLines, showTypeOf } from './chordpro.ts';

type PraiseRow = typeof praises.$inferSelect;

export function toPraise(row: PraiseRow): Praise {
  // `%{title}`, `%{key}`… in the text are filled from the song's own columns
  const letra = chordProToLines(row.chordPro, {
    title: row.title,
    subtitle: row.subtitle,
    artist: row.author,
    key: row.tone,
  });
  return {
    id: row.id,
    codigo: row.code,
    titulo: row.title,
    subtitulo: row.subtitle,
    autor: row.author,
    grupo: row.group,
    tema: row.theme,
    ritmo: row.rhythm,
    tom: row.tone,
    tipoExibicao: showTypeOf(letra, row.scores.length),
    letra,
    partituras: row.scores,
  };
}

export function toPraiseSummary(row: PraiseRow): PraiseSummary {
  const { id, codigo, titulo, subtitulo, autor, tema, tom, tipoExibicao } = toPraise(row);
  return { id, codigo, titulo, subtitulo, autor, tema, tom, tipoExibicao };
}
