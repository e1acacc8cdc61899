// What the about page shows of a church (spec §2 "about"): contact links, address lines,
// a directions link and the social networks, as plain functions of the church data.
import type { Church } from '../../contract/church.ts';

/** `tel:` link for a phone as people write it ("+55 11 3000-0000" → "tel:+551130000000"). */
export function telHref(phone: string): string | null {
  const digits = phone.replace(/[^\d+]/g, '').replace(/(?!^)\+/g, '');
  return digits.replace(/\D/g, '').length >= 3 ? `tel:${digits}` : null;
}

/** The address as display lines: street and number, neighbourhood, city and state, postcode, country. */
export function addressLines(
  address: Church['endereco'],
  countryName?: (code: string) => string | undefined,
): string[] {
  const street = [address.logradouro, address.numero].filter(Boolean).join(', ');
  const city = [address.cidade, address.estado].filter(Boolean).join(', ');
  const country = address.pais ? (countryName?.(address.pais) ?? address.pais) : null;
  return [street, address.bairro, city, address.cep, country].filter(
    (line): line is string => !!line && line.trim() !== '',
  );
}

/** A maps link with directions to the church: by coordinates when known, else by address. */
export function directionsUrl(address: Church['endereco']): string | null {
  const destination =
    address.latitude !== null && address.longitude !== null
      ? `${address.latitude},${address.longitude}`
      : addressLines(address).join(', ');
  if (!destination) return null;
  return `https://www.google.com/maps/dir/?api=1&destination=${encodeURIComponent(destination)}`;
}

const NETWORK_NAMES: Record<string, string> = {
  instagram: 'Instagram',
  facebook: 'Facebook',
  youtube: 'YouTube',
  twitter: 'X (Twitter)',
  whatsapp: 'WhatsApp',
  tiktok: 'TikTok',
  spotify: 'Spotify',
};
const ORDER = [
  'site',
  'instagram',
  'facebook',
  'youtube',
  'twitter',
  'tiktok',
  'spotify',
  'whatsapp',
];

export interface SocialLink {
  network: string;
  /** Brand name, or null for the church's own website (the page names it in its language). */
  name: string | null;
  href: string;
}

/** The church's networks as safe https links (a bare WhatsApp number becomes wa.me), known ones first. */
export function socialLinks(networks: Record<string, string>): SocialLink[] {
  const links: SocialLink[] = [];
  for (const [network, raw] of Object.entries(networks)) {
    const value = raw.trim();
    let href: string | null = null;
    if (/^https?:\/\//i.test(value)) href = value;
    else if (network === 'whatsapp' && /^\+?[\d\s().-]{8,}$/.test(value))
      href = `https://wa.me/${value.replace(/\D/g, '')}`;
    if (!href) continue; // javascript:, bare handles and the like are not links
    links.push({
      network,
      name: network === 'site' ? null : (NETWORK_NAMES[network] ?? network),
      href,
    });
  }
  const rank = (n: string) => (ORDER.includes(n) ? ORDER.indexOf(n) : ORDER.length);
  return links.sort((a, b) => rank(a.network) - rank(b.network));
}

// The church object is the one its host's cache keeps until the church changes (tenancy.server.ts):
// its Organization is built once per church and origin, frozen, so its JSON text is kept too (seo.ts).
const organizations = new WeakMap<Church, { origin: string; ld: OrganizationLd }>();
type OrganizationLd = Readonly<ReturnType<typeof organizationLd>>;

/** schema.org Organization for the church, for its home and about pages; the same frozen object each time. */
export function churchOrganizationLd(church: Church, origin: string): OrganizationLd {
  const kept = organizations.get(church);
  if (kept?.origin === origin) return kept.ld;
  const ld = Object.freeze(organizationLd(church, origin));
  organizations.set(church, { origin, ld });
  return ld;
}

function organizationLd(church: Church, origin: string) {
  const url = new URL('/', origin).toString();
  const street = [church.endereco.logradouro, church.endereco.numero].filter(Boolean).join(', ');
  const sameAs = socialLinks(church.redesSociais).map((s) => s.href);
  return {
    '@context': 'https://schema.org',
    '@type': 'Organization',
    name: church.nome,
    url,
    ...(church.descricao ? { description: church.descricao } : {}),
    ...(church.imagens.logo ? { logo: new URL(church.imagens.logo, origin).toString() } : {}),
    ...(church.email ? { email: church.email } : {}),
    ...(church.telefone ? { telephone: church.telefone } : {}),
    ...(street || church.endereco.cidade
      ? {
          address: {
            '@type': 'PostalAddress',
            ...(street ? { streetAddress: street } : {}),
            ...(church.endereco.cidade ? { addressLocality: church.endereco.cidade } : {}),
            ...(church.endereco.estado ? { addressRegion: church.endereco.estado } : {}),
            ...(church.endereco.cep ? { postalCode: church.endereco.cep } : {}),
            ...(church.endereco.pais ? { addressCountry: church.endereco.pais } : {}),
          },
        }
      : {}),
    ...(church.endereco.latitude !== null && church.endereco.longitude !== null
      ? {
          location: {
            '@type': 'Place',
            geo: {
              '@type': 'GeoCoordinates',
              latitude: church.endereco.latitude,
              longitude: church.endereco.longitude,
            },
          },
        }
      : {}),
    ...(sameAs.length ? { sameAs } : {}),
  };
}
