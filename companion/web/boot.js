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

// The accessibility switch (issue 53). Flutter keeps its accessibility tree off until its
// "Enable accessibility" element (flt-semantics-placeholder) is clicked: on a desktop a 1 px
// element that Orca calls an image, on a phone a screen-wide one that no key reaches, taken
// only as a tap at its very centre. And the page starts with Flutter's own view focused: Tab
// went to the app's first button and Enter pressed it (the table opened a room unseen). So:
// - a real button (#reader-switch, index.html) stands in for it while the tree is off: Tab
//   reaches it from anywhere, and Enter, Space, a click or a reader's double tap on it turns
//   the tree on and presses nothing else;
// - a browser whose tree was on once (its player reads with a screen reader) turns it on at
//   every start, as does a join on the join page with no hand on the screen (first.js): a
//   reader who joined there keeps a working tree when the app takes over, without pressing
//   anything again. The browser keeps this as the app's setting "companion.reader"
//   (views/screen.py READER), which the app reads too.
// Not on for everybody: that would leave the app no sign that a reader is there (a shared
// phone's idle blank waits longer for one); its cost on a phone's join was within the noise of
// tests/bench/bench_reader_tree.py on the project's machine (the same bytes).
(function () {
  var KEY = "flutter.companion.reader";  // Flet's SharedPreferences: flutter. + key, as JSON
  var wanted = false;
  try { wanted = JSON.parse(localStorage.getItem(KEY)) === true; } catch (e) { wanted = false; }
  var on = false;

  function placeholder() { return document.querySelector("flt-semantics-placeholder"); }
  function switchButton() { return document.getElementById("reader-switch"); }

  // Flutter's own switch clicked as a reader's tap clicks it: at its very centre
  function press(p) {
    var r = p.getBoundingClientRect();
    p.dispatchEvent(new MouseEvent("click", {bubbles: true, cancelable: true,
                                             clientX: r.left + r.width / 2,
                                             clientY: r.top + r.height / 2}));
  }

  function want() {
    wanted = true;
    try { localStorage.setItem(KEY, "true"); } catch (e) { /* kept for this page only */ }
    sync();
  }

  function sync() {
    if (on) return;
    var button = switchButton(), p = placeholder();
    if (document.querySelector("flt-semantics-host > *")) {  // the tree is on
      on = true;
      if (!wanted) want();  // (Flutter's own switch pressed: remembered all the same)
      if (button) button.remove();
      observer.disconnect();
      return;
    }
    if (p && wanted && !p.companionPressed) {
      p.companionPressed = true;
      press(p);
    }
    if (!button) return;
    // shown while there is a switch to press, unless the join page covers the app
    var first = document.getElementById("first");
    button.hidden = !p || wanted || !!(first && !first.hidden);
  }

  var observer = new MutationObserver(sync);
  observer.observe(document, {childList: true, subtree: true});
  window.companionReader = {want: want, wanted: function () { return wanted; }};

  document.addEventListener("DOMContentLoaded", function () {
    var button = switchButton();
    if (button) button.addEventListener("click", want);
    sync();
  });

  window.addEventListener("keydown", function (event) {
    var button = switchButton();
    if (!button || button.hidden) return;  // the tree is on (or no app yet): keys go on
    var onSwitch = document.activeElement === button;
    if (event.key === "Tab" && !onSwitch) {
      button.focus();
    } else if (onSwitch && (event.key === "Enter" || event.key === " ")) {
      want();
    } else {
      return;
    }
    event.preventDefault();
    event.stopImmediatePropagation();
  }, true);
})();

