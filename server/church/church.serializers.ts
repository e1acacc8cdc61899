// Database rows → the spec's wire shapes (contract/church.ts).
import type { Church, Client } from '../../contract/church.ts';
import type * as t from '../db/schema/index.ts';

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
  };
}

export function toClient(
  row: ChurchRow,
  organizationSlug: string | null,
  distanceKm?: number | null,
): Client {
  return { ...toChurch(row, organizationSlug), distancia: distanceKm ?? null };
}
