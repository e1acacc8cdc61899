// Demo notifications (spec §3 Notification). Each one points at a real page of its own church:
// the related id is looked up after the content and events parts ran (an event's or a content's
// id, an EBD class's slug, since EBD pages are addressed by slug), and the text names what it
// opens, so a notification never leads to "content unavailable" nor to another event.
import { and, asc, desc, eq, inArray, lte, ne } from 'drizzle-orm';
import type { Database } from '../client.ts';
import * as t from '../schema/index.ts';
import { XSS_FIXTURE_TITLE } from './content.ts';

/** What a notification opens: an event by title, the newest content of a kind, or nothing. */
type Target = { event: string } | { content: 'noticia' | 'devocional' | 'ebd' } | null;
type Demo = { title: string; body: (name: string) => string; type: string; target: Target };

const NOTIFICATIONS: Record<string, Demo[]> = {
  graca: [
    {
      title: 'Culto ao vivo agora',
      body: () => 'O culto de domingo já começou. Assista ao vivo!',
      type: 'CULTO',
      target: null,
    },
    {
      title: 'Inscrições abertas',
      body: (name) => `As inscrições para o ${name} estão abertas.`,
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
      title: 'Live service now',
      body: () => 'Sunday service has started. Watch it live!',
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
      await tx.delete(t.notifications).where(
        and(
          eq(t.notifications.churchId, church.id),
          inArray(
            t.notifications.title,
            list.map((n) => n.title),
          ),
        ),
      );
      const rows = [];
      for (const [i, n] of list.entries()) {
        const found = await resolve(tx, church.id, n.target);
        if (n.target && !found) continue; // nothing to point at: no notification rather than a dead one
        const at = new Date(Date.now() - (i + 1) * 3_600_000);
        rows.push({
          churchId: church.id,
          title: n.title,
          body: n.body(found?.name ?? ''),
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
): Promise<{ related: string; name: string } | null> {
  if (!target) return null;
  if ('event' in target) {
    const [event] = await db
      .select({ id: t.events.id, title: t.events.title })
      .from(t.events)
      .where(and(eq(t.events.churchId, churchId), eq(t.events.title, target.event)))
      .orderBy(asc(t.events.id))
      .limit(1);
    return event ? { related: String(event.id), name: event.title } : null;
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
  return related ? { related, name: content.title } : null;
}
