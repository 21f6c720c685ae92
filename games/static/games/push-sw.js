// The service worker of browser push: shows each turn notice the site pushes to this
// browser (its payload, decrypted by the browser: games/notices/push.py) and opens the
// game's page, on this site only, when the notice is clicked.
"use strict";

self.addEventListener("push", function (event) {
  var notice = event.data ? event.data.json() : {};
  event.waitUntil(
    self.registration.showNotification(notice.title || self.location.host, {
      body: notice.body || "",
      tag: notice.tag,
      data: { url: notice.url },
      icon: "favicon.svg",
    })
  );
});

self.addEventListener("notificationclick", function (event) {
  event.notification.close();
  var url = event.notification.data && event.notification.data.url;
  if (url && new URL(url).origin === self.location.origin) {
    event.waitUntil(self.clients.openWindow(url));
  }
});
