// Who buys on the event checkout (docs/events.md "Visitors"): a member, or a visitor where the
// event allows visitors; anyone else is sent to log in, as the kit's member guard does.
import { useEffect } from 'react';
import { currentPath, loginHref, useSession, type SessionChurch } from '../ui/index.ts';

export function useBuyer(
  church: SessionChurch,
  visitorsAllowed: boolean,
): { ready: boolean; userId: number | null; visitor: boolean } {
  const { ready, loggedIn, userId } = useSession(church);
  const refused = ready && !loggedIn && !visitorsAllowed;
  useEffect(() => {
    if (refused) location.replace(loginHref(currentPath()));
  }, [refused]);
  return { ready: ready && !refused, userId, visitor: ready && !loggedIn && visitorsAllowed };
}
