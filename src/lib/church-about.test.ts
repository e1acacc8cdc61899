import { describe, expect, it } from 'vitest';
import type { Church } from '../../contract/church.ts';
import { jsonLdText } from './seo.ts';
import {
  addressLines,
  churchOrganizationLd,
  directionsUrl,
  socialLinks,
  telHref,
} from './church-about.ts';

const address = {
  logradouro: 'Avenida Paulista, 1000',
  numero: null,
  bairro: 'Bela Vista',
  cidade: 'São Paulo',
  estado: 'SP',
  pais: 'BR',
  cep: '01310-100',
  latitude: -23.5614,
  longitude: -46.6559,
};

describe('about page helpers', () => {
  it('telHref keeps the plus and the digits', () => {
    expect(telHref('+55 11 3000-0000')).toBe('tel:+551130000000');
    expect(telHref('(512) 555-0100')).toBe('tel:5125550100');
    expect(telHref('n/a')).toBeNull();
  });

  it('addressLines leaves out what is missing and names the country', () => {
    expect(addressLines(address, (c) => (c === 'BR' ? 'Brasil' : undefined))).toEqual([
      'Avenida Paulista, 1000',
      'Bela Vista',
      'São Paulo, SP',
      '01310-100',
      'Brasil',
    ]);
    expect(addressLines({ ...address, bairro: null, cep: null, pais: null, estado: null })).toEqual(
      ['Avenida Paulista, 1000', 'São Paulo'],
    );
  });

  it('directionsUrl goes by coordinates, or by address when there are none', () => {
    expect(directionsUrl(address)).toBe(
      'https://www.google.com/maps/dir/?api=1&destination=-23.5614%2C-46.6559',
    );
    const byAddress = directionsUrl({ ...address, latitude: null, longitude: null })!;
    expect(new URL(byAddress).searchParams.get('destination')).toBe(
      'Avenida Paulista, 1000, Bela Vista, São Paulo, SP, 01310-100, BR',
    );
    expect(
      directionsUrl({
        ...address,
        logradouro: null,
        bairro: null,
        cidade: null,
        estado: null,
        pais: null,
        cep: null,
        latitude: null,
        longitude: null,
      }),
    ).toBeNull();
  });

  it('socialLinks keeps only web links, orders them and turns a WhatsApp number into wa.me', () => {
    const links = socialLinks({
      youtube: 'https://youtube.com/@graca',
      evil: 'javascript:alert(1)',
      instagram: 'https://instagram.com/graca',
      twitter: '@graca',
      whatsapp: '+55 11 98765-4321',
      site: 'https://graca.example',
    });
    expect(links).toEqual([
      { network: 'site', name: null, href: 'https://graca.example' },
      { network: 'instagram', name: 'Instagram', href: 'https://instagram.com/graca' },
      { network: 'youtube', name: 'YouTube', href: 'https://youtube.com/@graca' },
      { network: 'whatsapp', name: 'WhatsApp', href: 'https://wa.me/5511987654321' },
    ]);
  });
});

describe('churchOrganizationLd', () => {
  it('describes the church with absolute URLs, address, place and networks', () => {
    const church: Church = {
      id: 1,
      slug: 'graca',
      uuid: 'x',
      codigo: 'graca',
      flagAtivo: true,
      nome: 'Igreja da Graça',
      historia: null,
      descricao: 'Uma família.',
      idioma: 'pt_BR',
      imagens: { logo: '/demo/graca-logo.svg' },
      facebookPixelCode: null,
      slugOrganizacao: null,
      email: 'contato@graca.demo',
      telefone: '+55 11 3000-0000',
      endereco: address,
      redesSociais: { instagram: 'https://instagram.com/graca', bad: 'javascript:x' },
      fusoHorario: 'America/Sao_Paulo',
    };
    expect(churchOrganizationLd(church, 'http://graca.localhost:4321')).toEqual({
      '@context': 'https://schema.org',
      '@type': 'Organization',
      name: 'Igreja da Graça',
      url: 'http://graca.localhost:4321/',
      description: 'Uma família.',
      logo: 'http://graca.localhost:4321/demo/graca-logo.svg',
      email: 'contato@graca.demo',
      telephone: '+55 11 3000-0000',
      address: {
        '@type': 'PostalAddress',
        streetAddress: 'Avenida Paulista, 1000',
        addressLocality: 'São Paulo',
        addressRegion: 'SP',
        postalCode: '01310-100',
        addressCountry: 'BR',
      },
      location: {
        '@type': 'Place',
        geo: { '@type': 'GeoCoordinates', latitude: -23.5614, longitude: -46.6559 },
      },
      sameAs: ['https://instagram.com/graca'],
    });
    // built once per church object and origin, frozen, and its JSON text kept with it
    const ld = churchOrganizationLd(church, 'http://graca.localhost:4321');
    expect(churchOrganizationLd(church, 'http://graca.localhost:4321')).toBe(ld);
    expect(Object.isFrozen(ld)).toBe(true);
    expect(jsonLdText(ld)).toBe(jsonLdText(JSON.parse(JSON.stringify(ld))));
    expect(churchOrganizationLd(church, 'https://graca.example').url).toBe(
      'https://graca.example/',
    );
    const renamed = { ...church, nome: 'Graça Central' };
    expect(churchOrganizationLd(renamed, 'https://graca.example').name).toBe('Graça Central');
  });
});
