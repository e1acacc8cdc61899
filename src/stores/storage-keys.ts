// Every key this web app keeps in the browser's storage, namespaced (church:…), in one place.
// No imports: the inline scripts of content pages read the two session keys from here, and only
// what they name is bundled into them (src/scripts/header.ts).

/** The session's saved state and access token (session storage). */
export const SESSION_KEY = 'church:session';
export const TOKEN_KEY = 'church:token';
/** The member's display name (local storage), so the header of a second tab knows who is in. */
export const MEMBER_NAME_KEY = 'church:memberName';
export const REFRESH_TOKEN_KEY = 'church:refreshToken';
/** The visitor's answer to the analytics banner, 'yes' or 'no' (local storage; kept at logout: it is the browser's, not the member's). */
export const CONSENT_KEY = 'church:consent';

/**
 * The name the header shows: the tab's own session, else a session another tab left (refresh
 * token and name in local storage, which the first member page of this tab restores); else null.
 */
export function headerMemberName(
  session: Pick<Storage, 'getItem'>,
  local: Pick<Storage, 'getItem'>,
): string | null {
  const saved = JSON.parse(session.getItem(SESSION_KEY) || 'null') as {
    user?: { nome?: string } | null;
    clientAccount?: unknown;
  } | null;
  if (saved?.user?.nome && saved.clientAccount && session.getItem(TOKEN_KEY))
    return saved.user.nome;
  return (local.getItem(REFRESH_TOKEN_KEY) && local.getItem(MEMBER_NAME_KEY)) || null;
}

export const STORAGE_KEYS = {
  session: SESSION_KEY,
  token: TOKEN_KEY,
  refreshToken: REFRESH_TOKEN_KEY,
  memberName: MEMBER_NAME_KEY,
  church: 'church:church',
  /** Other areas' client data that logout clears (spec §4). */
  chatUser: 'church:chatUser',
  play: 'church:play',
  /** Sermon-note edits not yet on the server (src/stores/notes.ts). Kept at logout, keyed by user:
   *  a 401 mid-sync must not lose a word (docs/notes.md). */
  notesPending: 'church:notes:pending',
  /** One-shot flag: the account was just deleted, so /user/delete-user-success ends the session and says goodbye. */
  accountDeleted: 'church:accountDeleted',
  /** The answer of the gift just made (session storage), so its thank-you page shows it at once (src/stores/give.ts). */
  lastGift: 'church:give:last',
  /** Door scans not yet sent (src/stores/admin-checkin.ts): kept at logout, sent when the connection returns. */
  checkinQueue: 'church:checkin:queue',
  /** The children's station's check-ins and pick-ups not yet sent (src/stores/admin-kids-offline.ts), like the door's. */
  kidsQueue: 'church:kids:queue',
  /** The station's family list for working offline (session storage: gone with the tab, dropped after an hour). */
  kidsFamilies: 'church:kids:families',
  /** The analytics consent (src/scripts/analytics.ts): kept at logout. */
  consent: CONSENT_KEY,
} as const;
