// The main API as seen from server-rendered pages.
import type { KyInstance } from 'ky';
import { getInProcessApi, IN_PROCESS_API } from '../../contract/in-process.ts';
import { createInProcessApi, createMainApi } from './api.ts';
import { settings } from './settings.server.ts';

let shared: KyInstance | undefined;

/** An anonymous client for public data; reuse it, it holds no per-request state. */
export function serverApi(): KyInstance {
  if (shared) return shared;
  const inProcess = getInProcessApi();
  if (!settings.API_URL && inProcess) {
    shared = createInProcessApi(IN_PROCESS_API, inProcess);
  } else {
    const base = settings.API_URL ?? `http://127.0.0.1:${settings.PORT}/api/v1/`;
    shared = createMainApi({ prefixUrl: base.endsWith('/') ? base : `${base}/` });
  }
  return shared;
}
