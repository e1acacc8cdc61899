// spec §2 Other: /admin and /admin/recover-password leave for the provider's admin site,
// with the browser language and the church subdomain.
import type { Lang } from './i18n.ts';

export function adminUrl(
  adminBase: string,
  page: 'login' | 'recover-password',
  lang: Lang,
  churchCode: string | null,
): string {
  const url = new URL(page, adminBase.endsWith('/') ? adminBase : `${adminBase}/`);
  url.searchParams.set('lang', lang);
  if (churchCode) url.searchParams.set('igreja', churchCode);
  return url.toString();
}
