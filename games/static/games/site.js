// The little JavaScript the pages use (they all work without it).
// Countdowns to deadlines, refreshed every 30 seconds and after every htmx swap.
(function () {
  "use strict";
  var units = (document.documentElement.lang || "en").slice(0, 2);
  var words = {
    en: { d: "d", h: "h", m: "min", left: "left", late: "overdue" },
    de: { d: "T", h: "Std", m: "Min", left: "übrig", late: "überfällig" },
    fr: { d: "j", h: "h", m: "min", left: "restantes", late: "en retard" }
  }[units] || { d: "d", h: "h", m: "min", left: "left", late: "overdue" };

  function left(ms) {
    if (ms <= 0) { return words.late; }
    var minutes = Math.floor(ms / 60000), days = Math.floor(minutes / 1440);
    var hours = Math.floor((minutes % 1440) / 60), rest = minutes % 60;
    var parts = days ? [days + " " + words.d, hours + " " + words.h] : hours ? [hours + " " + words.h, rest + " " + words.m] : [rest + " " + words.m];
    return parts.join(" ") + " " + words.left;
  }

  function tick() {
    document.querySelectorAll("[data-countdown]").forEach(function (node) {
      var until = Date.parse(node.getAttribute("data-countdown"));
      if (isNaN(until)) { return; }
      var label = node.nextElementSibling;
      if (!label || !label.classList.contains("countdown")) {
        label = document.createElement("span");
        label.className = "countdown";
        node.insertAdjacentElement("afterend", label);
      }
      label.textContent = " (" + left(until - Date.now()) + ")";
    });
  }

  // A time-zone field showing the server's guess takes the browser's own zone instead, once
  // (a list only when it offers that zone, under its name or one of its old aliases).
  function guessTimeZone() {
    var zone = window.Intl && Intl.DateTimeFormat().resolvedOptions().timeZone;
    if (!zone) { return; }
    document.querySelectorAll('[data-browser-time-zone="guess"]').forEach(function (input) {
      var offered = input.querySelector(
        'option[value="' + zone + '"], option[data-aliases~="' + zone + '"]');
      if (offered) { input.value = offered.value; }
      input.setAttribute("data-browser-time-zone", "guessed");
    });
  }

  // A form posted through htmx and refused comes back with its error somewhere on the
  // page, while the page stays where the player pressed the button: bring the first
  // error to the middle of the screen, and keep the focus on the field to mend (the
  // one the page marks autofocus, as a page loaded without JavaScript uses it).
  function revealError(event) {
    var config = event.detail.requestConfig;
    if (!config || config.verb !== "post" || !event.detail.target) { return; }
    var error = event.detail.target.querySelector('[role="alert"], .errorlist');
    if (!error) { return; }
    error.scrollIntoView({ block: "center" });
    var field = event.detail.target.querySelector("[autofocus]");
    if (field) { field.focus({ preventScroll: true }); }
  }

  document.addEventListener("DOMContentLoaded", function () { tick(); guessTimeZone(); });
  document.addEventListener("htmx:afterSettle", revealError);
  document.addEventListener("htmx:afterSettle", guessTimeZone);
  document.addEventListener("htmx:afterSettle", tick);
  setInterval(tick, 30000);
})();
