// The staff area's home and church calls from the browser (docs/staff.md "Home", "Church
// settings"), under `/api/v1/admin/{slug}/`; shapes from contract/church-staff.ts.
import type {
  ChurchSettings,
  IdentityInput,
  ServiceInput,
  StaffBanner,
  StaffService,
  StaffStream,
  StreamInput,
} from '../../../contract/church-staff.ts';
import { staffHttp } from './http.ts';

/** A banner's fields as the form sends them (multipart, with the image file when one is chosen). */
export interface BannerFields {
  titulo: string;
  link: string;
  /** ISO 8601 or empty. */
  inicio: string;
  fim: string;
  flagAtivo: boolean;
}

function bannerForm(fields: BannerFields, image: File | null): FormData {
  const form = new FormData();
  form.set('titulo', fields.titulo);
  form.set('link', fields.link);
  form.set('inicio', fields.inicio);
  form.set('fim', fields.fim);
  form.set('flagAtivo', String(fields.flagAtivo));
  if (image) form.set('imagem', image);
  return form;
}

export const listBanners = (slug: string) =>
  staffHttp(slug)
    .get('banner')
    .json<{ banners: StaffBanner[] }>()
    .then((r) => r.banners);
export const createBanner = (slug: string, fields: BannerFields, image: File | null) =>
  staffHttp(slug)
    .post('banner', { body: bannerForm(fields, image) })
    .json<StaffBanner>();
export const updateBanner = (slug: string, id: number, fields: BannerFields, image: File | null) =>
  staffHttp(slug)
    .put(`banner/${id}`, { body: bannerForm(fields, image) })
    .json<StaffBanner>();
export const deleteBanner = (slug: string, id: number) =>
  staffHttp(slug)
    .delete(`banner/${id}`)
    .then(() => undefined);
export const reorderBanners = (slug: string, ids: number[]) =>
  staffHttp(slug)
    .put('banner/ordem', { json: { ids } })
    .json<{ banners: StaffBanner[] }>()
    .then((r) => r.banners);

export const listServices = (slug: string) =>
  staffHttp(slug)
    .get('agenda')
    .json<{ agenda: StaffService[] }>()
    .then((r) => r.agenda);
export const saveService = (slug: string, id: number | null, body: ServiceInput) =>
  (id
    ? staffHttp(slug).put(`agenda/${id}`, { json: body })
    : staffHttp(slug).post('agenda', { json: body })
  ).json<StaffService>();
export const deleteService = (slug: string, id: number) =>
  staffHttp(slug)
    .delete(`agenda/${id}`)
    .then(() => undefined);

export const listStreams = (slug: string) =>
  staffHttp(slug)
    .get('transmissao')
    .json<{ transmissoes: StaffStream[] }>()
    .then((r) => r.transmissoes);
export const saveStream = (slug: string, id: number | null, body: StreamInput) =>
  (id
    ? staffHttp(slug).put(`transmissao/${id}`, { json: body })
    : staffHttp(slug).post('transmissao', { json: body })
  ).json<StaffStream>();
export const deleteStream = (slug: string, id: number) =>
  staffHttp(slug)
    .delete(`transmissao/${id}`)
    .then(() => undefined);

export const fetchSettings = (slug: string) => staffHttp(slug).get('igreja').json<ChurchSettings>();
export const saveIdentity = (slug: string, body: IdentityInput) =>
  staffHttp(slug).put('igreja', { json: body }).json<ChurchSettings>();
export function uploadLogo(slug: string, image: File) {
  const form = new FormData();
  form.set('imagem', image);
  return staffHttp(slug).post('igreja/logo', { body: form }).json<{ logo: string }>();
}
export const saveModules = (slug: string, modulos: string[]) =>
  staffHttp(slug).put('igreja/modulos', { json: { modulos } }).json<ChurchSettings>();
export const saveLanguage = (slug: string, idioma: string) =>
  staffHttp(slug).put('igreja/idioma', { json: { idioma } }).json<ChurchSettings>();
export const saveTimeZone = (slug: string, fusoHorario: string | null) =>
  staffHttp(slug).put('igreja/fuso-horario', { json: { fusoHorario } }).json<ChurchSettings>();
export const addHostname = (slug: string, hostname: string) =>
  staffHttp(slug).post('igreja/hostname', { json: { hostname } }).json<ChurchSettings>();
export const removeHostname = (slug: string, id: number) =>
  staffHttp(slug).delete(`igreja/hostname/${id}`).json<ChurchSettings>();
export const checkHostname = (slug: string, id: number) =>
  staffHttp(slug).post(`igreja/hostname/${id}/verificar`).json<ChurchSettings>();
export const setPrimaryHost = (slug: string, hostname: string | null) =>
  staffHttp(slug).put('igreja/host-principal', { json: { hostname } }).json<ChurchSettings>();
