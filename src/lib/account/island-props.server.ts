// The props every account island gets from its page: the church (for the session), the
// language and the page's `account.*` strings, plus the pager's `list.*` (islands do not load i18next).
import { islandProps } from '../island-props.server.ts';
import { settings } from '../settings.server.ts';
import type { AddressServices } from './postcode.ts';

export function accountIslandProps(locals: App.Locals) {
  const { church, lang, strings } = islandProps(locals, ['account.', 'list.']);
  return { church, lang, strings };
}

/** Base URLs of the outside address services (settings; the defaults are served by this API). */
export function addressServices(): AddressServices {
  return {
    brPostcode: settings.BR_POSTCODE_URL,
    usPostcode: settings.US_POSTCODE_URL,
    countryStates: settings.COUNTRY_STATES_URL,
    countryStatesKey: settings.COUNTRY_STATES_KEY ?? null,
  };
}
