// The /groups page's filters as plain GET parameters (docs/architecture.md "The client shape": filters are GET forms): the
// name search, meeting day, neighbourhood and, once the visitor shares it, their location.
import { numberFormat } from '../../../common/format.ts';

export interface GroupFilters {
  busca: string;
  dia: number | undefined;
  bairro: string;
  near: { latitude: number; longitude: number } | null;
}

const coordinate = (value: string | null, limit: number): number | null => {
  if (value === null || value.trim() === '') return null;
  const n = Number(value);
  return Number.isFinite(n) && Math.abs(n) <= limit ? Math.round(n * 10_000) / 10_000 : null;
};

/** The filters of a /groups URL; values the API would refuse are dropped rather than shown as errors. */
export function readGroupFilters(url: URL): GroupFilters {
  const q = url.searchParams;
  const text = (name: string) =>
    (q.get(name) ?? '')
      .replace(/[\u0000-\u001f\u007f]/g, '')
      .trim()
      .slice(0, 100);
  const day = q.get('dia');
  const latitude = coordinate(q.get('latitude'), 90);
  const longitude = coordinate(q.get('longitude'), 180);
  return {
    busca: text('busca'),
    dia: day !== null && /^[1-7]$/.test(day) ? Number(day) : undefined, // ISO: 1 Monday … 7 Sunday
    bairro: text('bairro'),
    near: latitude !== null && longitude !== null ? { latitude, longitude } : null,
  };
}

/** Whether the list is narrowed by something the visitor chose (the location only orders it). */
export const isFiltered = (f: GroupFilters): boolean =>
  f.busca !== '' || f.dia !== undefined || f.bairro !== '';

/** The filters as query parameters (empty ones left out): the page's own URL and the API call use the same. */
export function groupsQuery(f: GroupFilters): URLSearchParams {
  const q = new URLSearchParams();
  if (f.busca) q.set('busca', f.busca);
  if (f.dia !== undefined) q.set('dia', String(f.dia));
  if (f.bairro) q.set('bairro', f.bairro);
  if (f.near) {
    q.set('latitude', String(f.near.latitude));
    q.set('longitude', String(f.near.longitude));
  }
  return q;
}

/** /groups with these filters (empty ones left out). */
export function groupsHref(f: GroupFilters): string {
  const s = groupsQuery(f).toString();
  return s ? `/groups?${s}` : '/groups';
}

/** One decimal in the page's language (1,5 km / 1.5 km). */
export function formatKm(km: number, locale: string): string {
  return numberFormat(locale, { maximumFractionDigits: 1 }).format(km);
}

/** A maps link with directions to the group: by coordinates when known, else by address (as the about page does). */
export function groupMapUrl(a: {
  logradouro: string | null;
  numero: string | null;
  bairro: string | null;
  cidade: string | null;
  estado: string | null;
  latitude: number | null;
  longitude: number | null;
}): string | null {
  const destination =
    a.latitude !== null && a.longitude !== null
      ? `${a.latitude},${a.longitude}`
      : [[a.logradouro, a.numero].filter(Boolean).join(', '), a.bairro, a.cidade, a.estado]
          .filter(Boolean)
          .join(', ');
  return destination
    ? `https://www.google.com/maps/dir/?api=1&destination=${encodeURIComponent(destination)}`
    : null;
}
