// Demo churches, their organisation, modules, look, menu, payment methods, banners,
// congregations and accounts. Names are fixed: the README and every test rely on them.
import { hash } from '@node-rs/argon2';
import type { Lang } from '../../../contract/language.ts';
import type { Database } from '../client.ts';
import * as t from '../schema/index.ts';

export const DEMO_PASSWORD = 'Demo@1234';

let demoHash: Promise<string> | undefined;
/** One argon2 hash of the demo password per process, shared by every demo account (argon2 is slow on purpose). */
export function demoPasswordHash(): Promise<string> {
  return (demoHash ??= hash(DEMO_PASSWORD));
}

/** Every module code of spec §1. */
export const ALL_MODULES = [
  ['MOD_EVENTO', 'Eventos'],
  ['MOD_CULTO', 'Cultos ao vivo'],
  ['MOD_DOACAO', 'Doações'],
  ['MOD_CELULA', 'Células'],
  ['MOD_DEVOCIONAL', 'Devocionais'],
  ['MOD_NOTICIA', 'Notícias'],
  ['MOD_EBD', 'Escola Bíblica Dominical'],
  ['MOD_PUBLICACAO', 'Publicações'],
  ['MOD_MURAL_ORACAO', 'Mural de oração'],
  ['MOD_ASSINATURA', 'Play'],
] as const;

type MenuLabels = Record<string, string>;
const MENU: {
  link: string;
  module: string | null;
  labels: { pt: string; en: string; es: string };
}[] = [
  { link: '/event', module: 'MOD_EVENTO', labels: { pt: 'Eventos', en: 'Events', es: 'Eventos' } },
  { link: '/live', module: 'MOD_CULTO', labels: { pt: 'Ao vivo', en: 'Live', es: 'En vivo' } },
  { link: '/news', module: 'MOD_NOTICIA', labels: { pt: 'Notícias', en: 'News', es: 'Noticias' } },
  {
    link: '/devotionals',
    module: 'MOD_DEVOCIONAL',
    labels: { pt: 'Devocionais', en: 'Devotionals', es: 'Devocionales' },
  },
  { link: '/groups', module: 'MOD_CELULA', labels: { pt: 'Células', en: 'Groups', es: 'Grupos' } },
  {
    link: '/prayer',
    module: 'MOD_MURAL_ORACAO',
    labels: { pt: 'Oração', en: 'Prayer', es: 'Oración' },
  },
  { link: '/play', module: 'MOD_ASSINATURA', labels: { pt: 'Play', en: 'Play', es: 'Play' } },
  { link: '/give', module: 'MOD_DOACAO', labels: { pt: 'Contribua', en: 'Give', es: 'Ofrendar' } },
  { link: '/about', module: null, labels: { pt: 'Sobre', en: 'About', es: 'Nosotros' } },
];

interface DemoChurch {
  code: string;
  name: string;
  locale: string;
  language: Lang;
  active?: boolean;
  modules: readonly string[];
  color: string;
  description: string;
  history: string;
  city: string;
  state: string;
  country: string;
  latitude: number;
  longitude: number;
  street: string;
  hostnames?: string[];
  inOrganization?: boolean;
  /** A demo Facebook pixel id: the consent banner and the pixel's loading (docs/security.md "Analytics and consent"). */
  pixel?: string;
}

const every = ALL_MODULES.map(([code]) => code);

