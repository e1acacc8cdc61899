// Reading plans (docs/reading-plans.md): four per language in the churches that speak it, the demo
// member half-way through one (and done with another), the grace member half-way through one.
import { and, eq } from 'drizzle-orm';
import type { Lang } from '../../../contract/language.ts';
import type { Database } from '../client.ts';
import * as t from '../schema/index.ts';
import { chaptersOf, spread, WHOLE_BIBLE } from '../../reading-plans/plan-builder.ts';

interface PlanSeed {
  slug: 'gospels' | 'psalms' | 'proverbs' | 'year';
  days: number;
  books: readonly string[];
  name: Record<Lang, string>;
  description: Record<Lang, string>;
}

const PLANS: PlanSeed[] = [
  {
    slug: 'gospels',
    days: 30,
    books: ['matt', 'mark', 'luke', 'john'],
    name: {
      pt: 'Evangelhos em 30 dias',
      en: 'The Gospels in 30 Days',
      es: 'Los Evangelios en 30 días',
    },
    description: {
      pt: 'Mateus, Marcos, Lucas e João: a vida de Jesus em três capítulos por dia.',
      en: 'Matthew, Mark, Luke and John: the life of Jesus in three chapters a day.',
      es: 'Mateo, Marcos, Lucas y Juan: la vida de Jesús en tres capítulos por día.',
    },
  },
  {
    slug: 'psalms',
    days: 30,
    books: ['ps'],
    name: { pt: 'Salmos em 30 dias', en: 'Psalms in 30 Days', es: 'Salmos en 30 días' },
    description: {
      pt: 'Cinco salmos por dia para orar com as palavras da Bíblia.',
      en: 'Five psalms a day, to pray with the words of Scripture.',
      es: 'Cinco salmos por día para orar con las palabras de la Biblia.',
    },
  },
  {
    slug: 'proverbs',
    days: 31,
    books: ['prov'],
    name: { pt: 'Provérbios em 31 dias', en: 'Proverbs in 31 Days', es: 'Proverbios en 31 días' },
    description: {
      pt: 'Um capítulo de sabedoria por dia, durante um mês.',
      en: 'One chapter of wisdom a day for a month.',
      es: 'Un capítulo de sabiduría por día durante un mes.',
    },
  },
  {
    slug: 'year',
    days: 365,
    books: WHOLE_BIBLE,
    name: { pt: 'Bíblia em um ano', en: 'The Bible in a Year', es: 'La Biblia en un año' },
    description: {
      pt: 'De Gênesis a Apocalipse em 365 dias, cerca de três capítulos por dia.',
      en: 'Genesis to Revelation in 365 days, about three chapters a day.',
      es: 'De Génesis a Apocalipsis en 365 días, unos tres capítulos por día.',
    },
  },
];

/** The demo churches and the language of their plans. */
const CHURCHES: [code: string, lang: Lang][] = [
  ['graca', 'pt'],
  ['grace', 'en'],
  ['esperanza', 'es'],
];

const isoDay = (daysAgo: number) =>
  new Date(Date.now() - daysAgo * 86_400_000).toISOString().slice(0, 10);

async function subscribe(
  db: Database,
  email: string,
  churchId: number,
  planId: number,
  startedDaysAgo: number,
  readDays: number,
  completed = false,
) {
  const [user] = await db.select({ id: t.users.id }).from(t.users).where(eq(t.users.email, email));
  if (!user) return;
  const [sub] = await db
    .insert(t.readingPlanSubscriptions)
    .values({
      churchId,
      userId: user.id,
      planId,
      startDate: isoDay(startedDaysAgo),
      completedAt: completed ? new Date(Date.now() - 86_400_000) : null,
    })
    .returning({ id: t.readingPlanSubscriptions.id });
  if (readDays > 0) {
    await db.insert(t.readingPlanProgress).values(
      Array.from({ length: readDays }, (_, i) => ({
        churchId,
        subscriptionId: sub!.id,
        day: i + 1,
        readAt: new Date(Date.now() - (startedDaysAgo - i) * 86_400_000),
      })),
    );
  }
}

export async function seedReadingPlans(db: Database): Promise<void> {
  for (const [code, lang] of CHURCHES) {
    const [church] = await db
      .select({ id: t.churches.id })
      .from(t.churches)
      .where(eq(t.churches.code, code));
    if (!church) continue;
    for (const [position, plan] of PLANS.entries()) {
      const days = spread(chaptersOf(plan.books), plan.days);
      const [row] = await db
        .insert(t.readingPlans)
        .values({
          churchId: church.id,
          name: plan.name[lang],
          description: plan.description[lang],
          language: lang,
          days: plan.days,
          position,
        })
        .returning({ id: t.readingPlans.id });
      await db.insert(t.readingPlanDays).values(
        days.map((passages, i) => ({
          churchId: church.id,
          planId: row!.id,
          day: i + 1,
          passages,
        })),
      );
    }
  }
  const plan = async (code: string, name: string) => {
    const [row] = await db
      .select({ id: t.readingPlans.id, churchId: t.readingPlans.churchId })
      .from(t.readingPlans)
      .innerJoin(t.churches, eq(t.churches.id, t.readingPlans.churchId))
      .where(and(eq(t.churches.code, code), eq(t.readingPlans.name, name)));
    return row;
  };
  // Maria is on day 12 of the psalms with 9 days read (so "catch me up" has work to do) and has
  // finished Proverbs; John (grace) is in the middle of the English psalms.
  const psalms = await plan('graca', PLANS[1]!.name.pt);
  if (psalms) await subscribe(db, 'membro@graca.demo', psalms.churchId, psalms.id, 11, 9);
  const proverbs = await plan('graca', PLANS[2]!.name.pt);
  if (proverbs)
    await subscribe(db, 'membro@graca.demo', proverbs.churchId, proverbs.id, 40, 31, true);
  const enPsalms = await plan('grace', PLANS[1]!.name.en);
  if (enPsalms) await subscribe(db, 'member@grace.demo', enPsalms.churchId, enPsalms.id, 5, 5);
}
