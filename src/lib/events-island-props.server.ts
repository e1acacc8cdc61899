// The props every events/checkout island gets from its page: the church (for the session),
// its slug, the language and only the strings the islands use (islands do not load i18next).
import { messages } from './i18n.ts';

const PREFIXES = ['events.', 'checkout.', 'payment.', 'registrations.', 'cards.'];

export function eventsIslandProps(locals: App.Locals) {
  const church = locals.church!.church;
  const all = messages[locals.lang];
  const strings = Object.fromEntries(Object.entries(all).filter(([key]) => PREFIXES.some((p) => key.startsWith(p))));
  return {
    church: { id: church.id, codigo: church.codigo, nome: church.nome, pais: church.endereco.pais, slugOrganizacao: church.slugOrganizacao },
    slug: church.slug,
    lang: locals.lang,
    strings,
  };
}
