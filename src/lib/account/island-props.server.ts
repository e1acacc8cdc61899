// The props every account island gets from its page: the church (for the session), the
// language and the page's `account.*` strings (islands do not load i18next).
import { messages } from '../i18n.ts';
import { settings } from '../settings.server.ts';

export function accountIslandProps(locals: App.Locals) {
  const church = locals.church!.church;
  const all = messages[locals.lang];
  const strings = Object.fromEntries(Object.entries(all).filter(([key]) => key.startsWith('account.')));
  return {
    church: { id: church.id, codigo: church.codigo, nome: church.nome, pais: church.endereco.pais, slugOrganizacao: church.slugOrganizacao },
    lang: locals.lang,
    strings,
  };
}

/** Base URLs of the outside address services (settings; the defaults are served by this API). */
export function addressServices() {
  return { brPostcode: settings.BR_POSTCODE_URL, usPostcode: settings.US_POSTCODE_URL, countryStates: settings.COUNTRY_STATES_URL, countryStatesKey: settings.COUNTRY_STATES_KEY ?? null };
}
