// Content calls from the browser: a members-only study's body with the session's token
// (spec §3 Studies config). Typed by the contract (type-only import).
import type { StudyDetail } from '../../../contract/content.ts';
import { mainApi } from '../account/http.ts';

/** The body the API already sanitised, or null when it gives none (e.g. an inactive membership). */
export async function studyBody(slug: string, studyId: number): Promise<string | null> {
  const study = await mainApi()
    .get(`igreja/${encodeURIComponent(slug)}/estudo/${studyId}`)
    .json<Pick<StudyDetail, 'corpoSanitizado'>>();
  return study.corpoSanitizado;
}
