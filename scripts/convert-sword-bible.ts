// Converts a SWORD Bible module into the project's Bible data (docs/bible.md "Adding a
// public-domain translation"): a brotli-compressed JSON verse map `"<book code> C:V" → text`,
// "#" opening a paragraph, read lazily by `verseMapSource`. Run once per module; the output is committed.
//
//   apt-get install -y sword-text-sparv libsword-utils
//   node scripts/convert-sword-bible.ts spaRV1909eb server/bible/data/rv1909.json.br
import { execFileSync } from 'node:child_process';
import { writeFileSync } from 'node:fs';
import { brotliCompressSync, constants } from 'node:zlib';
import { BOOKS } from '../common/bible/books.ts';

const [moduleName, outFile] = process.argv.slice(2);
if (!moduleName || !outFile) {
  console.error('usage: node scripts/convert-sword-bible.ts <SWORD module> <out.json.br>');
  process.exit(2);
}

// mod2imp prints every entry as "$$$<Book> C:V" and the entry's OSIS markup on the next lines.
const imp = execFileSync('mod2imp', [moduleName], {
  encoding: 'utf8',
  maxBuffer: 256 * 1024 * 1024,
});

const ENTRY = /^\$\$\$(.+) (\d+):(\d+)$/;
const ENTITIES: Record<string, string> = { amp: '&', lt: '<', gt: '>', quot: '"', apos: "'" };

/** OSIS markup → plain text: notes dropped with their content, every other tag dropped, words kept. */
function plain(osis: string): string {
  return osis
    .replace(/<note\b[^>]*>[\s\S]*?<\/note>/g, '')
    .replace(/<title\b[^>]*>[\s\S]*?<\/title>/g, '')
    .replace(/<[^>]+>/g, '')
    .replace(/&(amp|lt|gt|quot|apos);/g, (_, name: string) => ENTITIES[name]!)
    .replace(/\s+/g, ' ')
    .replace(/\s+([,.;:!?)])/g, '$1')
    .trim();
}

const verses: Record<string, string> = {};
const bookNames: string[] = [];
let current: { book: string; chapter: number; verse: number } | null = null;
let lines: string[] = [];
let paragraphOpen = false;

function flush() {
  if (!current) return;
  const raw = lines.join('\n');
  if (current.chapter > 0 && current.verse > 0) {
    const code = BOOKS[bookNames.indexOf(current.book)]?.code;
    if (!code) throw new Error(`more books than the canon: ${current.book}`);
    const text = plain(raw);
    if (text) {
      // A paragraph opens at a chapter's first verse and wherever the module starts an x-p division.
      const paragraph = current.verse === 1 || paragraphOpen;
      verses[`${code} ${current.chapter}:${current.verse}`] = (paragraph ? '# ' : '') + text;
      paragraphOpen = false;
    }
  }
  // A paragraph start at the end of an entry belongs to the next verse.
  if (/<div\b[^>]*\bsID="[^"]*"[^>]*type="x-p"[^>]*\/>\s*$/.test(raw)) paragraphOpen = true;
}

for (const line of imp.split('\n')) {
  const m = ENTRY.exec(line);
  if (m) {
    flush();
    const book = m[1]!;
    if (!bookNames.includes(book)) bookNames.push(book);
    current = { book, chapter: Number(m[2]), verse: Number(m[3]) };
    lines = [];
  } else if (line.startsWith('$$$')) {
    flush();
    current = null;
    lines = [];
  } else {
    lines.push(line);
  }
}
flush();

if (bookNames.length !== BOOKS.length)
  throw new Error(`expected ${BOOKS.length} books, found ${bookNames.length}`);
const json = JSON.stringify(verses);
const packed = brotliCompressSync(Buffer.from(json), {
  params: { [constants.BROTLI_PARAM_QUALITY]: 11, [constants.BROTLI_PARAM_SIZE_HINT]: json.length },
});
writeFileSync(outFile, packed);
console.log(
  `${Object.keys(verses).length} verses, ${(json.length / 1e6).toFixed(1)} MB of JSON, ${(packed.length / 1e6).toFixed(2)} MB compressed → ${outFile}`,
);
