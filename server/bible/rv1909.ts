// The Reina-Valera 1909 (Spanish, public domain), converted once from the SWORD module
// `spaRV1909eb` (Debian's sword-text-sparv) by scripts/convert-sword-bible.ts into a compressed
// verse map keyed by our book codes; read on first use, so a process that never serves Spanish
// text never loads it (server/bible/data/README.md has the licence note).
import { readFile } from 'node:fs/promises';
import { promisify } from 'node:util';
import { brotliDecompress } from 'node:zlib';
import { BOOKS } from '../../common/bible/books.ts';
import { verseMapSource } from './source.ts';

const unpack = promisify(brotliDecompress);

export const rv1909 = verseMapSource({
  code: 'rv1909',
  name: 'Reina-Valera 1909',
  abbreviation: 'RV1909',
  language: 'es',
  description: 'Reina-Valera (1909), public domain; text from the SWORD module spaRV1909eb.',
  load: async () =>
    JSON.parse(
      (await unpack(await readFile(new URL('./data/rv1909.json.br', import.meta.url)))).toString(
        'utf8',
      ),
    ) as Record<string, string>,
  bookCodes: Object.fromEntries(BOOKS.map((b) => [b.code, b.code])),
  clean: (raw) => ({ paragraph: raw.startsWith('#'), text: raw.replace(/^#\s*/, '') }),
});
