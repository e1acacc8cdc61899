import type { APIRoute } from 'astro';
import { adminUrl } from '../../lib/admin-link.ts';
import { settings } from '../../lib/settings.server.ts';

export const GET: APIRoute = ({ locals, redirect }) =>
  redirect(
    adminUrl(settings.ADMIN_URL, 'login', locals.lang, locals.church?.church.codigo ?? null),
    302,
  );
