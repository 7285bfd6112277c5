// The first second on a phone (issue 39): a join page of plain HTML, usable while Flet's
// client downloads and starts underneath (seconds on a mid-range phone).
//
// On /join/CODE it shows the room, a "Your name" field and a Join button, with the client's
// progress below. Join sends the name to the host (companion/join_form.py: the app's own join,
// with the door's checks and sentences): the seat is taken at once, the table sees the player
// sit down, and the seat pass is kept where the app reads its saved settings, so the app opens
// on the seat. While a player is typing, the app's start waits for their Join (boot.js:
// flet.holdRun), so the app reads the pass when it starts and nothing is loaded twice. A phone
// that holds a seat of the room skips the form: "Back as Ana…". A refusal is said under the
// name; the app then starts with the name (views/app.py reads it), where the free seats are.
"use strict";

// Whether this browser keeps any of the app's settings, told to the host in a cookie its
// websocket's handshake carries (companion/host_key.py KEPT): a phone that keeps none is not
// asked for them, a round trip less on a crowded Wi-Fi. The first setting stored, by this
// page or by the app, makes it "1" (a reconnect to a restarted host then asks).
(function () {
  var PREFS = "flutter.companion.";
  var name = "companion_kept_" + (location.port || (location.protocol === "https:" ? 443 : 80));
  function tell(kept) {
    document.cookie = name + "=" + (kept ? "1" : "0") + "; Path=/; SameSite=Strict";
  }
  try {
    for (var i = 0; i < localStorage.length; i++) {
      if (String(localStorage.key(i)).indexOf(PREFS) === 0) return tell(true);
    }
  } catch (e) {  // storage refused (a private window): no word, the host asks as ever
    return;
  }
  tell(false);
  var setItem = Storage.prototype.setItem;
  Storage.prototype.setItem = function (key, value) {
    if (this === window.localStorage && String(key).indexOf(PREFS) === 0) {
      tell(true);
      Storage.prototype.setItem = setItem;  // said once: the browser's own again
    }
    return setItem.apply(this, arguments);
  };
})();

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

  // The page's sentences in the reader's language, from the host's catalogs (a data
  // attribute the host fills in: companion/join_page.py)
  var WORDS = {};
  try { WORDS = JSON.parse(first.getAttribute("data-words")) || {}; } catch (e) { WORDS = {}; }
  function w(key, name) {
    return String(WORDS[key] || "").replace("{code}", function () { return code; })
      .replace("{name}", function () { return name; });
  }

  var $ = function (id) { return document.getElementById(id); };
  var status = $("first-status"), bar = $("first-progress"), field = $("first-name");
  $("first-room").textContent = w("room");
  first.hidden = false;
  var splash = $("loading");  // Flet's splash, under this page: one status for a reader
  if (splash) splash.setAttribute("aria-hidden", "true");

  function say(text) { status.textContent = text; }

  function keep(key, value) {  // as Flet's SharedPreferences keeps it: flutter. + key, JSON
    localStorage.setItem(PREFS + key, JSON.stringify(value));
  }

  // The app's start: held while the player types, let go once the name is sent (or never
  // typed). boot.js's bootstrap calls flet.holdRun when the client is ready to start.
  var letGo, held = new Promise(function (resolve) { letGo = resolve; });
  if (window.flet) {
    flet.holdRun = function () {
      bar.value = 95;
      if (asking) return held;  // the host's answer lets it go, the seat pass kept first
      if (sent || returning || !typing()) letGo();
      else say(w("ready"));
      return held;
    };
  }

  // A phone back in its room: no form, the app opens its seat.
  var passes = stored("seats." + code);
  var returning = (Array.isArray(passes) && passes.length) || stored("seat." + code);
  var remembered = stored("player.name");
  if (returning) {
    $("first-form").hidden = true;
    say(typeof remembered === "string" && remembered ? w("back_as", remembered) : w("back"));
  } else if (typeof remembered === "string" && remembered) {
    field.value = remembered;  // the player of earlier tonight, to confirm or change
  }

  var appUp = false, sent = false, asking = false, refusedName = null;

  // A hand on the screen: a mouse, or a finger anywhere but a control's very centre (where a
  // phone's screen reader taps for its player, as Flutter's own switch assumes). A name given
  // with none (keys alone, a reader's taps) turns the app's accessibility tree on as it takes
  // over (boot.js), so its reader needs to press nothing more (issue 53).
  var hand = false;
  first.addEventListener("pointerdown", function (event) {  // (the page covers the screen)
    var r = event.target && event.target.getBoundingClientRect ?
      event.target.getBoundingClientRect() : null;
    var centre = r && Math.abs(event.clientX - (r.left + r.width / 2)) < 1 &&
      Math.abs(event.clientY - (r.top + r.height / 2)) < 1;
    if (event.pointerType !== "touch" || !centre) hand = true;
  }, true);

  // a sealed host: the form's hello now, while the player types (Join waits for no round trip)
  var sealing = !!(window.companionSeal && companionSeal.on);
  if (sealing && !returning) companionSeal.greet().catch(function () { /* said at Join */ });
  function typing() {
    var name = field.value.trim();
    return name !== "" && name !== remembered;
  }

  // Join pressed, then the page reloaded before the app read it: say so, no form again
  var typed = null;
  try { typed = JSON.parse(stored("join.typed")); } catch (e) { typed = null; }
  if (!returning && typed && typed.code === code && typeof typed.name === "string") {
    $("first-form").hidden = true;
    sent = true;
    say(w("taking_later", typed.name));
  }

  $("first-form").addEventListener("submit", function (event) {
    event.preventDefault();  // sent below, as JSON: the page stays while the seat is taken
    var name = field.value.trim();
    if (!hand && window.companionReader) companionReader.want();
    if (!name) {
      say(w("type_name"));
      field.focus();
      return;
    }
    try {  // the seat pass is kept in the browser's storage: a browser that keeps nothing
      keep("join.probe", 1);  // joins in the app, where the seat lives in the session
      localStorage.removeItem(PREFS + "join.probe");
    } catch (e) {
      say(w("keeps_nothing"));
      letGo();
      return;
    }
    // The phone's player key is made here, before the first request, and kept: a phone
    // whose answer is lost (the Wi-Fi dropped) asks again with the same key and name, and
    // the host gives it its seat back (companion/seats.py) instead of "taken by another phone".
    var key = stored("player.key");
    if (typeof key !== "string" || !/^[A-Za-z0-9_-]{16,64}$/.test(key)) {
      key = playerKey();
      keep("player.key", key);
    }
    sent = asking = true;
    $("first-join").disabled = true;
    say(w("taking", name));
    var form = {name: name, colour: stored("player.colour"), player: key};
    // a sealed host (seal.js): the name goes sealed, and the seat pass comes back sealed
    (sealing ? companionSeal.post(location.pathname, form) : fetch(location.pathname, {
      method: "POST", cache: "no-store", credentials: "same-origin",
      headers: {"Content-Type": "application/json"},
      body: JSON.stringify(form)
    }).then(function (response) {
      return response.json();
    })).then(function (answer) {
      asking = false;
      if (answer && typeof answer.pass === "string") seated(answer);
      else refused(name, answer && answer.refused);
    }, function () {  // no answer (the Wi-Fi dropped): the app joins with the name itself
      asking = false;
      if (sealing && companionSeal.refused) return;  // not this table's host: said, nothing sent
      handOver(name, w("no_answer", name));
    });
  });

  function playerKey() {  // 24 random base64url characters, as secrets.token_urlsafe(18)
    var bytes = new Uint8Array(18);
    crypto.getRandomValues(bytes);  // a plain-http page has it too (randomUUID it has not)
    var text = "";
    for (var i = 0; i < bytes.length; i++) text += String.fromCharCode(bytes[i]);
    return btoa(text).replace(/\+/g, "-").replace(/\//g, "_").replace(/=+$/, "");
  }

  function seated(seat) {
    var before = stored("seats." + code);
    var passes = (Array.isArray(before) ? before : []).concat([seat.pass]);
    keep("seats." + code, passes);
    keep("seat." + code, passes[0]);
    keep("player.name", seat.name);
    keep("player.colour", seat.colour);
    keep("player.key", seat.player);
    $("first-form").hidden = true;  // nothing left to type: the seat is the news
    status.className = "seated";
    say(w("seated", seat.name));
    started();
  }

  function refused(name, sentence) {
    sent = false;
    $("first-join").disabled = false;
    say(typeof sentence === "string" && sentence ? sentence : w("busy"));
    field.focus();
    if (appUp) return;  // the app's own form is there too, under this one
    // the app starts with the name (it says the same sentence under it, beside the free
    // seats a player may ask the table for); a player who changes it joins here again
    keepTyped(name);
    refusedName = name;
    letGo();
  }

  function handOver(name, sentence) {
    keepTyped(name);
    say(sentence);
    started();
  }

  function keepTyped(name) {
    try {  // a string holding JSON: the app's storage keeps strings, numbers and lists only
      keep("join.typed", JSON.stringify({
        code: code, name: name, id: String(Date.now()) + Math.random().toString(36).slice(2)}));
    } catch (e) { /* nothing kept: the player types the name in the app */ }
  }

  // The seat is the host's now: an app that is up already read the browser's storage when it
  // started (and keeps its own copy), so it starts again in a new session to read the seat's
  // pass; one still held starts now.
  function started() {
    if (appUp) {
      try { sessionStorage.removeItem("_flet_session_id"); } catch (e) { /* none kept */ }
      location.reload();
    } else {
      letGo();
    }
  }

  window.addEventListener("flutter-first-frame", function () {
    appUp = true;
    bar.value = 100;
    // a player halfway through their name keeps this form until they press Join; a name
    // refused and not changed since is the app's to show, beside the seats it offers
    if (sent || returning || !typing() || field.value.trim() === refusedName) {
      first.remove();  // the app reads a name joined here when it draws its first screen
    } else {
      say(w("ready"));
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
