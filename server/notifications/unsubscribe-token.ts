// The one-click unsubscribe link's token (docs/notifications.md "Unsubscribe"): signed for this one
// purpose, it names a member, a church and a kind of notice, and does nothing else — it never signs
// anyone in. It does not expire: an old e-mail's link must still work (RFC 8058).
import { NOTICE_KINDS, type NoticeKind } from '../../contract/notification-preferences.ts';
import { signer } from '../auth/signing.ts';

const signing = signer('email-unsubscribe');

export interface UnsubscribeClaim {
  userId: number;
  churchId: number;
  kind: NoticeKind;
}

export function unsubscribeToken({ userId, churchId, kind }: UnsubscribeClaim): string {
  const text = `${userId}.${churchId}.${kind}`;
  return `${text}.${signing.sign(text)}`;
}

/** The claim of a well-signed token, or null. */
export function readUnsubscribeToken(token: string | undefined): UnsubscribeClaim | null {
  const match = /^(\d{1,10})\.(\d{1,10})\.([a-z]{1,20})\.([\w-]{20,100})$/.exec(token ?? '');
  if (!match) return null;
  const [, user, church, kind, signature] = match;
  if (!signing.verify(signature!, `${user}.${church}.${kind}`)) return null;
  if (!(NOTICE_KINDS as readonly string[]).includes(kind!)) return null;
  return { userId: Number(user), churchId: Number(church), kind: kind as NoticeKind };
}
