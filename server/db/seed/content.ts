// Demo reading content (docs/content.md) for graca (pt), grace (en) and esperanza (es): 12+ items per
// list in 3+ categories, so paging, filters and search have something to work on. Images are
// the SVGs in public/content/ (made by content-images.ts), sized 1200×675 (covers 600×600).
import { createHash } from 'node:crypto';
import { eq } from 'drizzle-orm';
import type { Database } from '../client.ts';
import * as t from '../schema/index.ts';
import type { CategoryKind, ContentDetails, ContentKind } from '../schema/content.ts';
import { en } from './content/en.ts';
import { es } from './content/es.ts';
import { pt } from './content/pt.ts';
import type { Entry, LanguageContent } from './content/types.ts';
import { publicFileBytes } from '../../content/audio-length.ts';

/** Variants per image set in public/content/ (`<set>-<n>.svg`, n from 1). */
export const IMAGE_VARIANTS = 12;
export const SILENT_AUDIO = '/content/audio/silence.mp3';

const CHURCHES: { code: string; text: LanguageContent; studiesPublic: boolean }[] = [
  { code: 'graca', text: pt, studiesPublic: true },
  // grace keeps its studies for members, so the visitor's view (titles, login prompt) is seen too
  { code: 'grace', text: en, studiesPublic: false },
  { code: 'esperanza', text: es, studiesPublic: true },
];

/** Title of graca's news item whose body carries XSS payloads (spec §8): the page must show it inert. */
export const XSS_FIXTURE_TITLE = 'Nosso site de notícias de cara nova';
const XSS_PAYLOADS =
  '<script>window.__contentXss = "script"</script>' +
  '<p><img src="/content/news-3.svg" width="1200" height="675" alt="" onload="window.__contentXss = \'onload\'" onerror="window.__contentXss = \'onerror\'"></p>' +
  '<p><a href="javascript:window.__contentXss=\'href\'">Veja o site antigo</a></p>';

export function slugify(text: string): string {
  return text
    .normalize('NFD')
    .replace(/\p{M}/gu, '')
    .toLowerCase()
    .replace(/[^a-z0-9]+/g, '-')
    .replace(/^-+|-+$/g, '');
}

const image = (set: string, i: number) => `/content/${set}-${(i % IMAGE_VARIANTS) + 1}.svg`;
const daysAgo = (now: number, days: number, hour = 9) => {
  const d = new Date(now - days * 86_400_000);
  d.setUTCHours(hour + 3, 0, 0, 0); // a morning publication time in the Americas
  return d;
};

/** An 11-character YouTube-style id, stable per title. */
function videoId(title: string): string {
  return createHash('sha256').update(title).digest('base64url').slice(0, 11);
}

function body(text: LanguageContent, tone: 'news' | 'devotional' | 'general', i: number): string {
  const pool = text.paragraphs[tone];
  const p = (k: number) => `<p>${pool[(i + k) % pool.length]}</p>`;
  return [
    p(0),
    `<h2>${text.headings[i % text.headings.length]}</h2>`,
    p(2),
    `<blockquote><p>${text.verses[i % text.verses.length]}</p></blockquote>`,
    p(4),
  ].join('');
}

export async function seedContent(db: Database): Promise<void> {
  const now = Date.now();
  for (const church of CHURCHES) {
    const [row] = await db
      .select({ id: t.churches.id })
      .from(t.churches)
      .where(eq(t.churches.code, church.code));
    if (!row) continue; // a database seeded without this church
    await seedChurch(db, row.id, church.text, church.studiesPublic, church.code, now);
  }
}

