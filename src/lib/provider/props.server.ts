// The provider islands' props (docs/provider.md): the page's language, the `provider.` strings
// (and the pager's `list.`) and the provider domain. These pages have no church, so the church
// sites' islandProps does not apply.
import { messages } from '../i18n.ts';
import { settings } from '../settings.server.ts';

export function providerProps(locals: App.Locals) {
  const strings = Object.fromEntries(
    Object.entries(messages[locals.lang]).filter(
      ([key]) => key.startsWith('provider.') || key.startsWith('list.'),
    ),
  );
  return { lang: locals.lang, strings, domain: settings.PROVIDER_DOMAIN };
}
