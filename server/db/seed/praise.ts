// Demo worship songs (spec §3 Praise, /embed/praise, /praise): for each language, eight classic
// public-domain hymns with chords (ChordPro), one with lyrics only and one with only a score
// (the PDF and image under public/praise/, made by scripts/praise-scores.mjs). Texts are the first
// verse (and refrain) of the traditional wording; authors are the hymns' original writers.
import { eq, inArray } from 'drizzle-orm';
import type { Database } from '../client.ts';
import * as t from '../schema/index.ts';
import type { PraiseScoreFile } from '../schema/praise.ts';

interface SeedSong {
  code: string;
  title: string;
  subtitle?: string;
  author: string;
  group?: string;
  theme: string;
  rhythm?: string;
  tone?: string;
  chordPro?: string;
  scores?: PraiseScoreFile[];
}

const PDF: PraiseScoreFile = {
  nome: 'Old Hundredth (PDF)',
  url: '/praise/old-hundredth.pdf',
  tipo: 'pdf',
};
const PNG: PraiseScoreFile = {
  nome: 'Old Hundredth (PNG)',
  url: '/praise/old-hundredth.png',
  tipo: 'imagem',
};

/** The song e2e transposes: in G with a slash chord, a seventh and a minor seventh. */
export const GRACA_TEST_SONG = 'Sou feliz com Jesus';
export const GRACA_LYRICS_ONLY = 'Noite de paz';
export const GRACA_SCORE_ONLY = 'Salmo 100 (Velho Centésimo)';

const PT: SeedSong[] = [
  {
    code: 'HC-001',
    title: GRACA_TEST_SONG,
    subtitle: 'It Is Well with My Soul',
    author: 'Horatio G. Spafford (1873)',
    group: 'Ministério de louvor',
    theme: 'Paz',
    rhythm: 'Valsa',
    tone: 'G',
    chordPro: `{c: Estrofe 1}
Se [G]paz a mais [D/F#]doce me [Em]deres go[C]zar,
se [G]dor a mais [Am7]forte so[D]frer,
oh, [G]seja o que [G7]for, tu me [C]fazes sa[Am]ber
que fe[G]liz com Je[D7]sus sempre [G]sou!

{c: Coro}
Sou fe[G]liz com Je[D]sus,
sou fe[Dsus4]liz com Je[G]sus, meu Se[C]nhor! [G]`,
    scores: [PDF],
  },
  {
    code: 'HC-002',
    title: 'Santo! Santo! Santo!',
    subtitle: 'Holy, Holy, Holy',
    author: 'Reginald Heber (1826)',
    theme: 'Adoração',
    rhythm: 'Hino',
    tone: 'D',
    chordPro: `{c: Estrofe 1}
[D]Santo! Santo! [Bm]Santo! [G]Deus oni[D]potente!
[A]Cedo de ma[D]nhã [E7]cantaremos teu lou[A]vor.
[D]Santo! Santo! [Bm]Santo! [G]Deus Jeová tri[D]úno,
[G]és um só [D/F#]Deus, ex[Em7]celso [A7]Cria[D]dor.`,
  },
  {
    code: 'HC-003',
    title: 'Castelo forte',
    subtitle: 'Ein feste Burg',
    author: 'Martinho Lutero (1529)',
    theme: 'Confiança',
    rhythm: 'Hino',
    tone: 'C',
    chordPro: `{c: Estrofe 1}
Cas[C]telo forte é [F]nosso [C]Deus,
es[Am]pada e [G]bom es[C]cudo;
com [C]seu poder de[F]fende os [C]seus
em [Am]todo [G]transe a[C]gudo.`,
  },
  {
    code: 'HC-004',
    title: 'Mais perto quero estar',
    subtitle: 'Nearer, My God, to Thee',
    author: 'Sarah F. Adams (1841)',
    theme: 'Comunhão',
    rhythm: 'Hino',
    tone: 'F',
    chordPro: `Mais [F]perto quero es[Bb]tar, meu [F]Deus, de [C]ti,
inda que [F]seja a [Bb]dor que me [F]una a [C7]ti;
sempre hei de [F]supli[Bb]car: mais perto [F]quero es[Dm]tar,
mais [F]perto [Gm7]quero es[C7]tar, meu Deus, de [F]ti.`,
  },
  {
    code: 'HC-005',
    title: 'Em Jesus amigo temos',
    subtitle: 'What a Friend We Have in Jesus',
    author: 'Joseph M. Scriven (1855)',
    theme: 'Oração',
    rhythm: 'Hino',
    tone: 'Bb',
    chordPro: `Em Je[Bb]sus amigo [Eb]te[Bb]mos,
mais che[Bb]gado que um ir[F]mão;
ele [Bb]manda que le[Eb]ve[Bb]mos
tudo a [Bb]Deus em [F7]ora[Bb]ção.`,
  },
  {
    code: 'HC-006',
    title: 'Doxologia',
    subtitle: 'Old Hundredth',
    author: 'Thomas Ken (1674)',
    theme: 'Louvor',
    rhythm: 'Hino',
    tone: 'G',
    chordPro: `A [G]Deus, su[Em]premo [D]Benfei[G]tor,
[G]anjos e [C]homens [D]deem lou[G]vor;
a [G]Deus, o [D]Filho, a [Em]Deus, o [D]Pai,
e a [G]Deus Es[C]pírito, [D]glória [G]dai.`,
  },
  {
    code: 'HC-007',
    title: 'Foi na cruz',
    subtitle: 'At the Cross',
    author: 'Isaac Watts (1707), Ralph E. Hudson (1885)',
    theme: 'Cruz',
    rhythm: 'Valsa',
    tone: 'E',
    chordPro: `{c: Coro}
Foi na [E]cruz, foi na [A]cruz, onde um [E]dia eu vi
meu pe[E]cado cas[F#m7]tigado em Je[B7]sus;
foi a[E]li, pela [E7]fé, que os [A]olhos a[C#m7]bri
e a[E]gora me a[B7]legro em sua [E]luz.`,
  },
  {
    code: 'HC-008',
    title: 'Chuvas de graça',
    subtitle: 'There Shall Be Showers of Blessing',
    author: 'Daniel W. Whittle (1883)',
    theme: 'Avivamento',
    rhythm: 'Marcha',
    tone: 'A',
    chordPro: `{c: Coro}
[A]Chuvas de [D]graça, [A]chuvas pe[E]dimos, Se[A]nhor;
[A]manda-nos [D]chuvas cons[A]tantes, [Bm7]chuvas do [E7]Consola[A]dor.`,
  },
  {
    code: 'HC-009',
    title: GRACA_LYRICS_ONLY,
    subtitle: 'Stille Nacht',
    author: 'Joseph Mohr (1818)',
    theme: 'Natal',
    rhythm: 'Valsa',
    chordPro: `Noite de paz, noite de amor,
tudo dorme em derredor;
entre os astros que espargem a luz,
proclamando o menino Jesus,
brilha a estrela da paz.`,
  },
  {
    code: 'HC-010',
    title: GRACA_SCORE_ONLY,
    subtitle: 'Genebra, 1551',
    author: 'Louis Bourgeois (1551)',
    theme: 'Louvor',
    scores: [PDF, PNG],
  },
];