export const DEMO_CHURCHES: DemoChurch[] = [
  {
    code: 'graca',
    name: 'Igreja da Graça',
    locale: 'pt_BR',
    language: 'pt',
    modules: every,
    color: '#1f4e79',
    description: 'Uma família que ama a Deus e serve a cidade de São Paulo.',
    history:
      '<p>A Igreja da Graça nasceu em 1987 numa sala emprestada no bairro da Liberdade.</p><p>Hoje somos uma rede de igrejas que acolhe famílias em toda a cidade.</p>',
    city: 'São Paulo',
    state: 'SP',
    country: 'BR',
    latitude: -23.5614,
    longitude: -46.6559,
    street: 'Avenida Paulista, 1000',
    hostnames: ['igrejadagraca.test'],
    inOrganization: true,
  },
  {
    code: 'graca-norte',
    name: 'Igreja da Graça — Zona Norte',
    locale: 'pt_BR',
    language: 'pt',
    modules: every,
    color: '#2d6a4f',
    description: 'A Igreja da Graça na Zona Norte de São Paulo.',
    history: '<p>Plantada em 2009 em Santana.</p>',
    city: 'São Paulo',
    state: 'SP',
    country: 'BR',
    latitude: -23.5025,
    longitude: -46.6253,
    street: 'Rua Voluntários da Pátria, 2000',
    inOrganization: true,
  },
  {
    code: 'graca-sul',
    name: 'Igreja da Graça — Zona Sul',
    locale: 'pt_BR',
    language: 'pt',
    modules: every,
    color: '#7b2cbf',
    description: 'A Igreja da Graça na Zona Sul de São Paulo.',
    history: '<p>Plantada em 2014 em Santo Amaro.</p>',
    city: 'São Paulo',
    state: 'SP',
    country: 'BR',
    latitude: -23.6525,
    longitude: -46.7101,
    street: 'Avenida Santo Amaro, 5000',
    inOrganization: true,
  },
  {
    code: 'grace',
    name: 'Grace Community Church',
    locale: 'en_US',
    language: 'en',
    modules: every,
    color: '#9d0208',
    description: 'A community of grace in the heart of Austin.',
    history: '<p>Grace Community Church began in 1994 as a Bible study in a living room.</p>',
    city: 'Austin',
    state: 'TX',
    country: 'US',
    latitude: 30.2672,
    longitude: -97.7431,
    street: '100 Congress Ave',
  },
  {
    code: 'esperanza',
    name: 'Iglesia Esperanza',
    locale: 'es',
    language: 'es',
    modules: ['MOD_EVENTO', 'MOD_NOTICIA', 'MOD_DEVOCIONAL', 'MOD_DOACAO'],
    color: '#005f73',
    description: 'Una iglesia de esperanza para Buenos Aires.',
    history: '<p>La Iglesia Esperanza abrió sus puertas en 2001 en Palermo.</p>',
    city: 'Buenos Aires',
    state: 'CABA',
    country: 'AR',
    latitude: -34.5889,
    longitude: -58.4305,
    street: 'Av. Santa Fe 3500',
    pixel: '100000000000001',
  },
  {
    code: 'fechada',
    name: 'Igreja Fechada',
    locale: 'pt_BR',
    language: 'pt',
    active: false,
    modules: every,
    color: '#555555',
    description: 'Uma igreja que não está mais ativa.',
    history: '<p>Encerrou as atividades.</p>',
    city: 'Curitiba',
    state: 'PR',
    country: 'BR',
    latitude: -25.4284,
    longitude: -49.2733,
    street: 'Rua XV de Novembro, 10',
  },
];

const PAYMENT_METHODS: Record<
  string,
  { code: string; gatewayId: number | null; names: MenuLabels }[]
> = {
  BR: [
    { code: 'cartao', gatewayId: 8, names: { pt: 'Cartão de crédito' } },
    { code: 'pix', gatewayId: 8, names: { pt: 'Pix' } },
    { code: 'boleto', gatewayId: 8, names: { pt: 'Boleto bancário' } },
    { code: 'picpay', gatewayId: 4, names: { pt: 'PicPay' } },
    { code: 'dinheiro', gatewayId: null, names: { pt: 'Dinheiro' } },
    { code: 'transferencia', gatewayId: null, names: { pt: 'Transferência bancária' } },
  ],
  US: [
    { code: 'cartao', gatewayId: 5, names: { en: 'Credit card' } },
    { code: 'ach', gatewayId: 5, names: { en: 'Bank account (ACH)' } },
    { code: 'dinheiro', gatewayId: null, names: { en: 'Cash' } },
  ],
  AR: [
    { code: 'cartao', gatewayId: 1, names: { es: 'Tarjeta de crédito' } },
    { code: 'transferencia', gatewayId: null, names: { es: 'Transferencia bancaria' } },
    { code: 'dinheiro', gatewayId: null, names: { es: 'Efectivo' } },
  ],
};

const BANNER_TITLES = {
  pt: 'Bem-vindo! Você é nosso convidado',
  en: 'Welcome! You are our guest',
  es: '¡Bienvenido! Eres nuestro invitado',
};
const CONGREGATIONS = {
  pt: ['Sede', 'Congregação Vila Mariana'],
  en: ['Main campus', 'North campus'],
  es: ['Sede central', 'Anexo Belgrano'],
};

export const DEMO_ACCOUNTS = [
  {
    email: 'membro@graca.demo',
    church: 'graca',
    firstName: 'Maria',
    lastName: 'Souza',
    active: true,
    roles: [] as string[],
    complete: {
      phone: '+55 11 98765-4321',
      birthDate: '1990-05-14',
      sex: 'F',
      cpf: '52998224725',
      maritalStatus: 'casado',
      occupation: 'Professora',
    },
  },
  {
    email: 'lider@graca.demo',
    church: 'graca',
    firstName: 'João',
    lastName: 'Pereira',
    active: true,
    roles: ['ROLE_ADMIN'],
  },
  {
    email: 'editor@graca.demo',
    church: 'graca',
    firstName: 'Ana',
    lastName: 'Costa',
    active: true,
    roles: ['ROLE_ADMIN_CONTENT'],
  },
  {
    email: 'inativo@graca.demo',
    church: 'graca',
    firstName: 'Pedro',
    lastName: 'Lima',
    active: false,
    roles: [],
  },
  {
    email: 'member@grace.demo',
    church: 'grace',
    firstName: 'John',
    lastName: 'Miller',
    active: true,
    roles: [],
  },
  {
    email: 'admin@grace.demo',
    church: 'grace',
    firstName: 'Sarah',
    lastName: 'Johnson',
    active: true,
    roles: ['ROLE_ADMIN'],
  },
  {
    // esperanza has no EBD: the staff area's "module off" state without switching a module anyone
    // else reads (tests/e2e/admin-content-editor.e2e.ts)
    email: 'admin@esperanza.demo',
    church: 'esperanza',
    firstName: 'Lucía',
    lastName: 'Fernández',
    active: true,
    roles: ['ROLE_ADMIN'],
  },
  {
    email: 'tesoureiro@graca.demo',
    church: 'graca',
    firstName: 'Tiago',
    lastName: 'Ramos',
    active: true,
    roles: ['ROLE_ADMIN_FINANCE'],
  },
] as const;

