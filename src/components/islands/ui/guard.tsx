// The one login guard of the islands (docs/architecture.md "The client shape"): an auth-required island sends a visitor to
// /access?redirectTo=<this page> without showing its content; a visitors-only island (the
// access page) sends a logged-in member on to where ?redirectTo= points.
import { useStore } from '@nanostores/react';
import { useEffect, type ReactNode } from 'react';
import { isLeaving } from '../../../lib/account/http.ts';
import {
  $isLoggedIn,
  $session,
  $sessionReady,
  startSession,
  type SessionChurch,
} from '../../../stores/session.ts';
import { Loader } from './feedback.tsx';
import { currentPath, loginHref, redirectTarget } from './redirect.ts';

export type { SessionChurch };

/** Starts the session (no redirect) and tells whether it is ready and logged in. */
export function useSession(church: SessionChurch): {
  ready: boolean;
  loggedIn: boolean;
  userId: number | null;
} {
  const ready = useStore($sessionReady);
  const loggedIn = useStore($isLoggedIn);
  const session = useStore($session);
  useEffect(() => {
    void startSession(church);
  }, [church]);
  return { ready, loggedIn, userId: loggedIn ? (session.user?.id ?? null) : null };
}

export type GuardMode = 'auth' | 'visitors';

/** Sends the page away when the session does not fit the mode; true while it is leaving. */
function useGuard(church: SessionChurch, mode: GuardMode) {
  const session = useSession(church);
  const leaving = session.ready && (mode === 'auth' ? !session.loggedIn : session.loggedIn);
  useEffect(() => {
    if (!leaving || isLeaving()) return;
    location.replace(mode === 'auth' ? loginHref(currentPath()) : redirectTarget());
  }, [leaving, mode]);
  return { ...session, leaving };
}

/** The logged-in member: `ready` only once logged in; a visitor is sent to log in. */
export function useMember(church: SessionChurch): { ready: boolean; userId: number | null } {
  const { ready, loggedIn, userId } = useGuard(church, 'auth');
  return { ready: ready && loggedIn, userId };
}

/** Shows its children only to a member (`auth`) or only to a visitor (`visitors`); a loader meanwhile. */
export function MemberGate({
  church,
  mode = 'auth',
  children,
  loadingLabel,
  loading,
}: {
  church: SessionChurch;
  mode?: GuardMode;
  children: ReactNode;
  loadingLabel: string;
  /** What shows while the session is checked, e.g. the page's heading around the loader. */
  loading?: (loader: ReactNode) => ReactNode;
}) {
  const { ready, leaving } = useGuard(church, mode);
  if (!ready || leaving) {
    const loader = <Loader label={loadingLabel} />;
    return <>{loading ? loading(loader) : loader}</>;
  }
  return <>{children}</>;
}
