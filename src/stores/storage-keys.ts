// Every key this web app keeps in the browser's storage, namespaced (church:…), in one place.
// No imports: the inline scripts of content pages read the two session keys from here, and only
// what they name is bundled into them (src/scripts/header.ts).

/** The session's saved state and access token (session storage). */
export const SESSION_KEY = 'church:session';
export const TOKEN_KEY = 'church:token';

export const STORAGE_KEYS = {
  session: SESSION_KEY,
  token: TOKEN_KEY,
  refreshToken: 'church:refreshToken',
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
} as const;