const EN: SeedSong[] = [
  {
    code: 'H-001',
    title: 'Amazing Grace',
    author: 'John Newton (1779)',
    group: 'Worship team',
    theme: 'Grace',
    rhythm: '3/4',
    tone: 'G',
    chordPro: `{c: Verse 1}
A[G]mazing [G7]grace! How [C]sweet the [G]sound
that [G]saved a wretch like [D]me!
I [G]once was [D/F#]lost, but [Em]now am [C]found;
was [G]blind, but [D7]now I [G]see.`,
    scores: [PDF],
  },
  {
    code: 'H-002',
    title: 'Holy, Holy, Holy',
    author: 'Reginald Heber (1826)',
    theme: 'Worship',
    rhythm: 'Hymn',
    tone: 'D',
    chordPro: `[D]Holy, holy, [Bm]holy! [G]Lord God Al[D]mighty!
[A]Early in the [D]morning our [E7]song shall rise to [A]thee;
[D]holy, holy, [Bm]holy, [G]merciful and [D]mighty!
[G]God in three [D/F#]Persons, [Em7]blessed [A7]Trini[D]ty!`,
  },
  {
    code: 'H-003',
    title: 'Blessed Assurance',
    author: 'Fanny J. Crosby (1873)',
    theme: 'Assurance',
    rhythm: '9/8',
    tone: 'D',
    chordPro: `[D]Blessed assurance, [G]Jesus is [D]mine!
Oh, what a [E7]foretaste of glory di[A]vine!
[D]Heir of salvation, [G]purchase of [D]God,
[G]born of his [D]Spirit, [A7]washed in his [D]blood.

{c: Refrain}
[D]This is my story, [G]this is my [D]song,
praising my [E7]Savior all the day [A]long;
[D]this is my story, [G]this is my [D]song,
[G]praising my [D]Savior [A7]all the day [D]long.`,
  },
  {
    code: 'H-004',
    title: 'It Is Well with My Soul',
    author: 'Horatio G. Spafford (1873)',
    theme: 'Peace',
    rhythm: 'Hymn',
    tone: 'C',
    chordPro: `When [C]peace like a [G/B]river at[Am]tendeth my [F]way,
when [C]sorrows like [Dm7]sea billows [G]roll;
what[C]ever my [C7]lot, thou hast [F]taught me to [Dm]say,
it is [C]well, it is [G7]well with my [C]soul.

{c: Refrain}
It is [C]well [Gsus4]with my [G]soul,
it is [G7]well, it is [C]well with my [F]soul. [C]`,
  },
  {
    code: 'H-005',
    title: 'What a Friend We Have in Jesus',
    author: 'Joseph M. Scriven (1855)',
    theme: 'Prayer',
    rhythm: 'Hymn',
    tone: 'F',
    chordPro: `What a [F]friend we have in [Bb]Je[F]sus,
all our [F]sins and griefs to [C]bear!
What a [F]privilege to [Bb]car[F]ry
every[F]thing to God in [C7]pray[F]er!`,
  },
  {
    code: 'H-006',
    title: 'Come, Thou Fount of Every Blessing',
    author: 'Robert Robinson (1758)',
    theme: 'Grace',
    rhythm: '3/4',
    tone: 'Eb',
    chordPro: `[Eb]Come, thou Fount of [Ab]every [Eb]blessing,
tune my [Eb]heart to sing thy [Bb]grace;
[Eb]streams of mercy, [Ab]never [Eb]ceasing,
call for [Cm]songs of [Bb7]loudest [Eb]praise.`,
  },
  {
    code: 'H-007',
    title: 'Rock of Ages',
    author: 'Augustus M. Toplady (1763)',
    theme: 'Salvation',
    rhythm: 'Hymn',
    tone: 'Bb',
    chordPro: `[Bb]Rock of Ages, [F7]cleft for [Bb]me,
let me [Eb]hide my[F]self in [Bb]thee;
let the [F]water and the [Bb]blood,
from thy [F]wounded side which [Bb]flowed,
be of [Bb]sin the [Eb]double [Cm]cure,
[Bb]save from [Eb]wrath and [F7]make me [Bb]pure.`,
  },
  {
    code: 'H-008',
    title: 'Doxology',
    author: 'Thomas Ken (1674)',
    theme: 'Praise',
    rhythm: 'Hymn',
    tone: 'G',
    chordPro: `[G]Praise God, from [Em]whom all [D]blessings [G]flow;
[G]praise him, all [C]creatures [D]here be[G]low;
[G]praise him a[D]bove, ye [Em]heavenly [D]host;
[G]praise Father, [C]Son, and [D]Holy [G]Ghost.`,
  },
  {
    code: 'H-009',
    title: 'Abide with Me',
    author: 'Henry F. Lyte (1847)',
    theme: 'Comfort',
    rhythm: 'Hymn',
    chordPro: `Abide with me; fast falls the eventide;
the darkness deepens; Lord, with me abide.
When other helpers fail and comforts flee,
Help of the helpless, O abide with me.`,
  },
  {
    code: 'H-010',
    title: 'Old Hundredth',
    subtitle: 'Genevan Psalter, 1551',
    author: 'Louis Bourgeois (1551)',
    theme: 'Praise',
    scores: [PDF, PNG],
  },
];

