// A members' study read by a member (spec §3 Studies config, §4; docs/content.md): the page is
// rendered without its body, which comes here with the bearer token, already sanitised by the API.
// Calls in src/lib/content/api.ts; no DOM here.
import { atom } from 'nanostores';
import { studyBody } from '../lib/content/api.ts';

/** The study's sanitised body: undefined until fetched; null when there is none to show. */
export const $studyBody = atom<string | null | undefined>(undefined);

/** Loads the body; any failure shows none (the page keeps its login prompt; not the error page). */
export const loadStudyBody = (slug: string, studyId: number): Promise<void> =>
  studyBody(slug, studyId).then(
    (body) => $studyBody.set(body),
    () => $studyBody.set(null),
  );
