// The address services of the data form (settings: BR_POSTCODE_URL, US_POSTCODE_URL,
// COUNTRY_STATES_URL): a Brazilian CEP or US ZIP fills the address; a country lists its states.
import { onlyDigits } from '../../../contract/account-rules.ts';

export interface AddressServices {
  brPostcode: string;
  usPostcode: string;
  countryStates: string;
  countryStatesKey: string | null;
}

export interface State {
  name: string;
  iso2: string;
}

/** What a postcode tells about the address; null when the service does not know it. */
export interface PostcodePlace {
  logradouro?: string;
  bairro?: string;
  cidade?: string;
  estado?: string;
}

const url = (base: string, path: string) =>
  new URL((base.endsWith('/') ? base : `${base}/`) + path, location.origin);

export async function countryStates(services: AddressServices, country: string): Promise<State[]> {
  const headers: Record<string, string> = services.countryStatesKey
    ? { 'X-CSCAPI-KEY': services.countryStatesKey }
    : {};
  const r = await fetch(url(services.countryStates, `${encodeURIComponent(country)}/states/`), {
    headers,
  });
  const list = r.ok ? ((await r.json()) as unknown) : [];
  return Array.isArray(list) ? (list as State[]) : [];
}

export async function findPostcode(
  services: AddressServices,
  country: string,
  code: string,
): Promise<PostcodePlace | null> {
  if (country === 'BR') {
    const r = await fetch(url(services.brPostcode, `${onlyDigits(code)}/json/`));
    const body = (await r.json()) as {
      erro?: boolean;
      logradouro?: string;
      bairro?: string;
      localidade?: string;
      uf?: string;
    };
    if (!r.ok || body.erro) return null;
    return {
      logradouro: body.logradouro,
      bairro: body.bairro,
      cidade: body.localidade,
      estado: body.uf,
    };
  }
  const r = await fetch(
    url(services.usPostcode, `${country.toLowerCase()}/${encodeURIComponent(code)}`),
  );
  if (!r.ok) return null;
  const place = (
    (await r.json()) as { places?: { 'place name': string; 'state abbreviation': string }[] }
  ).places?.[0];
  return place ? { cidade: place['place name'], estado: place['state abbreviation'] } : null;
}
