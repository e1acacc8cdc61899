// The 66 books of the Protestant canon with their names and abbreviations in pt, en and es.
// Codes are lowercase OSIS ids (`gen`, `john`, `1cor`): stable across languages, used in URLs.
import type { BibleLanguage, Testament } from './languages.ts';

export interface BookNames {
  /** The name shown to readers. */
  name: string;
  /** The usual short form (shown where space is short). */
  abbr: string;
  /** Other forms readers type: other abbreviations, older spellings. */
  aliases: string[];
}

export interface BibleBook {
  code: string;
  /** 1-based position in the canon (Genesis 1 … Revelation 66). */
  position: number;
  testament: Testament;
  /** Chapters in the standard canon; a source may hold fewer. */
  chapters: number;
  names: Record<BibleLanguage, BookNames>;
}

// Each language column: "Name|Abbr|alias|alias…".
type Row = [code: string, chapters: number, pt: string, en: string, es: string];

const ROWS: Row[] = [
  ['gen', 50, 'Gênesis|Gn|Gen|Genesis', 'Genesis|Gen|Gn|Ge', 'Génesis|Gn|Gen|Génesis'],
  ['exod', 40, 'Êxodo|Êx|Ex', 'Exodus|Exod|Ex|Exo', 'Éxodo|Ex|Éx'],
  ['lev', 27, 'Levítico|Lv|Lev', 'Leviticus|Lev|Lv', 'Levítico|Lv|Lev'],
  ['num', 36, 'Números|Nm|Num', 'Numbers|Num|Nm|Nu', 'Números|Nm|Núm'],
  ['deut', 34, 'Deuteronômio|Dt|Deut', 'Deuteronomy|Deut|Dt', 'Deuteronomio|Dt|Deut'],
  ['josh', 24, 'Josué|Js|Jos', 'Joshua|Josh|Jos', 'Josué|Jos'],
  ['judg', 21, 'Juízes|Jz|Jui', 'Judges|Judg|Jdg', 'Jueces|Jue|Jc'],
  ['ruth', 4, 'Rute|Rt', 'Ruth|Ruth|Rt|Ru', 'Rut|Rt'],
  ['1sam', 31, '1 Samuel|1Sm|1 Sam', '1 Samuel|1 Sam|1Sa|1 Sm', '1 Samuel|1S|1 Sam|1 Sm'],
  ['2sam', 24, '2 Samuel|2Sm|2 Sam', '2 Samuel|2 Sam|2Sa|2 Sm', '2 Samuel|2S|2 Sam|2 Sm'],
  ['1kgs', 22, '1 Reis|1Rs', '1 Kings|1 Kgs|1 Ki|1 Kin', '1 Reyes|1R|1 Re|1 Rey'],
  ['2kgs', 25, '2 Reis|2Rs', '2 Kings|2 Kgs|2 Ki|2 Kin', '2 Reyes|2R|2 Re|2 Rey'],
  ['1chr', 29, '1 Crônicas|1Cr|1 Cro', '1 Chronicles|1 Chr|1 Ch|1 Chron', '1 Crónicas|1Cr|1 Cro'],
  ['2chr', 36, '2 Crônicas|2Cr|2 Cro', '2 Chronicles|2 Chr|2 Ch|2 Chron', '2 Crónicas|2Cr|2 Cro'],
  ['ezra', 10, 'Esdras|Ed|Esd', 'Ezra|Ezra|Ezr', 'Esdras|Esd'],
  ['neh', 13, 'Neemias|Ne|Nee', 'Nehemiah|Neh|Ne', 'Nehemías|Neh|Ne'],
  ['esth', 10, 'Ester|Et|Est', 'Esther|Esth|Est|Es', 'Ester|Est'],
  ['job', 42, 'Jó|Jó', 'Job|Job|Jb', 'Job|Job|Jb'],
  ['ps', 150, 'Salmos|Sl|Sal|Salmo', 'Psalms|Ps|Psalm|Pss|Psa', 'Salmos|Sal|Sl|Salmo'],
  ['prov', 31, 'Provérbios|Pv|Pr|Prov', 'Proverbs|Prov|Pr|Prv', 'Proverbios|Pr|Prov'],
  ['eccl', 12, 'Eclesiastes|Ec|Ecl', 'Ecclesiastes|Eccl|Ecc|Qoh', 'Eclesiastés|Ec|Ecl'],
  [
    'song',
    8,
    'Cânticos|Ct|Cantares|Cântico dos Cânticos|Cânticos dos Cânticos|Cant',
    "Song of Solomon|Song|Song of Songs|Canticles|SS|Sg|Solomon's Song",
    'Cantares|Cnt|Cantar de los Cantares|Cant|Ct',
  ],
  ['isa', 66, 'Isaías|Is', 'Isaiah|Isa|Is', 'Isaías|Is'],
  ['jer', 52, 'Jeremias|Jr|Jer', 'Jeremiah|Jer|Jr', 'Jeremías|Jer|Jr'],
  ['lam', 5, 'Lamentações|Lm|Lam', 'Lamentations|Lam|La', 'Lamentaciones|Lm|Lam'],
  ['ezek', 48, 'Ezequiel|Ez', 'Ezekiel|Ezek|Eze|Ezk', 'Ezequiel|Ez'],
  ['dan', 12, 'Daniel|Dn|Dan', 'Daniel|Dan|Dn|Da', 'Daniel|Dn|Dan'],
  ['hos', 14, 'Oseias|Os|Oséias', 'Hosea|Hos|Ho', 'Oseas|Os'],
  ['joel', 3, 'Joel|Jl', 'Joel|Joel|Jl', 'Joel|Jl'],
  ['amos', 9, 'Amós|Am', 'Amos|Amos|Am', 'Amós|Am'],
  ['obad', 1, 'Obadias|Ob|Abdias', 'Obadiah|Obad|Ob', 'Abdías|Abd'],
  ['jonah', 4, 'Jonas|Jn', 'Jonah|Jonah|Jon', 'Jonás|Jon'],
  ['mic', 7, 'Miqueias|Mq|Miquéias', 'Micah|Mic|Mc', 'Miqueas|Mi|Miq'],
  ['nah', 3, 'Naum|Na', 'Nahum|Nah|Na', 'Nahúm|Nah'],
  ['hab', 3, 'Habacuque|Hc|Hab', 'Habakkuk|Hab|Hb', 'Habacuc|Hab'],
  ['zeph', 3, 'Sofonias|Sf|Sof', 'Zephaniah|Zeph|Zep|Zp', 'Sofonías|Sof'],
  ['hag', 2, 'Ageu|Ag', 'Haggai|Hag|Hg', 'Hageo|Hag'],
  ['zech', 14, 'Zacarias|Zc|Zac', 'Zechariah|Zech|Zec|Zc', 'Zacarías|Zac'],
  ['mal', 4, 'Malaquias|Ml|Mal', 'Malachi|Mal|Ml', 'Malaquías|Mal'],
  ['matt', 28, 'Mateus|Mt', 'Matthew|Matt|Mt', 'Mateo|Mt'],
  ['mark', 16, 'Marcos|Mc|Mr', 'Mark|Mark|Mk|Mrk', 'Marcos|Mr|Mc'],
  ['luke', 24, 'Lucas|Lc', 'Luke|Luke|Lk|Luk', 'Lucas|Lc'],
  ['john', 21, 'João|Jo', 'John|John|Jn|Jhn', 'Juan|Jn'],
  ['acts', 28, 'Atos|At', 'Acts|Acts|Ac', 'Hechos|Hch|Hech'],
  ['rom', 16, 'Romanos|Rm|Rom', 'Romans|Rom|Rm|Ro', 'Romanos|Ro|Rom|Rm'],
  ['1cor', 16, '1 Coríntios|1Co|1 Cor', '1 Corinthians|1 Cor|1 Co', '1 Corintios|1Co|1 Cor'],
  ['2cor', 13, '2 Coríntios|2Co|2 Cor', '2 Corinthians|2 Cor|2 Co', '2 Corintios|2Co|2 Cor'],
  ['gal', 6, 'Gálatas|Gl|Gal', 'Galatians|Gal|Ga', 'Gálatas|Gá|Gal|Gl'],
  ['eph', 6, 'Efésios|Ef', 'Ephesians|Eph|Ephes', 'Efesios|Ef'],
  ['phil', 4, 'Filipenses|Fp|Fl|Fil', 'Philippians|Phil|Php|Pp', 'Filipenses|Fil|Flp'],
  ['col', 4, 'Colossenses|Cl|Col', 'Colossians|Col|Co', 'Colosenses|Col'],
  [
    '1thess',
    5,
    '1 Tessalonicenses|1Ts|1 Tes',
    '1 Thessalonians|1 Thess|1 Th|1 Thes',
    '1 Tesalonicenses|1Ts|1 Tes',
  ],
  [
    '2thess',
    3,
    '2 Tessalonicenses|2Ts|2 Tes',
    '2 Thessalonians|2 Thess|2 Th|2 Thes',
    '2 Tesalonicenses|2Ts|2 Tes',
  ],
  ['1tim', 6, '1 Timóteo|1Tm|1 Tim', '1 Timothy|1 Tim|1 Ti', '1 Timoteo|1Ti|1 Tim|1 Tm'],
  ['2tim', 4, '2 Timóteo|2Tm|2 Tim', '2 Timothy|2 Tim|2 Ti', '2 Timoteo|2Ti|2 Tim|2 Tm'],
  ['titus', 3, 'Tito|Tt|Tit', 'Titus|Titus|Tit', 'Tito|Tit|Tt'],
  ['phlm', 1, 'Filemom|Fm|Flm', 'Philemon|Phlm|Phm|Philem', 'Filemón|Flm|Fm'],
  ['heb', 13, 'Hebreus|Hb|Heb', 'Hebrews|Heb', 'Hebreos|He|Heb'],
  ['jas', 5, 'Tiago|Tg', 'James|Jas|Jm', 'Santiago|Stg|Sant'],
  ['1pet', 5, '1 Pedro|1Pe|1 Pd', '1 Peter|1 Pet|1 Pe|1 Pt', '1 Pedro|1P|1 Pe|1 Ped'],
  ['2pet', 3, '2 Pedro|2Pe|2 Pd', '2 Peter|2 Pet|2 Pe|2 Pt', '2 Pedro|2P|2 Pe|2 Ped'],
  ['1john', 5, '1 João|1Jo', '1 John|1 John|1 Jn|1 Jhn', '1 Juan|1Jn'],
  ['2john', 1, '2 João|2Jo', '2 John|2 John|2 Jn|2 Jhn', '2 Juan|2Jn'],
  ['3john', 1, '3 João|3Jo', '3 John|3 John|3 Jn|3 Jhn', '3 Juan|3Jn'],
  ['jude', 1, 'Judas|Jd', 'Jude|Jude|Jud|Jd', 'Judas|Jud|Jds'],
  [
    'rev',
    22,
    'Apocalipse|Ap|Apoc',
    'Revelation|Rev|Rv|Revelations|Apocalypse',
    'Apocalipsis|Ap|Apoc',
  ],
];

function names(column: string): BookNames {
  const [name, abbr, ...aliases] = column.split('|') as [string, string, ...string[]];
  return { name, abbr, aliases };
}

/** The canon, Genesis to Revelation. Malachi is the last book of the Old Testament. */
export const BOOKS: readonly BibleBook[] = ROWS.map(([code, chapters, pt, en, es], i) => ({
  code,
  position: i + 1,
  testament: i < 39 ? 'OT' : 'NT',
  chapters,
  names: { pt: names(pt), en: names(en), es: names(es) },
}));

const BY_CODE = new Map(BOOKS.map((b) => [b.code, b]));

export function bookByCode(code: string): BibleBook | undefined {
  return BY_CODE.get(code.toLowerCase());
}
