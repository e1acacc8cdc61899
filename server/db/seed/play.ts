// Demo Play (spec §2 "/play", MOD_ASSINATURA) for graca (pt) and grace (en): settings, plans with a
// contracting fee, tags shown as home rows, collections and 8 short videos each, some open and some
// closed (spec §6). Each plays its own demo video (server/play/media-demo.ts, made by
// scripts/make-play-media.ts): open ones from public/play-demo/, closed ones from media/play/ through
// signed URLs only; some have captions.
import { eq } from 'drizzle-orm';
import { DEMO_OPEN, demoMediaPaths } from '../../play/media-demo.ts';
import type { Database } from '../client.ts';
import * as t from '../schema/index.ts';

const DAY = 86_400_000;

interface SeedVideo {
  title: string;
  description: string;
  open: boolean;
  featured?: boolean;
  collection?: number;
  tags: number[];
  seconds: number;
}
interface ChurchPlay {
  code: string;
  subscriber: string;
  settings: { title: string; description: string };
  /** Prices and fees in currency units, like the API. */
  plans: { name: string; description: string; price: number; fee: number; days: number }[];
  tags: string[];
  collections: { title: string; description: string }[];
  videos: SeedVideo[];
}

/** A demo subscriber per church (yearly plan, paid a year ahead, no card: it lapses then), so closed videos can be watched in the demo. */
export const GRACA_SUBSCRIBER = 'ricardo.santos@graca.demo';
export const GRACE_SUBSCRIBER = 'sarah.johnson@grace.demo';

/** Titles tests and e2e look for. */
export const GRACA_OPEN_VIDEO = 'Boas-vindas à Graça Play';
export const GRACA_CLOSED_VIDEO = 'Série Fundamentos — 1. A graça de Deus';

const GRACA: ChurchPlay = {
  code: 'graca',
  subscriber: GRACA_SUBSCRIBER,
  settings: {
    title: 'Graça Play',
    description: 'Mensagens, séries e estudos da Igreja da Graça, quando e onde você quiser.',
  },
  plans: [
    {
      name: 'Mensal',
      description: 'Acesso a todo o conteúdo fechado, renovado todo mês.',
      price: 19.9,
      fee: 5,
      days: 30,
    },
    {
      name: 'Anual',
      description: 'Doze meses pelo preço de dez.',
      price: 199,
      fee: 0,
      days: 365,
    },
  ],
  tags: ['Pregações', 'Estudos bíblicos', 'Família', 'Louvor'],
  collections: [
    { title: 'Série Fundamentos', description: 'Quatro mensagens sobre as bases da fé cristã.' },
    { title: 'Casamento em foco', description: 'Conversas para casais de todas as idades.' },
  ],
  videos: [
    {
      title: GRACA_OPEN_VIDEO,
      description: 'Conheça a Graça Play e o que preparamos para você.',
      open: true,
      featured: true,
      tags: [0],
      seconds: 8,
    },
    {
      title: GRACA_CLOSED_VIDEO,
      description: 'O favor imerecido de Deus e o que ele muda em nós.',
      open: false,
      featured: true,
      collection: 0,
      tags: [0, 1],
      seconds: 8,
    },
    {
      title: 'Série Fundamentos — 2. A fé que salva',
      description: 'Crer é confiar: um estudo em Romanos.',
      open: false,
      collection: 0,
      tags: [1],
      seconds: 8,
    },
    {
      title: 'Série Fundamentos — 3. A oração',
      description: 'Falar com Deus todos os dias.',
      open: true,
      collection: 0,
      tags: [1],
      seconds: 8,
    },
    {
      title: 'Série Fundamentos — 4. A igreja',
      description: 'Por que caminhamos juntos.',
      open: false,
      collection: 0,
      tags: [0],
      seconds: 8,
    },
    {
      title: 'Casamento em foco — Diálogo',
      description: 'Como conversar sem brigar.',
      open: false,
      featured: true,
      collection: 1,
      tags: [2],
      seconds: 8,
    },
    {
      title: 'Casamento em foco — Finanças do casal',
      description: 'Orçamento, dívidas e generosidade a dois.',
      open: false,
      collection: 1,
      tags: [2],
      seconds: 8,
    },
    {
      title: 'Noite de louvor — ao vivo',
      description: 'Os melhores momentos da nossa noite de louvor.',
      open: true,
      tags: [3],
      seconds: 8,
    },
  ],
};

