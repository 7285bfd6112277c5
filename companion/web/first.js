// The first second on a phone (issue 39): a join page of plain HTML, usable while Flet's
// client downloads and starts underneath (seconds on a mid-range phone).
//
// On /join/CODE it shows the room, a "Your name" field and a Join button, with the client's
// progress below. What the player types is handed to the app through the browser's storage,
// where the app reads its other settings (views/app.py): a name joined here is seated by the
// app's own join, with the door's checks and sentences, as soon as the app is up. A phone
// that holds a seat of the room skips the form: "Back as Ana…". Nothing here talks to the
// host: the host stays the only authority, and this page needs no endpoint of its own.
"use strict";

(function () {
  var match = location.pathname.match(/^\/join\/([A-Za-z0-9]{1,32})$/);
  var first = document.getElementById("first");
  if (!match || !first) return;
  var code = match[1].toUpperCase();
  var PREFS = "flutter.companion.";  // Flet's SharedPreferences on the web: flutter. + key
  var TYPED = PREFS + "join.typed";  // views/phone.py TYPED_NAME

  function stored(key) {
    try {
      var raw = localStorage.getItem(PREFS + key);
      return raw === null ? null : JSON.parse(raw);
    } catch (e) {  // storage refused (a private window) or not ours: nothing remembered
      return null;
    }
  }

  var $ = function (id) { return document.getElementById(id); };
  var status = $("first-status"), bar = $("first-progress"), field = $("first-name");
  $("first-room").textContent = "Room " + code;
  first.hidden = false;
  var splash = $("loading");  // Flet's splash, under this page: one status for a reader
  if (splash) splash.setAttribute("aria-hidden", "true");

  function say(text) { status.textContent = text; }

  // A phone back in its room: no form, the app opens its seat.
  var passes = stored("seats." + code);
  var returning = (Array.isArray(passes) && passes.length) || stored("seat." + code);
  var remembered = stored("player.name");
  if (returning) {
    $("first-form").hidden = true;
    say(typeof remembered === "string" && remembered ? "Back as " + remembered + "…"
                                                     : "Back at your seat…");
  } else if (typeof remembered === "string" && remembered) {
    field.value = remembered;  // the player of earlier tonight, to confirm or change
  }

  var appUp = false, sent = false;

  // Join pressed, then the page reloaded before the app read it: say so, no form again
  var typed = null;
  try { typed = JSON.parse(stored("join.typed")); } catch (e) { typed = null; }
  if (!returning && typed && typed.code === code && typeof typed.name === "string") {
    $("first-form").hidden = true;
    sent = true;
    say("Taking a seat as " + typed.name + " as soon as the app is ready…");
  }

  $("first-form").addEventListener("submit", function (event) {
    event.preventDefault();  // nothing is posted: the app takes the seat
    var name = field.value.trim();
    if (!name) {
      say("Type your name first.");
      field.focus();
      return;
    }
    try {
      // a string holding JSON: the app's storage keeps strings, numbers and lists only
      localStorage.setItem(TYPED, JSON.stringify(JSON.stringify(
        {code: code, name: name, id: String(Date.now()) + Math.random().toString(36).slice(2)})));
    } catch (e) {
      say("This browser keeps nothing (a private window?): type your name again in a moment.");
      return;
    }
    sent = true;
    $("first-join").disabled = true;
    say("Taking a seat as " + name + " as soon as the app is ready…");
    // The app read the browser's storage when it started (and keeps its own copy): one that
    // is up already reads the name only when it starts again, in a new session (Flet would
    // carry the old one, its screen drawn, across a reload). A reload, from the cache.
    if (appUp) {
      try { sessionStorage.removeItem("_flet_session_id"); } catch (e) { /* none kept */ }
      location.reload();
    }
  });

  window.addEventListener("flutter-first-frame", function () {
    appUp = true;
    bar.value = 100;
    // a player halfway through their name keeps this form until they press Join
    if (sent || returning || !field.value.trim() || field.value.trim() === remembered) {
      first.remove();  // the app reads a name joined here when it draws its first screen
    } else {
      say("The app is ready: press Join when your name is right.");
      keepTyping();
    }
  }, {once: true});

  // Flutter takes the keyboard's focus when it starts: a player halfway through their name
  // keeps typing into it, the caret where it was.
  function keepTyping() {
    var at = field.selectionStart, until = Date.now() + 1500;
    function back() {
      if (!document.body.contains(field)) return;
      if (document.activeElement !== field) {
        field.focus();
        field.setSelectionRange(at, at);
      }
      if (Date.now() < until) requestAnimationFrame(back);
    }
    back();
  }

  // The client's download and start, in the steps a phone goes through.
  var steps = [[/flutter(_bootstrap)?\.js$/, 10], [/main\.dart\.(mjs|js)$/, 40],
               [/main\.dart\.wasm$/, 60], [/(canvaskit|skwasm[^/]*)\.(js|mjs)$/, 70],
               [/\.wasm$/, 85], [/app\.tar\.gz$|FontManifest\.json$/, 92]];
  function seen(url) {
    for (var i = 0; i < steps.length; i++) {
      if (steps[i][0].test(url.split("?")[0]) && bar.value < steps[i][1]) bar.value = steps[i][1];
    }
  }
  try {
    new PerformanceObserver(function (list) {
      list.getEntries().forEach(function (entry) { seen(entry.name); });
    }).observe({type: "resource", buffered: true});
  } catch (e) { /* no observer: the bar stays at its first step */ }
  bar.value = 5;
})();
