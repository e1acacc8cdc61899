// POST /language: the footer's language switch (docs/architecture.md "The interface language").
// A plain form, no script: it keeps the choice in the `lang` cookie for a year and goes back to
// the page it was sent from, which then renders in that language (staff area included). The
// browser's language stays the default for anyone who never chose (spec §1).
import type { APIRoute } from 'astro';
import { LANG_COOKIE, LANG_COOKIE_MAX_AGE, LANGUAGES, type Lang } from '../../contract/language.ts';
import { safeRedirect } from '../lib/safe-redirect.ts';

export const prerender = false;

export const POST: APIRoute = async ({ request }) => {
  const form = await request.formData().catch(() => null);
  const lang = String(form?.get('lang') ?? '');
  const back = safeRedirect(String(form?.get('back') ?? '/'));
  if (!(LANGUAGES as readonly string[]).includes(lang))
    return new Response(null, { status: 303, headers: { location: back } });
  return new Response(null, {
    status: 303,
    headers: {
      location: back,
      'cache-control': 'private, no-store',
      'set-cookie': `${LANG_COOKIE}=${lang as Lang}; Path=/; Max-Age=${LANG_COOKIE_MAX_AGE}; SameSite=Lax; HttpOnly`,
    },
  });
};

/** A link to the switch goes home: a GET changes nothing. */
export const GET: APIRoute = () => new Response(null, { status: 303, headers: { location: '/' } });
