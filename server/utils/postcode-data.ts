// Bundled answers of the outside postcode and country/state services (docs/api-foundation.md "Outside services"), so
// address forms work offline with the embedded default. Small on purpose: the real services
// are configured with BR_POSTCODE_URL, US_POSTCODE_URL and COUNTRY_STATES_URL.

/** Brazilian CEPs, in the shape of the Brazilian postcode service ({cep}/json/). */
export const BR_POSTCODES: Record<
  string,
  { logradouro: string; bairro: string; localidade: string; uf: string }
> = {
  '01310100': {
    logradouro: 'Avenida Paulista',
    bairro: 'Bela Vista',
    localidade: 'São Paulo',
    uf: 'SP',
  },
  '01001000': { logradouro: 'Praça da Sé', bairro: 'Sé', localidade: 'São Paulo', uf: 'SP' },
  '04538132': {
    logradouro: 'Avenida Brigadeiro Faria Lima',
    bairro: 'Itaim Bibi',
    localidade: 'São Paulo',
    uf: 'SP',
  },
  '02011000': {
    logradouro: 'Rua Voluntários da Pátria',
    bairro: 'Santana',
    localidade: 'São Paulo',
    uf: 'SP',
  },
  '04711130': {
    logradouro: 'Avenida Santo Amaro',
    bairro: 'Santo Amaro',
    localidade: 'São Paulo',
    uf: 'SP',
  },
  '20040020': {
    logradouro: 'Avenida Rio Branco',
    bairro: 'Centro',
    localidade: 'Rio de Janeiro',
    uf: 'RJ',
  },
  '30130010': {
    logradouro: 'Praça Sete de Setembro',
    bairro: 'Centro',
    localidade: 'Belo Horizonte',
    uf: 'MG',
  },
  '70040010': {
    logradouro: 'Esplanada dos Ministérios',
    bairro: 'Zona Cívico-Administrativa',
    localidade: 'Brasília',
    uf: 'DF',
  },
  '80010000': {
    logradouro: 'Rua XV de Novembro',
    bairro: 'Centro',
    localidade: 'Curitiba',
    uf: 'PR',
  },
  '40020000': {
    logradouro: 'Praça da Sé',
    bairro: 'Centro Histórico',
    localidade: 'Salvador',
    uf: 'BA',
  },
};

/** US ZIP codes, in the shape of the US postcode service ({country}/{postcode}). */
export const US_POSTCODES: Record<string, { place: string; state: string; abbreviation: string }> =
  {
    '78701': { place: 'Austin', state: 'Texas', abbreviation: 'TX' },
    '73301': { place: 'Austin', state: 'Texas', abbreviation: 'TX' },
    '10001': { place: 'New York City', state: 'New York', abbreviation: 'NY' },
    '90210': { place: 'Beverly Hills', state: 'California', abbreviation: 'CA' },
    '60601': { place: 'Chicago', state: 'Illinois', abbreviation: 'IL' },
    '94105': { place: 'San Francisco', state: 'California', abbreviation: 'CA' },
    '33101': { place: 'Miami', state: 'Florida', abbreviation: 'FL' },
    '02108': { place: 'Boston', state: 'Massachusetts', abbreviation: 'MA' },
  };

const list = (pairs: string): { name: string; iso2: string }[] =>
  pairs.split(';').map((p) => {
    const [iso2, name] = p.split('=') as [string, string];
    return { name, iso2 };
  });

/** States of a country, in the shape of the country/state service ({country}/states/). */
export const COUNTRY_STATES: Record<string, { name: string; iso2: string }[]> = {
  BR: list(
    'AC=Acre;AL=Alagoas;AP=Amapá;AM=Amazonas;BA=Bahia;CE=Ceará;DF=Distrito Federal;ES=Espírito Santo;GO=Goiás;MA=Maranhão;MT=Mato Grosso;MS=Mato Grosso do Sul;MG=Minas Gerais;PA=Pará;PB=Paraíba;PR=Paraná;PE=Pernambuco;PI=Piauí;RJ=Rio de Janeiro;RN=Rio Grande do Norte;RS=Rio Grande do Sul;RO=Rondônia;RR=Roraima;SC=Santa Catarina;SP=São Paulo;SE=Sergipe;TO=Tocantins',
  ),
  US: list(
    'AL=Alabama;AK=Alaska;AZ=Arizona;AR=Arkansas;CA=California;CO=Colorado;CT=Connecticut;DE=Delaware;DC=District of Columbia;FL=Florida;GA=Georgia;HI=Hawaii;ID=Idaho;IL=Illinois;IN=Indiana;IA=Iowa;KS=Kansas;KY=Kentucky;LA=Louisiana;ME=Maine;MD=Maryland;MA=Massachusetts;MI=Michigan;MN=Minnesota;MS=Mississippi;MO=Missouri;MT=Montana;NE=Nebraska;NV=Nevada;NH=New Hampshire;NJ=New Jersey;NM=New Mexico;NY=New York;NC=North Carolina;ND=North Dakota;OH=Ohio;OK=Oklahoma;OR=Oregon;PA=Pennsylvania;RI=Rhode Island;SC=South Carolina;SD=South Dakota;TN=Tennessee;TX=Texas;UT=Utah;VT=Vermont;VA=Virginia;WA=Washington;WV=West Virginia;WI=Wisconsin;WY=Wyoming',
  ),
  AR: list(
    'C=Ciudad Autónoma de Buenos Aires;B=Buenos Aires;K=Catamarca;H=Chaco;U=Chubut;X=Córdoba;W=Corrientes;E=Entre Ríos;P=Formosa;Y=Jujuy;L=La Pampa;F=La Rioja;M=Mendoza;N=Misiones;Q=Neuquén;R=Río Negro;A=Salta;J=San Juan;D=San Luis;Z=Santa Cruz;S=Santa Fe;G=Santiago del Estero;V=Tierra del Fuego;T=Tucumán',
  ),
};
