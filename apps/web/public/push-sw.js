/* Web Push in the participant app's service worker (issue 14). Imported by the generated sw.js
 * (vite.config.ts: workbox.importScripts). A push carries JSON {title, body, url, tag?} (at most
 * 3,993 bytes, built by the API's push sender); a click focuses an open window of the app and
 * navigates it to `url` (a session, the feed, a chat), or opens one. Same-origin paths only. */
/* eslint-disable no-undef */
'use strict';

function pushSafePath(url) {
  return typeof url === 'string' && url.startsWith('/') && !url.startsWith('//') ? url : '/';
}

self.addEventListener('push', (event) => {
  let data;
  try {
    data = event.data ? event.data.json() : {};
  } catch {
    data = { title: event.data ? event.data.text() : '' };
  }
  const title = typeof data.title === 'string' && data.title ? data.title : 'Plenary';
  const options = {
    body: typeof data.body === 'string' ? data.body : '',
    data: { url: pushSafePath(data.url) },
    icon: '/pwa-192.png',
    badge: '/pwa-192.png',
  };
  if (typeof data.tag === 'string' && data.tag) options.tag = data.tag;
  event.waitUntil(self.registration.showNotification(title, options));
});

self.addEventListener('notificationclick', (event) => {
  event.notification.close();
  const path = pushSafePath(event.notification.data && event.notification.data.url);
  const target = new URL(path, self.location.origin).href;
  event.waitUntil(
    (async () => {
      const windows = await self.clients.matchAll({ type: 'window', includeUncontrolled: true });
      for (const client of windows) {
        if (new URL(client.url).origin !== self.location.origin) continue;
        await client.focus();
        if ('navigate' in client) {
          try {
            await client.navigate(target);
            return;
          } catch {
            // An uncontrolled window cannot be navigated: open a new one below.
          }
        }
      }
      await self.clients.openWindow(target);
    })(),
  );
});

/* The push service renewed or dropped the subscription: subscribe again with the same options and
 * tell the open app windows, which register it with the API (the service worker holds no token).
 * With no window open, the app registers the current subscription the next time it loads. */
self.addEventListener('pushsubscriptionchange', (event) => {
  event.waitUntil(
    (async () => {
      const options = event.oldSubscription && event.oldSubscription.options;
      if (options && options.applicationServerKey) {
        await self.registration.pushManager.subscribe({
          userVisibleOnly: true,
          applicationServerKey: options.applicationServerKey,
        });
      }
      const windows = await self.clients.matchAll({ type: 'window', includeUncontrolled: true });
      for (const client of windows) client.postMessage({ type: 'push-subscription-changed' });
    })(),
  );
});
