// Web push in the service worker (docs/notifications.md "Push"), loaded by the generated
// service-worker.js (scripts/build-service-worker.ts importScripts). A push carries
// { title, body, url, icon, tag } (contract/push.ts PushPayload), encrypted for this browser.
/* eslint-env serviceworker */
self.addEventListener('push', (event) => {
  let data = {};
  try {
    data = event.data ? event.data.json() : {};
  } catch {
    data = { body: event.data ? event.data.text() : '' };
  }
  const title = data.title || self.location.hostname;
  event.waitUntil(
    self.registration.showNotification(title, {
      body: data.body || '',
      icon: data.icon || '/favicon.svg',
      tag: data.tag,
      data: { url: data.url || '/user' },
    }),
  );
});

self.addEventListener('notificationclick', (event) => {
  event.notification.close();
  // Only a path of this site opens: a notice never sends the member elsewhere.
  const path = String((event.notification.data && event.notification.data.url) || '/user');
  const target = new URL(path.startsWith('/') && !path.startsWith('//') ? path : '/user', self.location.origin);
  event.waitUntil(
    self.clients.matchAll({ type: 'window', includeUncontrolled: true }).then((tabs) => {
      const same = tabs.find((tab) => tab.url === target.href) || tabs.find((tab) => new URL(tab.url).origin === target.origin);
      if (same) {
        return (same.url === target.href ? Promise.resolve(same) : same.navigate(target.href)).then((tab) => (tab || same).focus());
      }
      return self.clients.openWindow(target.href);
    }),
  );
});

// The push service replaced this browser's subscription (it expired or was revoked): subscribe
// again with the same server key and tell the server, proving the old one by its auth secret.
self.addEventListener('pushsubscriptionchange', (event) => {
  const old = event.oldSubscription;
  event.waitUntil(
    Promise.resolve(event.newSubscription || (old && self.registration.pushManager.subscribe(old.options)))
      .then((next) => {
        if (!old || !next) return undefined;
        const before = old.toJSON();
        const after = next.toJSON();
        return fetch('/api/v1/push/renovar', {
          method: 'POST',
          headers: { 'content-type': 'application/json' },
          body: JSON.stringify({
            antigo: { endpoint: before.endpoint, auth: before.keys && before.keys.auth },
            novo: { endpoint: after.endpoint, keys: after.keys },
          }),
        });
      })
      .catch(() => undefined),
  );
});
