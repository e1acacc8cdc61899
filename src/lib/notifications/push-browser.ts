// This browser's side of web push (docs/notifications.md "Push"): whether it can, its current
// subscription, and subscribing with the server's key. Permission is asked only from a click.

/** What this browser can do: push with a service worker, or not (older Safari outside the home screen). */
export function pushSupport(): 'supported' | 'unsupported' {
  return typeof window !== 'undefined' &&
    'serviceWorker' in navigator &&
    'PushManager' in window &&
    'Notification' in window
    ? 'supported'
    : 'unsupported';
}

/** The permission as the browser holds it now ('default': never asked). */
export const permission = (): NotificationPermission =>
  typeof Notification === 'undefined' ? 'denied' : Notification.permission;

/** The server's base64url key as the bytes PushManager wants. */
export function keyBytes(base64url: string): Uint8Array<ArrayBuffer> {
  const base64 = (base64url + '='.repeat((4 - (base64url.length % 4)) % 4))
    .replace(/-/g, '+')
    .replace(/_/g, '/');
  const raw = atob(base64);
  const bytes = new Uint8Array(new ArrayBuffer(raw.length));
  for (let i = 0; i < raw.length; i++) bytes[i] = raw.charCodeAt(i);
  return bytes;
}

const registration = async (): Promise<ServiceWorkerRegistration | null> => {
  if (pushSupport() !== 'supported') return null;
  // The shell registers /service-worker.js on load; wait for it, at most a few seconds.
  const ready = navigator.serviceWorker.ready;
  const timeout = new Promise<null>((resolve) => setTimeout(() => resolve(null), 5_000));
  return Promise.race([ready, timeout]);
};

/** This browser's current subscription, if any. */
export async function currentSubscription(): Promise<PushSubscription | null> {
  const reg = await registration();
  return reg ? reg.pushManager.getSubscription() : null;
}

export type SubscribeOutcome =
  | { ok: true; subscription: PushSubscriptionJSON }
  | { ok: false; reason: 'denied' | 'unsupported' | 'failed' };

/** Asks for permission (the member just clicked) and subscribes with the server's key. */
export async function subscribeThisBrowser(serverKey: string): Promise<SubscribeOutcome> {
  if (pushSupport() !== 'supported') return { ok: false, reason: 'unsupported' };
  const answer = await Notification.requestPermission();
  if (answer !== 'granted') return { ok: false, reason: 'denied' };
  try {
    const reg = await registration();
    if (!reg) return { ok: false, reason: 'unsupported' };
    const existing = await reg.pushManager.getSubscription();
    const subscription =
      existing ??
      (await reg.pushManager.subscribe({
        userVisibleOnly: true,
        applicationServerKey: keyBytes(serverKey),
      }));
    return { ok: true, subscription: subscription.toJSON() };
  } catch {
    return { ok: false, reason: 'failed' };
  }
}

/** Stops push in this browser (the server forgets the device separately). */
export async function unsubscribeThisBrowser(): Promise<void> {
  const subscription = await currentSubscription();
  await subscription?.unsubscribe();
}
