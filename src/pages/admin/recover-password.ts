// spec §2: /admin/recover-password leaves for the outside admin site when ADMIN_URL is set;
// otherwise staff recover their password as every member does, on /access (docs/staff.md).
import type { APIRoute } from 'astro';
import { adminUrl } from '../../lib/admin-link.ts';
import { loginPath } from '../../lib/safe-redirect.ts';
import { settings } from '../../lib/settings.server.ts';

export const GET: APIRoute = ({ locals, redirect }) =>
  redirect(
    settings.ADMIN_URL
      ? adminUrl(
          settings.ADMIN_URL,
          'recover-password',
          locals.lang,
          locals.church?.church.codigo ?? null,
        )
      : loginPath('/admin'),
    302,
  );
