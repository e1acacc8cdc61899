// Worship songs (spec §3 Praise, §7 GET /louvor/{id}/, §2 /embed/praise). A song keeps its
// lyrics with chords as ChordPro text (`[G]Amazing [C]grace`); the API turns it into the spec's
// letter lines (snippet plus chord). Score files are public paths of PDFs or images.
import { index, integer, jsonb, pgTable, serial, text, timestamp } from 'drizzle-orm/pg-core';
import { churches } from './church.ts';

export interface PraiseScoreFile {
  nome: string;
  /** Public path (served from public/). */
  url: string;
  tipo: 'pdf' | 'imagem';
}

export const praises = pgTable(
  'louvor',
  {
    id: serial('id').primaryKey(),
    churchId: integer('igreja_id')
      .notNull()
      .references(() => churches.id, { onDelete: 'cascade' }),
    /** The church's own reference for the song (e.g. its number in the team's songbook). */
    code: text('codigo'),
    title: text('titulo').notNull(),
    subtitle: text('subtitulo'),
    author: text('autor'),
    /** The ministry or group that sings it. */
    group: text('grupo'),
    theme: text('tema'),
    rhythm: text('ritmo'),
    /** The key the chords are written in (G, Bb, F#m). */
    tone: text('tom'),
    /** Lyrics with chords in ChordPro; null for a song that only has a score. */
    chordPro: text('cifra_chordpro'),
    scores: jsonb('partituras').$type<PraiseScoreFile[]>().notNull().default([]),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [index('louvor_igreja_titulo_idx').on(t.churchId, t.title)],
);
