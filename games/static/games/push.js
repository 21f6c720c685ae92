// The settings page's "Get notices in this browser": registers the service worker
// (push-sw.js), asks the browser's permission, subscribes with the site's VAPID key and
// posts the subscription (its endpoint and keys) as a channel of the seat. Without service
// workers or push the button stays hidden.
"use strict";

(function () {
  var button = document.getElementById("push-subscribe");
  if (!button || !("serviceWorker" in navigator) || !("PushManager" in window)) {
    return;
  }
  var form = button.form;
  var refused = document.getElementById("push-refused");
  button.hidden = false;

  function keyBytes(key) {
    var text = atob(key.replace(/-/g, "+").replace(/_/g, "/") + "===".slice((key.length + 3) % 4));
    var bytes = new Uint8Array(text.length);
    for (var i = 0; i < text.length; i += 1) {
      bytes[i] = text.charCodeAt(i);
    }
    return bytes;
  }

  button.addEventListener("click", function () {
    button.disabled = true;
    refused.hidden = true;
    navigator.serviceWorker
      .register(button.dataset.worker)
      .then(function (registration) {
        return Notification.requestPermission().then(function (permission) {
          if (permission !== "granted") {
            throw new Error(permission);
          }
          return registration.pushManager.subscribe({
            userVisibleOnly: true,
            applicationServerKey: keyBytes(button.dataset.key),
          });
        });
      })
      .then(function (subscription) {
        var subscribed = subscription.toJSON();
        form.elements.endpoint.value = subscribed.endpoint;
        form.elements.p256dh.value = subscribed.keys.p256dh;
        form.elements.auth.value = subscribed.keys.auth;
        form.submit();
      })
      .catch(function () {
        button.disabled = false;
        refused.hidden = false;
      });
  });
})();
