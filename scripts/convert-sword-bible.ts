// Converts a Bible text into the project's Bible data (docs/bible.md "Adding a public-domain
// translation"): a brotli-compressed JSON verse map `"<book code> C:V" → text`, "#" opening a
// paragraph, read lazily by `verseMapSource`. Run once per text; the output is committed.
// Two inputs: an installed SWORD module (the Reina-Valera 1909), or the "f4" source files the
// Bíblia Livre's translators keep in their repository (one file per book, `\v Gn.1.1` lines).
//
//   apt-get install -y sword-text-sparv libsword-utils
//   node scripts/convert-sword-bible.ts spaRV1909eb server/bible/data/rv1909.json.br
//
//   git clone https://github.com/blivre/BibliaLivre && git -C BibliaLivre checkout a315a15
//   node scripts/convert-sword-bible.ts --f4 BibliaLivre/textos/f4/tr server/bible/data/blivre.json.br
import { execFileSync } from 'node:child_process';
import { readdirSync, readFileSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { brotliCompressSync, constants } from 'node:zlib';
import { BOOKS } from '../common/bible/books.ts';

const args = process.argv.slice(2);
const f4 = args[0] === '--f4';
const [input, outFile] = f4 ? args.slice(1) : args;
if (!input || !outFile) {
  console.error(
    'usage: node scripts/convert-sword-bible.ts <SWORD module> <out.json.br>\n' +
      '       node scripts/convert-sword-bible.ts --f4 <folder of f4 book files> <out.json.br>',
  );
  process.exit(2);
}

const ENTITIES: Record<string, string> = { amp: '&', lt: '<', gt: '>', quot: '"', apos: "'" };

/** Whitespace collapsed, none left before punctuation or a closing quote. */
function tidy(text: string): string {
  return text
    .replace(/\s+/g, ' ')
    .replace(/\s+([,.;:!?)”’])/g, '$1')
    .replace(/([(“‘])\s+/g, '$1')
    .trim();
}

/** OSIS markup → plain text: notes dropped with their content, every other tag dropped, words kept. */
function plain(osis: string): string {
  return tidy(
    osis
      .replace(/<note\b[^>]*>[\s\S]*?<\/note>/g, '')
      .replace(/<title\b[^>]*>[\s\S]*?<\/title>/g, '')
      .replace(/<[^>]+>/g, '')
      .replace(/&(amp|lt|gt|quot|apos);/g, (_, name: string) => ENTITIES[name]!),
  );
}

/** A SWORD module through `mod2imp`: every entry is "$$$<Book> C:V" and its OSIS markup below. */
function fromSword(moduleName: string): Record<string, string> {
  const imp = execFileSync('mod2imp', [moduleName], {
    encoding: 'utf8',
    maxBuffer: 256 * 1024 * 1024,
  });
  const ENTRY = /^\$\$\$(.+) (\d+):(\d+)$/;
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
  return verses;
}

// The USFM book ids (an f4 file names its book in `\ubs-code`), in canon order like BOOKS.
const USFM = (
  'GEN EXO LEV NUM DEU JOS JDG RUT 1SA 2SA 1KI 2KI 1CH 2CH EZR NEH EST JOB PSA PRO ECC SNG ISA ' +
  'JER LAM EZK DAN HOS JOL AMO OBA JON MIC NAM HAB ZEP HAG ZEC MAL MAT MRK LUK JHN ACT ROM 1CO ' +
  '2CO GAL EPH PHP COL 1TH 2TH 1TI 2TI TIT PHM HEB JAS 1PE 2PE 1JN 2JN 3JN JUD REV'
).split(' ');

/**
 * Slips in the Bíblia Livre 2025.1.0 files (a verse line missing, a tag without its backslash, a
 * note opened twice), repaired by exact text per book so that a newer source that fixed them
 * stops the run here instead of being changed silently.
 */
const F4_REPAIRS: Record<string, [from: string, to: string][]> = {
  MRK: [
    ['estivesse com ele.\nPorém \nJesus \n', 'estivesse com ele.\n\\v Mc.5.19\nPorém \nJesus \n'],
  ],
  JHN: [['receberá do \n\\added\nque é meu', 'receberá do \nque é meu']],
  LUK: [
    ['N4: ninguém há\n*fn\n', 'N4: ninguém há\n\\*fn\n'],
    ['Lit. tomando-o\n\\fn\n', 'Lit. tomando-o\n\\*fn\n'],
    ['Jesus\n*added\n', 'Jesus\n\\*added\n'],
  ],
  PSA: [
    [
      '\\*added,\n\\fn\n, nem saídas \n\\added\n ao cativeiro,\n\\fn\n',
      '\\*added\n, nem saídas \n\\added\n ao cativeiro,\n\\*added\n\\fn\n',
    ],
  ],
};

// f4 tags: words the translators supplied (\added, printed in italics: kept as plain words),
// footnotes with the word they explain (\fn, \key), cross references (\ref) and psalm titles
// (\psalm-title) — the last three dropped with their content, as the SWORD notes and titles are.
const KEPT = new Set(['added']);
const DROPPED = new Set(['fn', 'key', 'ref', 'psalm-title']);
const HEADER = new Set(['name-long', 'name-short', 'abbreviation', 'ubs-code']);
// A closing tag may carry the punctuation after it on its line (`\*added.`).
const TAG = /^\\(\*?)([a-z-]+)(?:[ \t]*$|(?<=\*[a-z-]+)([,.;:!?”’].*)$)/;
const VERSE = /^\\v [^.\s]+\.(\d+)\.(\d+)\s*$/;

/** One verse's f4 lines → plain text; throws on a tag it does not know or one left open. */
function f4Verse(lines: string[], where: string): string {
  const open: string[] = [];
  const words: string[] = [];
  for (const line of lines) {
    const tag = TAG.exec(line);
    if (!tag) {
      if (!open.some((t) => DROPPED.has(t))) words.push(line);
      continue;
    }
    const [, closing, name, after] = tag as unknown as [string, string, string, string?];
    if (!KEPT.has(name) && !DROPPED.has(name)) throw new Error(`${where}: unknown tag \\${name}`);
    if (!closing) open.push(name);
    else if (open.pop() !== name) throw new Error(`${where}: \\*${name} closes nothing open`);
    if (after && !open.some((t) => DROPPED.has(t))) words.push(after);
  }
  if (open.length) throw new Error(`${where}: \\${open.join(', \\')} left open`);
  return tidy(words.join('\n'));
}

/** A folder of f4 book files (the Bíblia Livre's own source format). */
function fromF4(folder: string): Record<string, string> {
  const verses: Record<string, string> = {};
  const seen = new Set<string>();
  for (const file of readdirSync(folder).filter((f) => f.endsWith('.txt'))) {
    let text = readFileSync(join(folder, file), 'utf8')
      .replace(/^\uFEFF/, '')
      .replace(/\r\n/g, '\n');
    const usfm = /^\\ubs-code\n(\S+)/m.exec(text)?.[1] ?? '';
    const code = BOOKS[USFM.indexOf(usfm)]?.code;
    if (!code) throw new Error(`${file}: no book code (\\ubs-code ${usfm || 'missing'})`);
    seen.add(usfm);
    for (const [from, to] of F4_REPAIRS[usfm] ?? []) {
      if (text.split(from).length !== 2)
        throw new Error(`${usfm}: the slip "${from}" is not there once; review F4_REPAIRS`);
      text = text.replace(from, to);
    }
    const lines = text.split('\n');

    // Split the file into verses: each runs from its `\v` line to the next one.
    const chunks: { id: string; chapter: number; verse: number; body: string }[] = [];
    let inHeader = true;
    let headerTag: string | null = null;
    for (const line of lines) {
      const v = VERSE.exec(line);
      if (v) {
        inHeader = false;
        chunks.push({
          id: line.slice(3).trim(),
          chapter: Number(v[1]),
          verse: Number(v[2]),
          body: '',
        });
      } else if (inHeader) {
        const tag = TAG.exec(line);
        if (tag && HEADER.has(tag[2]!)) headerTag = tag[1] ? null : tag[2]!;
        else if (line.trim() && !headerTag) throw new Error(`${file}: text before the first verse`);
      } else {
        chunks.at(-1)!.body += `${line}\n`;
      }
    }

    for (const { id, chapter, verse, body } of chunks) {
      const where = `${usfm} ${id}`;
      const key = `${code} ${chapter}:${verse}`;
      if (key in verses) throw new Error(`${where}: ${key} twice`);
      const text = f4Verse(body.split('\n'), where);
      // The f4 files mark no paragraphs: each chapter is one.
      if (text) verses[key] = (verse === 1 ? '# ' : '') + text;
    }
  }
  if (seen.size !== BOOKS.length)
    throw new Error(`expected ${BOOKS.length} books, found ${seen.size}`);
  return verses;
}

const verses = f4 ? fromF4(input) : fromSword(input);
// Canon order, so the committed file reads like the book (and diffs between runs are small).
const order = new Map(BOOKS.map((b, i) => [b.code, i]));
const sortKey = (key: string) => {
  const [, code, c, v] = /^(\S+) (\d+):(\d+)$/.exec(key)!;
  return order.get(code!)! * 1e6 + Number(c) * 1e3 + Number(v);
};
const json = JSON.stringify(
  Object.fromEntries(Object.entries(verses).sort(([a], [b]) => sortKey(a) - sortKey(b))),
);
const packed = brotliCompressSync(Buffer.from(json), {
  params: { [constants.BROTLI_PARAM_QUALITY]: 11, [constants.BROTLI_PARAM_SIZE_HINT]: json.length },
});
writeFileSync(outFile, packed);
console.log(
  `${Object.keys(verses).length} verses, ${(json.length / 1e6).toFixed(1)} MB of JSON, ${(packed.length / 1e6).toFixed(2)} MB compressed → ${outFile}`,
);
