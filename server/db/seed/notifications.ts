// Demo notifications (spec §3 Notification). Each one points at a real page of its own church:
// the related id is looked up after the content and events parts ran (an event's or a content's
// id, an EBD class's slug, since EBD pages are addressed by slug), and the text names what it
// opens, so a notification never leads to "content unavailable" nor to another event.
import { dateFormat } from '../../../common/format.ts';
import { and, asc, desc, eq, inArray, lte, ne, sql } from 'drizzle-orm';
import type { Database } from '../client.ts';
import * as t from '../schema/index.ts';
import { XSS_FIXTURE_TITLE } from './content.ts';

/** What a notification opens: an event by title, the newest content of a kind, or nothing. */
type Target = { event: string } | { content: 'noticia' | 'devocional' | 'ebd' } | null;
/** What the target is now: its name and, for an event, when its first ticket goes on sale. */
type Found = { related: string; name: string; opensAt: Date | null };
type Demo = {
  title: string | ((found: Found | null) => string);
  body: (name: string, found: Found | null) => string;
  type: string;
  target: Target;
};

/** Titles of earlier seeds, replaced by the ones below (their texts were not always true). */
const OLD_TITLES = ['Culto ao vivo agora', 'Live service now', 'Inscrições abertas'];

/** An event's notification says what is true when the demo is seeded: open, or opening on a date. */
const onSale = (found: Found | null) => !found?.opensAt || found.opensAt.getTime() <= Date.now();
const day = (date: Date) =>
  dateFormat('pt-BR', {
    day: 'numeric',
    month: 'long',
    timeZone: 'America/Sao_Paulo',
  }).format(date);

const NOTIFICATIONS: Record<string, Demo[]> = {
  graca: [
    {
      // True on any day: /live shows the stream when one is on, else when the next one starts.
      title: 'Cultos ao vivo',
      body: () => 'Nossos cultos são transmitidos ao vivo. Veja quando começa o próximo.',
      type: 'CULTO',
      target: null,
    },
    {
      title: (found) => (onSale(found) ? 'Inscrições abertas' : 'Inscrições em breve'),
      body: (name, found) =>
        onSale(found)
          ? `As inscrições para o ${name} estão abertas.`
          : `As inscrições para o ${name} abrem em ${day(found!.opensAt!)}.`,
      type: 'EVENTO',
      target: { event: 'Acampamento de Verão' },
    },
    {
      title: 'Nova notícia',
      body: (name) => `Confira: ${name}.`,
      type: 'NOTICIA',
      target: { content: 'noticia' },
    },
    {
      title: 'Devocional do dia',
      body: (name) => `Um novo devocional foi publicado para você: ${name}.`,
      type: 'DEVOCIONAL',
      target: { content: 'devocional' },
    },
    {
      title: 'Aula da EBD',
      body: (name) => `A nova lição da Escola Bíblica está disponível: ${name}.`,
      type: 'EBD',
      target: { content: 'ebd' },
    },
    {
      title: 'Obrigado pela sua oferta',
      body: () => 'Recebemos sua contribuição. Deus abençoe!',
      type: 'DOACAO',
      target: null,
    },
  ],
  grace: [
    {
      title: 'Live services',
      body: () => 'Our services stream live here. See when the next one starts.',
      type: 'CULTO',
      target: null,
    },
    {
      title: 'New devotional',
      body: (name) => `A new devotional is waiting for you: ${name}.`,
      type: 'DEVOCIONAL',
      target: { content: 'devocional' },
    },
  ],
  esperanza: [
    {
      title: 'Nueva noticia',
      body: (name) => `Mira las novedades de la semana: ${name}.`,
      type: 'NOTICIA',
      target: { content: 'noticia' },
    },
  ],
};

export async function seedNotifications(db: Database): Promise<void> {
  const churchRows = await db
    .select({ id: t.churches.id, code: t.churches.code })
    .from(t.churches)
    .where(inArray(t.churches.code, Object.keys(NOTIFICATIONS)));
  await db.transaction(async (tx) => {
    for (const church of churchRows) {
      const list = NOTIFICATIONS[church.code]!;
      // Databases seeded before this part carry the same notifications with fixed ids: replace them.
      const titles = list.flatMap((n) =>
        typeof n.title === 'string'
          ? [n.title]
          : [n.title(null), n.title({ related: '', name: '', opensAt: new Date(8.64e15) })],
      );
      await tx
        .delete(t.notifications)
        .where(
          and(
            eq(t.notifications.churchId, church.id),
            inArray(t.notifications.title, [...titles, ...OLD_TITLES]),
          ),
        );
      const rows = [];
      for (const [i, n] of list.entries()) {
        const found = await resolve(tx, church.id, n.target);
        if (n.target && !found) continue; // nothing to point at: no notification rather than a dead one
        const at = new Date(Date.now() - (i + 1) * 3_600_000);
        rows.push({
          churchId: church.id,
          title: typeof n.title === 'string' ? n.title : n.title(found),
          body: n.body(found?.name ?? '', found),
          typeCode: n.type,
          relatedId: found?.related ?? null,
          createdAt: at,
          updatedAt: at,
        });
      }
      if (rows.length) await tx.insert(t.notifications).values(rows);
    }
  });
}

async function resolve(
  db: Pick<Database, 'select'>,
  churchId: number,
  target: Target,
): Promise<Found | null> {
  if (!target) return null;
  if ('event' in target) {
    const [event] = await db
      .select({ id: t.events.id, title: t.events.title })
      .from(t.events)
      .where(and(eq(t.events.churchId, churchId), eq(t.events.title, target.event)))
      .orderBy(asc(t.events.id))
      .limit(1);
    if (!event) return null;
    const [first] = await db
      .select({ from: t.tickets.availableFrom })
      .from(t.tickets)
      .where(and(eq(t.tickets.churchId, churchId), eq(t.tickets.eventId, event.id)))
      .orderBy(sql`${t.tickets.availableFrom} asc nulls first`) // no date: on sale already
      .limit(1);
    return { related: String(event.id), name: event.title, opensAt: first?.from ?? null };
  }
  const [content] = await db
    .select({ id: t.contents.id, slug: t.contents.slug, title: t.contents.title })
    .from(t.contents)
    // the newest published one, not the page that carries the XSS fixture
    .where(
      and(
        eq(t.contents.churchId, churchId),
        eq(t.contents.kind, target.content),
        eq(t.contents.active, true),
        lte(t.contents.publishedAt, new Date()),
        ne(t.contents.title, XSS_FIXTURE_TITLE),
      ),
    )
    .orderBy(desc(t.contents.publishedAt), desc(t.contents.id))
    .limit(1);
  if (!content) return null;
  const related = target.content === 'ebd' ? content.slug : String(content.id);
  return related ? { related, name: content.title, opensAt: null } : null;
}
