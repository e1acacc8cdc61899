// spec §7 "Utilities": countries, occupations and marital statuses, in the request's language;
// and the embedded default of the outside postcode and country/state services.
import { Hono } from 'hono';
import countries from 'i18n-iso-countries';
import enCountries from 'i18n-iso-countries/langs/en.json' with { type: 'json' };
import esCountries from 'i18n-iso-countries/langs/es.json' with { type: 'json' };
import ptCountries from 'i18n-iso-countries/langs/pt.json' with { type: 'json' };
import { z } from 'zod';
import { MARITAL_STATUS_NAMES } from '../../contract/messages/account.ts';
import { type MessageLang } from '../../contract/messages/lang.ts';
import { isValidCep, isValidUsZip, MARITAL_STATUSES } from '../../contract/account-rules.ts';
import { ApiProblem, langOf } from '../http/errors.ts';
import { memoByText } from '../../common/memo.ts';
import { validate } from '../http/validate.ts';
import { BR_POSTCODES, COUNTRY_STATES, US_POSTCODES } from './postcode-data.ts';

countries.registerLocale(ptCountries);
countries.registerLocale(enCountries);
countries.registerLocale(esCountries);

const OCCUPATIONS: Record<MessageLang, string[]> = {
  pt: [
    'Administrador(a)',
    'Advogado(a)',
    'Aposentado(a)',
    'Autônomo(a)',
    'Comerciante',
    'Desempregado(a)',
    'Do lar',
    'Empresário(a)',
    'Enfermeiro(a)',
    'Engenheiro(a)',
    'Estudante',
    'Funcionário(a) público(a)',
    'Médico(a)',
    'Motorista',
    'Pastor(a)',
    'Professor(a)',
    'Vendedor(a)',
    'Outra',
  ],
  en: [
    'Administrator',
    'Lawyer',
    'Retired',
    'Self-employed',
    'Shopkeeper',
    'Unemployed',
    'Homemaker',
    'Business owner',
    'Nurse',
    'Engineer',
    'Student',
    'Public servant',
    'Physician',
    'Driver',
    'Pastor',
    'Teacher',
    'Salesperson',
    'Other',
  ],
  es: [
    'Administrador(a)',
    'Abogado(a)',
    'Jubilado(a)',
    'Autónomo(a)',
    'Comerciante',
    'Desempleado(a)',
    'Ama de casa',
    'Empresario(a)',
    'Enfermero(a)',
    'Ingeniero(a)',
    'Estudiante',
    'Funcionario(a) público(a)',
    'Médico(a)',
    'Conductor(a)',
    'Pastor(a)',
    'Profesor(a)',
    'Vendedor(a)',
    'Otra',
  ],
};

const cepParams = z.object({ cep: z.string().refine(isValidCep, 'v.cep') });
const zipParams = z.object({
  country: z.string().regex(/^[a-zA-Z]{2}$/, 'v.country'),
  postcode: z.string().min(1).max(12),
});
const countryParams = z.object({ country: z.string().regex(/^[a-zA-Z]{2}$/, 'v.country') });

/** The countries by name in a language: the same list on every call, so sorted once per language. */
const countryList = memoByText((lang = 'pt') => {
  const collator = new Intl.Collator(lang);
  return Object.entries(countries.getNames(lang, { select: 'official' }))
    .map(([codigo, nome]) => ({ codigo, nome }))
    .sort((a, b) => collator.compare(a.nome, b.nome));
}, 8);

export function utilRoutes() {
  return (
    new Hono({ strict: false })
      .get('/utils/pais', (c) => {
        c.header('Cache-Control', 'public, max-age=86400');
        return c.json({ paises: countryList(langOf(c)) });
      })
      .get('/utils/ocupacao', (c) => {
        c.header('Cache-Control', 'public, max-age=86400');
        return c.json({
          ocupacoes: OCCUPATIONS[langOf(c)].map((nome) => ({ codigo: nome, nome })),
        });
      })
      .get('/utils/estado-civil', (c) => {
        const names = MARITAL_STATUS_NAMES[langOf(c)];
        c.header('Cache-Control', 'public, max-age=86400');
        return c.json({
          estadosCivis: MARITAL_STATUSES.map((codigo) => ({ codigo, nome: names[codigo] })),
        });
      })
      // The embedded Brazilian postcode service: GET {cep}/json/
      .get('/postcode/br/:cep/json', validate('param', cepParams), (c) => {
        const cep = c.req.valid('param').cep.replace(/-/g, '').trim();
        const found = BR_POSTCODES[cep];
        if (!found) return c.json({ erro: true as const });
        return c.json({ cep: `${cep.slice(0, 5)}-${cep.slice(5)}`, complemento: '', ...found });
      })
      // The embedded US postcode service: GET {country}/{postcode}
      .get('/postcode/us/:country/:postcode', validate('param', zipParams), (c) => {
        const { country, postcode } = c.req.valid('param');
        const found =
          country.toLowerCase() === 'us' && isValidUsZip(postcode)
            ? US_POSTCODES[postcode.slice(0, 5)]
            : undefined;
        if (!found) throw new ApiProblem(404, 'postcode.notFound');
        return c.json({
          'post code': postcode.slice(0, 5),
          country: 'United States',
          'country abbreviation': 'US',
          places: [
            {
              'place name': found.place,
              state: found.state,
              'state abbreviation': found.abbreviation,
            },
          ],
        });
      })
      // The embedded country/state service: GET {country}/states/
      .get('/postcode/countries/:country/states', validate('param', countryParams), (c) => {
        c.header('Cache-Control', 'public, max-age=86400');
        return c.json(COUNTRY_STATES[c.req.valid('param').country.toUpperCase()] ?? []);
      })
  );
}
