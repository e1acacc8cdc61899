// The church's export from the browser (docs/provider.md "A church's data leaves with it"): the
// admin asks for one zip of everything the church holds, follows its progress and downloads it by
// a link that works for 10 minutes. GET/POST /api/v1/admin/{slug}/exportacao, POST …/{id}/link.
import type {
  ChurchExport,
  ChurchExportList,
  ExportLink,
} from '../../../contract/church-export.ts';
import { httpEnv } from '../account/http.ts';
import { staffHttp } from './http.ts';

export type { ChurchExport };

/** The church's exports, newest first. */
export const fetchExports = (slug: string): Promise<ChurchExport[]> =>
  staffHttp(slug)
    .get('exportacao')
    .json<ChurchExportList>()
    .then((list) => list.exportacoes);

/** Asks for a new export (audited); it is prepared in the background. */
export const requestExport = (slug: string): Promise<ChurchExport> =>
  staffHttp(slug).post('exportacao').json<ChurchExport>();

/** The zip's download address (audited), on the API's origin. */
export const exportDownloadUrl = async (slug: string, id: number): Promise<string> => {
  const { url } = await staffHttp(slug).post(`exportacao/${id}/link`).json<ExportLink>();
  return new URL(url, httpEnv().baseUrl).toString();
};

/** Progress of an export being prepared, 0–100. */
export const exportProgress = (e: Pick<ChurchExport, 'feito' | 'total' | 'estado'>): number =>
  e.estado === 'pronta'
    ? 100
    : e.total > 0
      ? Math.min(99, Math.floor((e.feito / e.total) * 100))
      : 0;
