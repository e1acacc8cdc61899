// Studies that are for members (spec §3 Studies config): the page is rendered for a visitor
// (login prompt, no body) because tokens live in web storage (spec §4). This island keeps that
// prompt for visitors and, for a logged-in member, fetches the study with the bearer token and
// shows the body the API already sanitised (`corpoSanitizado`, same policy as the pages), so
// the browser carries no HTML sanitiser. On a list it only hides the prompt for a member.
// The body's load is the store's (src/stores/content.ts).
import { useStore } from '@nanostores/react';
import { useEffect, useState } from 'react';
import { $studyBody, loadStudyBody } from '../../../stores/content.ts';
import { hasStoredSession } from '../../../stores/session.ts';
import { useSession, type SessionChurch } from '../ui/index.ts';

interface Props {
  church: SessionChurch;
  /** The church's slug in API paths. */
  slug: string;
  /** A study page; absent on the list. */
  studyId?: number;
  loginHref: string;
  strings: { locked: string; login: string; loading: string };
}

export default function StudyAccess({ church, slug, studyId, loginHref, strings }: Props) {
  const { ready, loggedIn } = useSession(church);
  const [waiting, setWaiting] = useState(false);
  // undefined: not fetched yet; null: the API gave no body (e.g. an inactive membership).
  const html = useStore($studyBody);

  useEffect(() => {
    setWaiting(hasStoredSession());
  }, []);

  useEffect(() => {
    if (ready && loggedIn && studyId !== undefined) void loadStudyBody(slug, studyId);
  }, [ready, loggedIn, slug, studyId]);

  const member = ready && loggedIn;
  if (member && studyId === undefined) return null;
  if (member && typeof html === 'string')
    return <div className="rich-text" dangerouslySetInnerHTML={{ __html: html }} />;
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