const GRACE: ChurchPlay = {
  code: 'grace',
  subscriber: GRACE_SUBSCRIBER,
  settings: {
    title: 'Grace Play',
    description: 'Sermons, series and studies from Grace Community Church, whenever you want.',
  },
  plans: [
    {
      name: 'Monthly',
      description: 'Every closed video, renewed each month.',
      price: 9.99,
      fee: 3,
      days: 30,
    },
    {
      name: 'Yearly',
      description: 'Twelve months for the price of ten.',
      price: 99.9,
      fee: 0,
      days: 365,
    },
  ],
  tags: ['Sermons', 'Bible studies', 'Family', 'Worship'],
  collections: [
    {
      title: 'Foundations series',
      description: 'Four messages on the basics of the Christian faith.',
    },
    { title: 'Marriage matters', description: 'Conversations for couples of every age.' },
  ],
  videos: [
    {
      title: 'Welcome to Grace Play',
      description: 'What Grace Play is and what we have prepared for you.',
      open: true,
      featured: true,
      tags: [0],
      seconds: 8,
    },
    {
      title: 'Foundations 1 — The grace of God',
      description: 'God’s undeserved favour and what it changes in us.',
      open: false,
      featured: true,
      collection: 0,
      tags: [0, 1],
      seconds: 8,
    },
    {
      title: 'Foundations 2 — Saving faith',
      description: 'Believing is trusting: a study in Romans.',
      open: false,
      collection: 0,
      tags: [1],
      seconds: 8,
    },
    {
      title: 'Foundations 3 — Prayer',
      description: 'Talking with God every day.',
      open: true,
      collection: 0,
      tags: [1],
      seconds: 8,
    },
    {
      title: 'Foundations 4 — The church',
      description: 'Why we walk together.',
      open: false,
      collection: 0,
      tags: [0],
      seconds: 8,
    },
    {
      title: 'Marriage matters — Talking it through',
      description: 'How to talk without fighting.',
      open: false,
      featured: true,
      collection: 1,
      tags: [2],
      seconds: 8,
    },
    {
      title: 'Marriage matters — Money as a couple',
      description: 'Budgets, debt and generosity together.',
      open: false,
      collection: 1,
      tags: [2],
      seconds: 8,
    },
    {
      title: 'Worship night highlights',
      description: 'The best moments of our worship night.',
      open: true,
      tags: [3],
      seconds: 8,
    },
  ],
};

async function seedChurch(db: Database, church: ChurchPlay) {
  const [row] = await db
    .select({ id: t.churches.id })
    .from(t.churches)
    .where(eq(t.churches.code, church.code));
  if (!row) return;
  const churchId = row.id;
  await db
    .insert(t.playSettings)
    .values({ churchId, contentVisibility: 'misto', ...church.settings });
  const plans = await db
    .insert(t.playPlans)
    .values(
      church.plans.map((p, i) => ({
        churchId,
        name: p.name,
        description: p.description,
        priceCents: Math.round(p.price * 100),
        feeCents: Math.round(p.fee * 100),
        periodDays: p.days,
        position: i,
      })),
    )
    .returning({ id: t.playPlans.id, days: t.playPlans.periodDays });
  const [subscriber] = await db
    .select({ id: t.users.id })
    .from(t.users)
    .where(eq(t.users.email, church.subscriber));
  const yearly = plans.find((p) => p.days >= 365) ?? plans[0]!;
  if (subscriber) {
    await db.insert(t.playSubscriptions).values({
      churchId,
      userId: subscriber.id,
      planId: yearly.id,
      status: 'ativo',
      code: `DEMO-${church.code.toUpperCase()}-1`,
      paidUntil: new Date(Date.now() + 365 * DAY),
    });
  }
  const tags = await db
    .insert(t.playTags)
    .values(church.tags.map((name, i) => ({ churchId, name, position: i })))
    .returning({ id: t.playTags.id });
  const collections = await db
    .insert(t.playCollections)
    .values(
      church.collections.map((c, i) => ({
        churchId,
        title: c.title,
        description: c.description,
        position: i,
      })),
    )
    .returning({ id: t.playCollections.id });
  const now = Date.now();
  for (const [i, v] of church.videos.entries()) {
    if (DEMO_OPEN[i] !== v.open)
      throw new Error(
        `play seed: ${church.code} video ${i + 1} open=${v.open} but its demo media is ${DEMO_OPEN[i] ? 'open' : 'closed'}`,
      );
    const [content] = await db
      .insert(t.playContents)
      .values({
        churchId,
        collectionId: v.collection !== undefined ? collections[v.collection]!.id : null,
        title: v.title,
        description: v.description,
        durationSeconds: v.seconds,
        visibility: v.open ? 'aberto' : 'fechado',
        featured: v.featured ?? false,
        ...demoMediaPaths(church.code, i),
        position: i,
        publishedAt: new Date(now - i * DAY),
      })
      .returning({ id: t.playContents.id });
    await db
      .insert(t.playContentTags)
      .values(v.tags.map((tag) => ({ churchId, contentId: content!.id, tagId: tags[tag]!.id })));
  }
}

export async function seedPlay(db: Database): Promise<void> {
  for (const church of [GRACA, GRACE]) await seedChurch(db, church);
}
