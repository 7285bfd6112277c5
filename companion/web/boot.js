// Runs before Flutter's bootstrap: what Flet's start page did inline, plus a language guard.
"use strict";

// The language guard. Flutter 3.44's engine (Flet 1.0.5) calls `new Intl.Locale(tag)` on every
// entry of navigator.languages while it starts and does not catch the RangeError of a tag the
// browser made up from the system locale ("C" from LANG=C.UTF-8 in WebKitGTK, "en-US@posix"
// from a Linux Chromium with LANG unset): the page would stay on its splash for good. Keep
// the tags Intl.Locale accepts, "en-US" if none is left.
(function () {
  function valid(tag) {
    try { new Intl.Locale(tag); return true; } catch (e) { return false; }
  }
  var asked = Array.prototype.slice.call(navigator.languages || [navigator.language || ""]);
  var kept = asked.filter(valid);
  if (kept.length === asked.length && valid(navigator.language)) return;
  if (!kept.length) kept = ["en-US"];
  var first = valid(navigator.language) ? navigator.language : kept[0];
  try {
    Object.defineProperty(navigator, "languages", {get: function () { return kept.slice(); },
                                                   configurable: true});
    Object.defineProperty(navigator, "language", {get: function () { return first; },
                                                  configurable: true});
  } catch (e) { /* an engine that refuses: nothing better to do */ }
})();

// Reload when WebKit restores the page from the back/forward cache instead of resuming it
// (Flet's own start page does this): WebKit restores a Flutter app with its frame scheduling
// broken, and the Flet session lives on the server, so a reload loses nothing.
window.addEventListener("pageshow", function (event) {
  if (event.persisted && navigator.vendor && navigator.vendor.startsWith("Apple")) {
    window.location.reload();
  }
});

// Flet's client configuration, as flet_web.patch_index_html writes it for a hosted app served
// with no CDN: every runtime file from this host.
var flet = {
  pyodide: false,
  multiView: false,
  noCdn: true,
  webSocketEndpoint: "/ws",
  entrypointBaseUrl: "/",
  assetBase: "/",
  routeUrlStrategy: "path",
  canvasKitBaseUrl: "/canvaskit/",
  pyodideUrl: "/pyodide/pyodide.mjs",
  webRenderer: "auto",
  fontFallbackBaseUrl: "assets/fonts/",
  appPackageUrl: "app.tar.gz"
};
flet.flutterAppLoaded = new Promise(function (resolve) { flet.flutterAppResolve = resolve; });

// The accessibility switch. Flutter keeps its accessibility tree off until its hidden
// "Enable accessibility" button (flt-semantics-placeholder) is pressed, but the page starts
// with Flutter's own view focused: Tab went to the app's first button and Enter pressed it
// (the table screen opened a room unseen). While the tree is off, Tab lands on that switch,
// and Enter or Space there turns the tree on and presses nothing else.
window.addEventListener("keydown", function (event) {
  var placeholder = document.querySelector("flt-semantics-placeholder");
  if (!placeholder) return;  // the tree is on (or Flutter not started): keys go to the app
  var onSwitch = document.activeElement === placeholder;
  if (event.key === "Tab" && !onSwitch) {
    placeholder.focus();
  } else if (onSwitch && (event.key === "Enter" || event.key === " ")) {
    placeholder.click();
  } else {
    return;
  }
  event.preventDefault();
  event.stopImmediatePropagation();
}, true);
