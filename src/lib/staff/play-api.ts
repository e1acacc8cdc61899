// The staff's Play calls from the browser (docs/staff.md "Play"), and the resumable chunked upload
// of a video (docs/play.md "Uploading"). Types only from the contract.
import type {
  CollectionInput,
  PlanInput,
  PlanOrderInput,
  StaffCollection,
  StaffPlan,
  StaffTag,
  StaffTaskView,
  StaffUpload,
  StaffVideo,
  SubscriberPage,
  TagInput,
  VideoInput,
  VideoPage,
} from '../../../contract/play-staff.ts';
import { staffHttp } from './http.ts';
import { xhrFetch } from './xhr-fetch.ts';

const query = (params: URLSearchParams, keys: string[]) => {
  const q = new URLSearchParams();
  for (const key of keys) {
    const value = params.get(key);
    if (value) q.set(key, value);
  }
  return q;
};

export const fetchVideos = (slug: string, params: URLSearchParams) =>
  staffHttp(slug)
    .get('play/video', {
      searchParams: query(params, ['busca', 'coletanea', 'tag', 'acesso', 'page']),
    })
    .json<VideoPage>();
export const fetchVideo = (slug: string, id: number) =>
  staffHttp(slug).get(`play/video/${id}`).json<StaffVideo>();
export const saveVideo = (slug: string, id: number | null, body: VideoInput) =>
  (id
    ? staffHttp(slug).put(`play/video/${id}`, { json: body })
    : staffHttp(slug).post('play/video', { json: body })
  ).json<StaffVideo>();
export const deleteVideo = (slug: string, id: number) => staffHttp(slug).delete(`play/video/${id}`);
export const retryVideo = (slug: string, id: number) =>
  staffHttp(slug).post(`play/video/${id}/tentar-novamente`).json<StaffTaskView>();
export const uploadCaptions = (slug: string, id: number, file: File) => {
  const body = new FormData();
  body.append('legenda', file);
  return staffHttp(slug).post(`play/video/${id}/legenda`, { body }).json<StaffVideo>();
};
export const removeCaptions = (slug: string, id: number) =>
  staffHttp(slug).delete(`play/video/${id}/legenda`).json<StaffVideo>();
export const uploadImage = async (slug: string, file: File) => {
  const body = new FormData();
  body.append('imagem', file);
  return (await staffHttp(slug).post('play/imagem', { body }).json<{ url: string }>()).url;
};

export const fetchCollections = async (slug: string) =>
  (await staffHttp(slug).get('play/coletanea').json<{ coletaneas: StaffCollection[] }>())
    .coletaneas;
export const saveCollection = (slug: string, id: number | null, body: CollectionInput) =>
  id
    ? staffHttp(slug).put(`play/coletanea/${id}`, { json: body })
    : staffHttp(slug).post('play/coletanea', { json: body });
export const deleteCollection = (slug: string, id: number) =>
  staffHttp(slug).delete(`play/coletanea/${id}`);

export const fetchTags = async (slug: string) =>
  (await staffHttp(slug).get('play/tag').json<{ tags: StaffTag[] }>()).tags;
export const saveTag = (slug: string, id: number | null, body: TagInput) =>
  id
    ? staffHttp(slug).put(`play/tag/${id}`, { json: body })
    : staffHttp(slug).post('play/tag', { json: body });
export const deleteTag = (slug: string, id: number) => staffHttp(slug).delete(`play/tag/${id}`);

export const fetchPlans = async (slug: string) =>
  (await staffHttp(slug).get('play/plano').json<{ planos: StaffPlan[] }>()).planos;
export const savePlan = (slug: string, id: number | null, body: PlanInput) =>
  id
    ? staffHttp(slug).put(`play/plano/${id}`, { json: body })
    : staffHttp(slug).post('play/plano', { json: body });
export const deletePlan = (slug: string, id: number) => staffHttp(slug).delete(`play/plano/${id}`);
/** The church's plans in a new order (each once); answers them in it. */
export const reorderPlans = async (slug: string, planos: PlanOrderInput['planos']) =>
  (
    await staffHttp(slug)
      .put('play/plano/ordem', { json: { planos } })
      .json<{ planos: StaffPlan[] }>()
  ).planos;

export const fetchSubscribers = (slug: string, params: URLSearchParams) =>
  staffHttp(slug)
    .get('play/assinante', { searchParams: query(params, ['busca', 'situacao', 'plano', 'page']) })
    .json<SubscriberPage>();

/**
 * Sends `file` in the upload's chunks, skipping those the server already has (a resumed upload),
 * retrying a chunk a few times before giving up; then asks for the conversion. `onProgress`
 * gets the bytes sent so far: the chunks stored plus the part of the current chunk already sent
 * (XMLHttpRequest's upload progress), so the bar moves within a 4 MB chunk too.
 */
export async function uploadVideo(
  slug: string,
  videoId: number,
  file: File,
  onProgress: (sent: number, total: number) => void,
): Promise<StaffTaskView> {
  const http = staffHttp(slug);
  const upload = await http
    .post(`play/video/${videoId}/envio`, { json: { nomeArquivo: file.name, tamanho: file.size } })
    .json<StaffUpload>();
  const have = new Set(upload.recebidas);
  const sizeOf = (n: number) => Math.min(upload.tamanhoParte, file.size - n * upload.tamanhoParte);
  let sent = upload.recebidas.reduce((sum, n) => sum + sizeOf(n), 0);
  onProgress(sent, file.size);
  for (let n = 0; n < upload.partes; n++) {
    if (have.has(n)) continue;
    const body = file.slice(n * upload.tamanhoParte, n * upload.tamanhoParte + sizeOf(n));
    const before = sent;
    await http.put(`play/envio/${upload.id}/parte/${n}`, {
      body,
      headers: { 'content-type': 'application/octet-stream' },
      timeout: 120_000,
      retry: { limit: 3, methods: ['put'], statusCodes: [408, 429, 500, 502, 503, 504] },
      // a retried chunk starts again from `before`
      fetch: xhrFetch((loaded) => onProgress(before + Math.min(loaded, sizeOf(n)), file.size)),
    });
    sent += sizeOf(n);
    onProgress(sent, file.size);
  }
  return http.post(`play/envio/${upload.id}/concluir`).json<StaffTaskView>();
}
