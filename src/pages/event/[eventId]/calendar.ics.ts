// /event/{id}/calendar.ics: the event as an iCalendar file ("add to calendar").
import type { APIRoute } from 'astro';
import { buildIcs } from '../../../lib/ics.ts';
import { loadEvent } from '../../../loaders/events.server.ts';

export const GET: APIRoute = async ({ params, locals, url }) => {
  const church = locals.church;
  const event = church ? await loadEvent(church.church.slug, params.eventId) : null;
  if (!church || !event)
    return new Response(locals.t('events.notFound'), {
      status: 404,
      headers: { 'content-type': 'text/plain; charset=utf-8' },
    });
  const body = buildIcs({
    uid: `evento-${event.id}@${church.church.codigo}.${url.hostname.split('.').slice(1).join('.') || url.hostname}`,
    title: event.titulo,
    description: event.descricao,
    location: [event.local, event.endereco].filter(Boolean).join(' — '),
    url: `${url.origin}/event/${event.id}`,
    start: new Date(event.dataInicio),
    end: new Date(event.dataFim),
  });
  return new Response(body, {
    headers: {
      'content-type': 'text/calendar; charset=utf-8',
      'content-disposition': `attachment; filename="evento-${event.id}.ics"`,
      'cache-control': 'public, max-age=300',
    },
  });
};