const ES: SeedSong[] = [
  {
    code: 'HE-001',
    title: '¡Santo! ¡Santo! ¡Santo!',
    author: 'Reginald Heber (1826)',
    group: 'Ministerio de alabanza',
    theme: 'Adoración',
    rhythm: 'Himno',
    tone: 'D',
    chordPro: `[D]¡Santo! ¡Santo! [Bm]¡Santo! [G]Señor omni[D]potente,
[A]siempre el labio [D]mío lo[E7]ores te da[A]rá;
[D]¡Santo! ¡Santo! [Bm]¡Santo! [G]te adoro re[D]verente,
[G]Dios en tres per[D/F#]sonas, [Em7]bendita [A7]Trini[D]dad.`,
    scores: [PDF],
  },
  {
    code: 'HE-002',
    title: 'Castillo fuerte es nuestro Dios',
    author: 'Martín Lutero (1529)',
    theme: 'Confianza',
    rhythm: 'Himno',
    tone: 'C',
    chordPro: `Cas[C]tillo fuerte es [F]nuestro [C]Dios,
de[Am]fensa y [G]buen es[C]cudo;
con [C]su poder nos [F]libra[C]rá
en [Am]este [G]trance a[C]gudo.`,
  },
  {
    code: 'HE-003',
    title: 'Oh, qué amigo nos es Cristo',
    author: 'Joseph M. Scriven (1855)',
    theme: 'Oración',
    rhythm: 'Himno',
    tone: 'F',
    chordPro: `¡Oh, qué [F]amigo nos es [Bb]Cris[F]to!
Él lle[F]vó nuestro do[C]lor,
y nos [F]manda que lle[Bb]ve[F]mos
todo a [F]Dios en ora[C7]ci[F]ón.`,
  },
  {
    code: 'HE-004',
    title: 'Sublime gracia',
    author: 'John Newton (1779)',
    theme: 'Gracia',
    rhythm: '3/4',
    tone: 'G',
    chordPro: `Su[G]blime [G7]gracia [C]del Se[G]ñor
que a un [G]pecador sal[D]vó;
fui [G]ciego [D/F#]mas hoy [Em]veo [C]yo,
per[G]dido y [D7]Él me ha[G]lló.`,
  },
  {
    code: 'HE-005',
    title: 'Estoy bien',
    subtitle: 'It Is Well with My Soul',
    author: 'Horatio G. Spafford (1873)',
    theme: 'Paz',
    rhythm: 'Himno',
    tone: 'C',
    chordPro: `De [C]paz inun[G/B]dada mi [Am]senda ya [F]esté,
o [C]cúbrala un [Dm7]mar de aflic[G]ción,
cual[C]quiera que [C7]sea mi [F]suerte, di[Dm]ré:
estoy [C]bien, tengo [G7]paz, ¡gloria a [C]Dios!`,
  },
  {
    code: 'HE-006',
    title: 'Roca de la eternidad',
    author: 'Augustus M. Toplady (1763)',
    theme: 'Salvación',
    rhythm: 'Himno',
    tone: 'Bb',
    chordPro: `[Bb]Roca de la e[F7]terni[Bb]dad,
fuiste a[Eb]bierta [F]tú por [Bb]mí;
sé mi [F]escondedero [Bb]fiel;
solo en[F]cuentro paz en [Bb]ti.`,
  },
  {
    code: 'HE-007',
    title: 'En la cruz',
    subtitle: 'At the Cross',
    author: 'Isaac Watts (1707), Ralph E. Hudson (1885)',
    theme: 'Cruz',
    rhythm: 'Vals',
    tone: 'E',
    chordPro: `En la [E]cruz, en la [A]cruz do pri[E]mero vi la luz,
y las [E]manchas de mi [F#m7]alma yo la[B7]vé;
fue a[E]llí por [E7]fe do [A]vi a Je[C#m7]sús,
y [E]siempre fe[B7]liz con Él se[E]ré.`,
  },
  {
    code: 'HE-008',
    title: 'Doxología',
    author: 'Thomas Ken (1674)',
    theme: 'Alabanza',
    rhythm: 'Himno',
    tone: 'G',
    chordPro: `A [G]Dios el [Em]Padre [D]celes[G]tial,
al [G]Hijo, [C]nuestro [D]Reden[G]tor,
al [G]eter[D]nal Con[Em]sola[D]dor,
u[G]nidos [C]todos [D]ala[G]bad.`,
  },
  {
    code: 'HE-009',
    title: 'Noche de paz',
    author: 'Joseph Mohr (1818)',
    theme: 'Navidad',
    rhythm: 'Vals',
    chordPro: `Noche de paz, noche de amor,
todo duerme en derredor;
entre los astros que esparcen su luz,
bella anunciando al niñito Jesús,
brilla la estrella de paz.`,
  },
  {
    code: 'HE-010',
    title: 'Salmo 100 (Viejo Centésimo)',
    subtitle: 'Salterio de Ginebra, 1551',
    author: 'Louis Bourgeois (1551)',
    theme: 'Alabanza',
    scores: [PDF, PNG],
  },
];

/** graca and its sisters sing the Portuguese songbook; grace the English one; esperanza the Spanish. */
const SONGBOOKS: Record<string, SeedSong[]> = {
  graca: PT,
  'graca-norte': PT,
  'graca-sul': PT,
  grace: EN,
  esperanza: ES,
};

export async function seedPraise(db: Database): Promise<void> {
  const churches = await db
    .select({ id: t.churches.id, code: t.churches.code })
    .from(t.churches)
    .where(inArray(t.churches.code, Object.keys(SONGBOOKS)));
  for (const church of churches) {
    const songs = SONGBOOKS[church.code]!;
    const existing = await db
      .select({ id: t.praises.id })
      .from(t.praises)
      .where(eq(t.praises.churchId, church.id))
      .limit(1);
    if (existing.length) continue;
    await db.insert(t.praises).values(
      songs.map((s) => ({
        churchId: church.id,
        code: s.code,
        title: s.title,
        subtitle: s.subtitle ?? null,
        author: s.author,
        group: s.group ?? null,
        theme: s.theme,
        rhythm: s.rhythm ?? null,
        tone: s.tone ?? null,
        chordPro: s.chordPro ?? null,
        scores: s.scores ?? [],
      })),
    );
  }
}
