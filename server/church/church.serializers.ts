// Database rows → the spec's wire shapes (contract/church.ts).
import type {
  Banner,
  Church,
  Client,
  MenuItem,
  PaymentMethod,
  Visual,
} from '../../contract/church.ts';
import type * as t from '../db/schema/index.ts';
import { zoneOfChurch } from './church-clock.ts';

type ChurchRow = typeof t.churches.$inferSelect;

export function toChurch(row: ChurchRow, organizationSlug: string | null): Church {
  return {
    id: row.id,
    slug: row.slug,
    uuid: row.uuid,
    codigo: row.code,
    flagAtivo: row.active,
    nome: row.name,
    historia: row.history,
    descricao: row.description,
    idioma: row.locale,
    imagens: row.images,
    facebookPixelCode: row.facebookPixelCode,
    slugOrganizacao: organizationSlug,
    email: row.email,
    telefone: row.phone,
    endereco: {
      logradouro: row.street,
      numero: row.number,
      bairro: row.neighborhood,
      cidade: row.city,
      estado: row.state,
      pais: row.country,
      cep: row.zipCode,
      latitude: row.latitude,
      longitude: row.longitude,
    },
    redesSociais: row.social as Record<string, string>,
    fusoHorario: zoneOfChurch(row),
  };
}

export function toClient(
  row: ChurchRow,
  organizationSlug: string | null,
  distanceKm?: number | null,
): Client {
  return { ...toChurch(row, organizationSlug), distancia: distanceKm ?? null };
}

export function toPaymentMethod(row: typeof t.churchPaymentMethods.$inferSelect): PaymentMethod {
  return {
    id: row.id,
    codigo: row.code as PaymentMethod['codigo'],
    nome: row.name,
    idGatewayPagamento: row.gatewayId,
    ordem: row.position,
  };
}

export function toMenuItem(row: typeof t.churchMenuItems.$inferSelect): MenuItem {
  return {
    id: row.id,
    titulo: row.title,
    link: row.link,
    moduloCodigo: row.moduleCode,
    ordem: row.position,
  };
}

/** A church's look; without a row of its own, the default colours and no images. */
export function toVisual(row: typeof t.churchVisuals.$inferSelect | undefined): Visual {
  return {
    corApp: row?.appColor ?? '#1f4e79',
    corTexto: row?.textColor ?? '#ffffff',
    logo: row?.logo ?? null,
    urlAppStore: row?.appStoreUrl ?? null,
    urlPlayStore: row?.playStoreUrl ?? null,
  };
}

export function toBanner(row: typeof t.banners.$inferSelect): Banner {
  return {
    id: row.id,
    titulo: row.title,
    imagem: row.image,
    largura: row.imageWidth,
    altura: row.imageHeight,
    link: row.link,
    ordem: row.position,
  };
}

export function toCongregation(row: typeof t.congregations.$inferSelect) {
  return { id: row.id, nome: row.name, cidade: row.city, estado: row.state };
}