/** Inserts the demo churches and accounts in one transaction. */
export async function seedChurches(db: Database): Promise<void> {
  // Hashing is slow on purpose; do it before the transaction holds the (single) PGlite connection.
  const passwordHash = await demoPasswordHash();
  await db.transaction(async (tx) => {
    await tx
      .insert(t.modules)
      .values(ALL_MODULES.map(([code, name]) => ({ code, name })))
      .onConflictDoNothing();
    const [org] = await tx
      .insert(t.organizations)
      .values({
        slug: 'rede-graca',
        name: 'Rede Graça',
        description: 'Igrejas da Graça em São Paulo',
      })
      .returning();
    const churchIds: Record<string, number> = {};
    for (const c of DEMO_CHURCHES) {
      const [row] = await tx
        .insert(t.churches)
        .values({
          slug: c.code,
          code: c.code,
          name: c.name,
          locale: c.locale,
          active: c.active ?? true,
          description: c.description,
          history: c.history,
          facebookPixelCode: c.pixel ?? null,
          images: { logo: `/demo/${c.code}-logo.svg`, capa: `/demo/${c.code}-banner.svg` },
          organizationId: c.inOrganization ? org!.id : null,
          email: `contato@${c.code}.demo`,
          phone:
            c.country === 'BR'
              ? '+55 11 3000-0000'
              : c.country === 'US'
                ? '+1 512 555 0100'
                : '+54 11 4000-0000',
          street: c.street,
          city: c.city,
          state: c.state,
          country: c.country,
          latitude: c.latitude,
          longitude: c.longitude,
          social: {
            instagram: `https://instagram.com/${c.code}`,
            youtube: `https://youtube.com/@${c.code}`,
            facebook: `https://facebook.com/${c.code}`,
          },
        })
        .returning({ id: t.churches.id });
      const churchId = row!.id;
      churchIds[c.code] = churchId;
      if (c.hostnames?.length)
        await tx.insert(t.churchHostnames).values(
          // set by the provider, so verified and never re-checked (docs/deploy.md "Own domains and HTTPS")
          c.hostnames.map((hostname) => ({
            churchId,
            hostname,
            verifiedAt: new Date(),
            method: 'operador',
          })),
        );
      await tx
        .insert(t.churchModules)
        .values(c.modules.map((moduleCode) => ({ churchId, moduleCode })));
      await tx
        .insert(t.churchVisuals)
        .values({ churchId, appColor: c.color, logo: `/demo/${c.code}-logo.svg` });
      await tx.insert(t.churchMenuItems).values(
        MENU.map((m, position) => ({
          churchId,
          title: m.labels[c.language],
          link: m.link,
          moduleCode: m.module,
          position,
        })),
      );
      const methods = PAYMENT_METHODS[c.country] ?? PAYMENT_METHODS.BR!;
      await tx.insert(t.churchPaymentMethods).values(
        methods.map((m, position) => ({
          churchId,
          code: m.code,
          gatewayId: m.gatewayId,
          name: m.names[c.language] ?? m.code,
          position,
        })),
      );
      await tx.insert(t.banners).values({
        churchId,
        title: BANNER_TITLES[c.language],
        image: `/demo/${c.code}-banner.svg`,
        imageWidth: 1200,
        imageHeight: 400,
        link: '/about',
      });
      await tx.insert(t.congregations).values(
        CONGREGATIONS[c.language].map((name) => ({
          churchId,
          name,
          city: c.city,
          state: c.state,
        })),
      );
    }
    for (const a of DEMO_ACCOUNTS) {
      const extra = 'complete' in a ? a.complete : {};
      const [user] = await tx
        .insert(t.users)
        .values({
          email: a.email,
          passwordHash,
          firstName: a.firstName,
          lastName: a.lastName,
          active: a.active,
          ...extra,
        })
        .returning({ id: t.users.id });
      await tx.insert(t.churchUsers).values({
        churchId: churchIds[a.church]!,
        userId: user!.id,
        active: a.active,
        roles: [...a.roles],
        memberNumber: String(1000 + user!.id),
      });
    }
  });
}