async function seedChurch(
  db: Database,
  churchId: number,
  text: LanguageContent,
  studiesPublic: boolean,
  code: string,
  now: number,
) {
  await db.transaction(async (tx) => {
    const categoryIds = {} as Record<CategoryKind, number[]>;
    for (const [kind, names] of Object.entries(text.categories) as [CategoryKind, string[]][]) {
      categoryIds[kind] = [];
      for (const [position, name] of names.entries()) {
        const [cat] = await tx
          .insert(t.contentCategories)
          .values({ churchId, kind, name, slug: slugify(name), position })
          .returning({ id: t.contentCategories.id });
        categoryIds[kind].push(cat!.id);
      }
    }

    const author = (i: number) => text.authors[i % text.authors.length]!;
    type Row = typeof t.contents.$inferInsert;
    const base = (
      kind: ContentKind,
      [title, category, summary, keywords]: Entry,
      i: number,
      extra: Partial<Row> = {},
    ): Row => ({
      churchId,
      kind,
      categoryId:
        kind === 'projeto' || kind === 'publicacao'
          ? null
          : (categoryIds[kind as CategoryKind]?.[category] ?? null),
      title,
      summary,
      keywords,
      author: author(i),
      ...extra,
    });

    const rows: Row[] = [];
    text.news.forEach((entry, i) => {
      const xss = code === 'graca' && entry[0] === XSS_FIXTURE_TITLE;
      rows.push(
        base('noticia', entry, i, {
          body: body(text, 'news', i) + (xss ? XSS_PAYLOADS : ''),
          image: image('news', xss ? 7 : i),
          publishedAt: daysAgo(now, xss ? 0 : 2 + i * 5),
        }),
      );
    });
    text.devotionals.forEach(({ entry, ref }, i) => {
      rows.push(
        base('devocional', entry, i, {
          body: body(text, 'devotional', i),
          image: image('devotional', i),
          details: { referencia: ref },
          publishedAt: daysAgo(now, i, 6),
        }),
      );
    });
    text.ebds.forEach(({ entry, teacher, time, place, audience }, i) => {
      rows.push(
        base('ebd', entry, i, {
          slug: slugify(entry[0]),
          body: body(text, 'general', i),
          image: image('ebd', i),
          author: teacher,
          details: { professor: teacher, horario: time, local: place, publico: audience },
          publishedAt: daysAgo(now, 30 + i),
        }),
      );
    });
    text.studies.forEach(({ entry, ref }, i) => {
      rows.push(
        base('estudo', entry, i, {
          body: body(text, 'devotional', i + 1),
          image: image('study', i),
          details: { referencia: ref },
          publishedAt: daysAgo(now, 3 + i * 7),
        }),
      );
    });
    text.videos.forEach(({ entry, minutes }, i) => {
      rows.push(
        base('video', entry, i, {
          body: `<p>${entry[2]}</p>`,
          image: image('video', i),
          imageWidth: 1280,
          imageHeight: 720,
          details: {
            videoId: videoId(`${code}:${entry[0]}`),
            fonte: 'youtube',
            duracaoSegundos: minutes * 60 + ((i * 17) % 60),
          },
          publishedAt: daysAgo(now, 1 + i * 6, 20),
        }),
      );
    });
    if (rows.length) await tx.insert(t.contents).values(rows);

    // Publications point at their type.
    const typeIds: number[] = [];
    for (const [position, [name, description]] of text.publicationTypes.entries()) {
      const [type] = await tx
        .insert(t.publicationTypes)
        .values({
          churchId,
          slug: slugify(name),
          name,
          description,
          image: image('publication', position),
          position,
        })
        .returning({ id: t.publicationTypes.id });
      typeIds.push(type!.id);
    }
    if (text.publications.length) {
      await tx.insert(t.contents).values(
        text.publications.map((entry, i) =>
          base('publicacao', entry, i, {
            slug: slugify(entry[0]),
            publicationTypeId: typeIds[entry[1]] ?? null,
            body: body(text, 'general', i + 3),
            image: image('publication', i),
            publishedAt: daysAgo(now, 4 + i * 6),
          }),
        ),
      );
    }

    // Ministries, then their projects (which need the ministry's id).
    for (const [i, { entry, leader, projects }] of text.ministries.entries()) {
      const details: ContentDetails = { lider: leader };
      const [ministry] = await tx
        .insert(t.contents)
        .values(
          base('ministerio', entry, i, {
            body: body(text, 'general', i),
            image: image('ministry', i),
            author: leader,
            details,
          }),
        )
        .returning({ id: t.contents.id });
      if (projects.length) {
        await tx.insert(t.contents).values(
          projects.map((p, k) =>
            base('projeto', [p.title, 0, p.summary, entry[3]], i + k, {
              parentId: ministry!.id,
              body: body(text, 'general', i + k + 1),
              image: image('project', i + k),
              author: leader,
              details: { meta: p.goal },
            }),
          ),
        );
      }
    }

    await tx.insert(t.studyConfigs).values({ churchId, publicContent: studiesPublic });

    const show = text.podcast;
    // the enclosure length the podcast feed states (the file is in public/, made by content-images.ts)
    const silentAudioBytes = await publicFileBytes(SILENT_AUDIO);
    const [podcast] = await tx
      .insert(t.podcasts)
      .values({
        churchId,
        code: slugify(show.title),
        title: show.title,
        description: show.description,
        author: show.author,
        image: image('podcast', 0),
      })
      .returning({ id: t.podcasts.id });
    const count = show.episodes.length;
    await tx.insert(t.podcastEpisodes).values(
      show.episodes.map(([title, category, description, keywords], i) => ({
        churchId,
        podcastId: podcast!.id,
        categoryId: categoryIds.podcast[category] ?? null,
        title,
        description,
        keywords,
        position: i + 1,
        // weekly, the first episode oldest
        publishedAt: daysAgo(now, (count - 1 - i) * 7 + 1, 8),
        audioFile: SILENT_AUDIO,
        audioBytes: silentAudioBytes,
        background: image('podcast', i),
        durationSeconds: 1500 + ((i * 137) % 1200),
      })),
    );
  });
}