// Every announcement heard whole (issue 53). Flutter writes an announcement into its
// aria-live element (flt-announcement-host) and removes it about 300 ms later, by its own
// timer; a loaded browser passes the page to the screen reader less often than that, and an
// announcement that came and went between two passes never reaches the reader (Orca at load
// 30-44, 2026-12-08: "A new vote for you: ..." written by the page, never spoken; when heard,
// Orca saw the words arrive and leave 49 ms apart). So the page says each announcement again
// in a live region of its own that keeps it until the next one, and hides Flutter's from
// readers (else a reader would hear each twice).
(function () {
  var regions = {};

  function region(politeness) {
    if (!regions[politeness]) {
      var r = document.createElement("div");
      r.id = "reader-voice-" + politeness;
      r.setAttribute("aria-live", politeness);
      r.setAttribute("aria-atomic", "true");
      var s = r.style;  // out of sight, in the accessibility tree (as a skip link)
      s.position = "fixed"; s.left = "0"; s.top = "0"; s.width = "1px"; s.height = "1px";
      s.overflow = "hidden"; s.clipPath = "inset(50%)"; s.whiteSpace = "nowrap";
      document.body.appendChild(r);
      regions[politeness] = r;
    }
    return regions[politeness];
  }

  function say(text, politeness) {
    var r = region(politeness), line = document.createElement("div");
    // the same words twice in a row are a new line all the same (a reader speaks insertions)
    line.textContent = r.textContent === text ? text + "\u00a0" : text;
    r.replaceChildren(line);
  }

  // A reader drops the words it has not spoken yet when the focus moves (Orca flushes its
  // live-region queue). The app moves the focus before it speaks (views/screen.py Voice),
  // but a redraw that removes the focused control drops the focus elsewhere at any moment:
  // at load 30-44 that came just after "Ballot 1: Bruno" and "Ballot 2: Bruno" and took both.
  // So what was said in the last FRESH ms is said again, once the reader has had AFTER ms
  // for the new focus, when the focus moved with no key pressed (after a key the player has
  // moved on, and a key stops the reader anyway) and not by the app: a focus on a control
  // followed by new words is the Voice's own move (saying the old words again over the new
  // ones lost "Your turn: ..." in Orca's queue).
  var FRESH = 3000, AFTER = 400, KEYED = 500;
  var recent = [], lastKey = 0, focused = null, watching = null;
  window.addEventListener("keydown", function () { lastKey = Date.now(); }, true);

  function heard(text, politeness) {
    var now = Date.now();
    recent = recent.filter(function (r) { return now - r.at < FRESH; });
    recent.push({text: text, politeness: politeness, at: now});
    say(text, politeness);
    focused = document.activeElement;
    if (!watching) watching = setInterval(watchFocus, 100);  // only while words are fresh
  }

  function watchFocus() {
    var now = Date.now();
    recent = recent.filter(function (r) { return now - r.at < FRESH; });
    if (!recent.length) { clearInterval(watching); watching = null; return; }
    if (document.activeElement === focused) return;
    focused = document.activeElement;
    if (now - lastKey < KEYED) return;
    var moved = now;
    setTimeout(function () {
      var onControl = document.activeElement && document.activeElement !== document.body;
      if (onControl && recent.some(function (r) { return r.at >= moved; })) return;
      var again = recent.filter(function (r) { return Date.now() - r.at < FRESH + AFTER; });
      if (!again.length) return;
      var assertive = again.some(function (r) { return r.politeness === "assertive"; });
      say(again.map(function (r) { return r.text; }).join(" "),
          assertive ? "assertive" : "polite");
    }, AFTER);
  }

  function watch(host) {
    if (host.companionVoice) return;
    host.companionVoice = true;
    host.setAttribute("aria-hidden", "true");
    new MutationObserver(function (changes) {
      changes.forEach(function (change) {
        change.addedNodes.forEach(function (node) {
          var text = (node.textContent || "").trim();
          if (!text) return;
          var live = node.nodeType === 1 ? node.closest("[aria-live]") : node.parentElement &&
                     node.parentElement.closest("[aria-live]");
          heard(text, live && live.getAttribute("aria-live") === "assertive" ? "assertive"
                                                                                 : "polite");
        });
      });
    }).observe(host, {subtree: true, childList: true});
  }

  var finder = new MutationObserver(function () {
    var host = document.querySelector("flt-announcement-host");
    if (!host) return;
    finder.disconnect();  // Flutter makes it once, as its engine starts
    watch(host);
  });
  finder.observe(document, {childList: true, subtree: true});
})();
