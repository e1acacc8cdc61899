// The Reina-Valera 1909 (Spanish, public domain), converted once from the SWORD module
// `spaRV1909eb` (Debian's sword-text-sparv) by scripts/convert-sword-bible.ts into a compressed
// verse map keyed by our book codes; read on first use, so a process that never serves Spanish
// text never loads it (server/bible/data/README.md has the licence note).
import { bundledVerses, convertedFormat, verseMapSource } from './source.ts';

export const rv1909 = verseMapSource({
  code: 'rv1909',
  name: 'Reina-Valera 1909',
  abbreviation: 'RV1909',
  language: 'es',
  description: 'Reina-Valera (1909), dominio público; texto del módulo SWORD spaRV1909eb.',
  load: bundledVerses('rv1909.json.br'),
  ...convertedFormat,
});
