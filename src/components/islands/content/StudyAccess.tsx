// Studies that are for members (spec §3 Studies config): the page is rendered for a visitor
// (login prompt, no body) because tokens live in web storage (spec §4). This island keeps that
// prompt for visitors and, for a logged-in member, fetches the study with the bearer token and
// shows the body the API already sanitised (`corpoSanitizado`, same policy as the pages), so
// the browser carries no HTML sanitiser. On a list it only hides the prompt for a member.
import { useStore } from '@nanostores/react';
import { useEffect, useState } from 'react';
import type { StudyDetail } from '../../../../contract/content.ts';
import { mainApi } from '../../../lib/account/http.ts';
import { $isLoggedIn, $sessionReady, STORAGE_KEYS, startSession, type SessionChurch } from '../../../stores/session.ts';

interface Props {
  church: SessionChurch;
  /** The church's slug in API paths. */
  slug: string;
  /** A study page; absent on the list. */
  studyId?: number;
  loginHref: string;
  strings: { locked: string; login: string; loading: string };
}

/** A session may come back (token or refresh token stored): show "loading", not "log in". */
const mayHaveSession = (): boolean => {
  try {
    return !!(sessionStorage.getItem(STORAGE_KEYS.token) || localStorage.getItem(STORAGE_KEYS.refreshToken));
  } catch {
    return false;
  }
};

export default function StudyAccess({ church, slug, studyId, loginHref, strings }: Props) {
  const ready = useStore($sessionReady);
  const loggedIn = useStore($isLoggedIn);
  const [waiting, setWaiting] = useState(false);
  // undefined: not fetched yet; null: the API gave no body (e.g. an inactive membership).
  const [html, setHtml] = useState<string | null | undefined>(undefined);

  useEffect(() => {
    setWaiting(mayHaveSession());
    void startSession(church);
  }, [church]);

  useEffect(() => {
    if (!ready || !loggedIn || studyId === undefined) return;
    let live = true;
    mainApi()
      .get(`igreja/${encodeURIComponent(slug)}/estudo/${studyId}`)
      .json<Pick<StudyDetail, 'corpoSanitizado'>>()
      .then(
        (study) => live && setHtml(study.corpoSanitizado),
        () => live && setHtml(null),
      );
    return () => {
      live = false;
    };
  }, [ready, loggedIn, slug, studyId]);

  const member = ready && loggedIn;
  if (member && studyId === undefined) return null;
  if (member && typeof html === 'string') return <div className="rich-text" dangerouslySetInnerHTML={{ __html: html }} />;
  if (!ready && waiting && studyId === undefined) return null;
  if ((member && html === undefined) || (!ready && waiting)) {
    return (
      <p className="content-notice" role="status">
        {strings.loading}
      </p>
    );
  }
  return (
    <div className="content-notice" role="note">
      <p>{strings.locked}</p>
      <a className="button" href={loginHref}>
        {strings.login}
      </a>
    </div>
  );
}
