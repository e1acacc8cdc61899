// The file-store key behind a served upload path, for the church export's files
// (server/exports/church-files.ts). A church's storage figure is not measured here: the console
// shows `churchStorageBytes` of server/files/usage.ts, the one count the quota uses too.
import { isFileKey } from '../files/file-store.ts';

/** `uploads/<kind>/<file>` of a served upload path, or null (a site asset, an outside URL). */
export function uploadKey(path: string | null | undefined): string | null {
  const match = /^\/api\/v1\/(?:imagem|arquivo)\/([a-z0-9_-]+)\/([^/?#]+)$/.exec(path ?? '');
  if (!match) return null;
  const key = `uploads/${match[1]}/${match[2]}`;
  return isFileKey(key) ? key : null;
}
