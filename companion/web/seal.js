// The sealed websocket, the phone's side (issue 49; companion/seal.py is the host's and says
// the protocol). Runs before Flet's client starts: it replaces window.WebSocket for the app's
// socket (/ws) with one that agrees a key with the host (X25519, tweetnacl-js 1.0.3 in
// nacl-fast.min.js: WebCrypto is not offered to plain-http pages), checks that the host proves
// the key the table's QR code named (#seal=... in the join URL), and only then says "open" to
// Flet; every frame after is sealed (XSalsa20-Poly1305) and padded to a few fixed sizes.
// A host that cannot prove the key gets nothing but this connection's throwaway public key:
// the page says so in a sentence, and Flet's client never sees an open socket.
// With the seal off, the host answers nacl-fast.min.js with a line that defines nothing, and
// this script leaves the browser's WebSocket as it is.
"use strict";
(function () {
  if (typeof nacl === "undefined" || !window.WebSocket || !window.EventTarget) return;
  var Real = window.WebSocket;
  var HELLO = [0xc1, 0x73, 0x65, 0x61, 0x6c, 0x31];  // "\xc1seal1"
  var CONTEXT = [];
  "companion seal 1".split("").forEach(function (c) { CONTEXT.push(c.charCodeAt(0)); });
  var SIZES = [256, 1024, 4096, 16384], MAC = 16, HEAD = 5, BUNDLE = 2;
  // Cover (seal.py's docstring): once seated (a round heard), one frame of COVER bytes every
  // TICK ms, a piece of what the phone has to say in it or nothing, so a listener cannot tell
  // the phone that taps from the one that does not
  var CHUNK = 3, TICK = 100, COVER = 256, PIECE = COVER - MAC - HEAD, CATCH_UP = 300,
    BURST = 10;
  var FROM_PHONE = 1, FROM_HOST = 2;
  var REFUSED = "This phone could not make sure that it is talking to the table's host, so " +
    "it sent nothing. Join the table's Wi-Fi and scan the QR code on the table screen again.";

  // The key the table's QR code named: kept for this tab (reloads, reconnects), the fragment
  // taken off the address. Without one (an address typed by hand), the first key the host
  // proves is kept for this tab instead: trust on first use.
  var STORE = "companion.seal." + location.host;
  var expected = null;
  try { expected = sessionStorage.getItem(STORE); } catch (e) { expected = null; }
  var named = /(?:^#|&)seal=([A-Za-z0-9_-]{22})(?:&|$)/.exec(location.hash);
  if (named) {
    expected = named[1];
    try { sessionStorage.setItem(STORE, expected); } catch (e) { /* kept for this page only */ }
    try { history.replaceState(history.state, "", location.pathname + location.search); }
    catch (e) { /* the fragment stays in the address bar: harmless */ }
  }

  function fingerprint(key) {
    var digest = nacl.hash(key).subarray(0, 16), text = "";
    for (var i = 0; i < digest.length; i++) text += String.fromCharCode(digest[i]);
    return btoa(text).replace(/\+/g, "-").replace(/\//g, "_").replace(/=+$/, "");
  }
  function sealedSize(n, least) {
    var need = Math.max(n + HEAD + MAC, least);
    for (var i = 0; i < SIZES.length; i++) if (need <= SIZES[i]) return SIZES[i];
    return Math.ceil(need / 16384) * 16384;
  }
  function nonce(direction, count) {
    var n = new Uint8Array(24);
    n[0] = direction;
    for (var i = 23; i >= 16 && count > 0; i--) {  // big-endian, as seal.py's
      n[i] = count % 256;
      count = Math.floor(count / 256);
    }
    return n;
  }
  // The host's hello (HELLO, its key H, this connection's e_h, its signature): the key agreed
  // with it, or null for a host that cannot prove H or proves another than the one named
  function agreed(data, mine) {
    if (data.length !== 134 || data[0] !== HELLO[0]) return null;
    var host = data.subarray(6, 38), theirs = data.subarray(38, 70);
    var signed = new Uint8Array(CONTEXT.length + 64);
    signed.set(CONTEXT);
    signed.set(mine.publicKey, CONTEXT.length);
    signed.set(theirs, CONTEXT.length + 32);
    if (!nacl.sign.detached.verify(signed, data.subarray(70, 134), host)) return null;
    var print = fingerprint(host);
    if (expected !== null && print !== expected) return null;
    if (expected === null) {  // trust on first use, for this tab
      expected = print;
      try { sessionStorage.setItem(STORE, expected); } catch (e) { /* this page only */ }
    }
    return nacl.box.before(theirs, mine.secretKey);
  }
  function sealBytes(key, direction, count, kind, bytes, least) {
    var n = bytes.length, body = new Uint8Array(sealedSize(n, least) - MAC);
    body[0] = kind;
    body[1] = (n >>> 24) & 255; body[2] = (n >>> 16) & 255;
    body[3] = (n >>> 8) & 255; body[4] = n & 255;
    body.set(bytes, HEAD);
    return nacl.secretbox(body, nonce(direction, count), key);
  }
  function openBytes(key, direction, count, data) {
    var body = nacl.secretbox.open(data, nonce(direction, count), key);
    if (!body) return null;
    var length = ((body[1] << 24) >>> 0) + (body[2] << 16) + (body[3] << 8) + body[4];
    if (HEAD + length > body.length) return null;
    return {body: body, plain: body.slice(HEAD, HEAD + length)};
  }
  function bytesOf(data) {
    if (typeof data === "string") return {kind: 1, bytes: new TextEncoder().encode(data)};
    if (data instanceof ArrayBuffer) return {kind: 0, bytes: new Uint8Array(data)};
    if (ArrayBuffer.isView(data)) {
      return {kind: 0, bytes: new Uint8Array(data.buffer, data.byteOffset, data.byteLength)};
    }
    throw new TypeError("a sealed socket sends strings and bytes only");
  }
  function refuse() {
    companionSeal.refused = true;
    function show() {
      var said = REFUSED;
      try {  // the sentence in the reader's language (companion/join_page.py fills it in)
        said = JSON.parse(document.getElementById("first").getAttribute("data-words"))
          .seal_refused || REFUSED;
      } catch (e) { /* the English one */ }
      if (document.getElementById("seal-refused")) return;
      var box = document.createElement("div");
      box.id = "seal-refused";
      box.setAttribute("role", "alert");
      box.style.cssText = "position:fixed;inset:0;z-index:100;background:#222222;color:#f2f2f2;" +
        "font:1.25rem/1.4 system-ui,sans-serif;padding:1.5rem 1rem;box-sizing:border-box";
      box.textContent = said;
      document.body.appendChild(box);
    }
    if (document.body) show(); else document.addEventListener("DOMContentLoaded", show);
  }

  function SealedSocket(url, protocols) {
    var target = new EventTarget(), self = this;
    var ws = protocols === undefined ? new Real(url) : new Real(url, protocols);
    ws.binaryType = "arraybuffer";
    var mine = nacl.box.keyPair(), key = null, sent = 0, received = 0, state = 0;
    var covering = null, stream = [], streamLength = 0, due = 0;
    this.url = ws.url;
    this.binaryType = "blob";
    this.CONNECTING = 0; this.OPEN = 1; this.CLOSING = 2; this.CLOSED = 3;
    Object.defineProperty(this, "readyState", {get: function () {
      return ws.readyState === Real.OPEN ? state : ws.readyState;
    }});
    Object.defineProperty(this, "protocol", {get: function () { return ws.protocol; }});
    Object.defineProperty(this, "extensions", {get: function () { return ws.extensions; }});
    Object.defineProperty(this, "bufferedAmount", {get: function () { return ws.bufferedAmount; }});
    this.addEventListener = target.addEventListener.bind(target);
    this.removeEventListener = target.removeEventListener.bind(target);
    this.dispatchEvent = target.dispatchEvent.bind(target);
    function fire(event) {
      target.dispatchEvent(event);
      var handler = self["on" + event.type];
      if (typeof handler === "function") handler.call(self, event);
    }
    ws.addEventListener("open", function () {
      var hello = new Uint8Array(HELLO.length + 32);
      hello.set(HELLO);
      hello.set(mine.publicKey, HELLO.length);
      ws.send(hello);  // this connection's throwaway key: nothing else before the seal
    });
    ws.addEventListener("message", function (event) {
      if (typeof event.data === "string") return ws.close(4000);
      var data = new Uint8Array(event.data);
      if (key === null) {
        key = agreed(data, mine);
        if (key === null) {
          refuse();
          ws.close(4001);
          return;
        }
        state = 1;
        fire(new Event("open"));
        return;
      }
      var opened = openBytes(key, FROM_HOST, received, data);
      if (!opened) return ws.close(4002);  // not sealed by this host for this connection
      received++;
      var plain = opened.plain;
      if (opened.body[0] !== BUNDLE) return deliver(opened.body[0], plain);
      if (covering === null) startCover();  // a round: this phone sits in a room
      // a round of the room's phones (seal.py join_group): what waited for this phone, one
      // message after another, or nothing (the frame every phone gets, padded alike)
      for (var at = 0; at + HEAD <= plain.length;) {
        var n = ((plain[at + 1] << 24) >>> 0) + (plain[at + 2] << 16) + (plain[at + 3] << 8) +
          plain[at + 4];
        if (at + HEAD + n > plain.length) return ws.close(4002);
        deliver(plain[at], plain.slice(at + HEAD, at + HEAD + n));
        at += HEAD + n;
      }
    });
    function deliver(kind, plain) {
      // a test's browser reads what arrived, once opened (tests/e2e/test_private_vote.py)
      if (typeof window.companionSealHeard === "function") window.companionSealHeard(plain);
      var payload = kind === 1 ? new TextDecoder().decode(plain) : plain.buffer;
      fire(new MessageEvent("message", {data: payload}));
    }
    function startCover() {
      due = performance.now() + TICK;
      covering = setTimeout(tick, TICK);
    }
    function tick() {  // woken at each frame's time: one timer a tick (a phone's battery)
      if (ws.readyState !== Real.OPEN) return;
      var now = performance.now(), late = Math.floor((now - due) / TICK);
      // a page held up (a long redraw on a slow phone) sends the frames it owes, up to BURST
      // at each look, so every phone's count stays the same; one asleep longer (a locked
      // screen) starts its schedule again
      if (late >= CATCH_UP) { due = now; late = 0; }
      for (var i = 0; i <= Math.min(late, BURST - 1); i++) {
        due += TICK;
        ws.send(sealBytes(key, FROM_PHONE, sent++, CHUNK, piece(), COVER));
      }
      covering = setTimeout(tick, Math.max(0, due - performance.now()));
    }
    function piece() {  // up to PIECE bytes of the stream, taken off its front
      var n = Math.min(PIECE, streamLength), out = new Uint8Array(n), at = 0;
      while (at < n) {
        var first = stream[0], take = Math.min(first.length, n - at);
        out.set(first.subarray(0, take), at);
        at += take;
        if (take === first.length) stream.shift(); else stream[0] = first.subarray(take);
      }
      streamLength -= n;
      return out;
    }
    ws.addEventListener("error", function () { fire(new Event("error")); });
    ws.addEventListener("close", function (event) {
      if (covering !== null) clearTimeout(covering);
      state = 3;
      fire(new CloseEvent("close", {code: event.code, reason: event.reason,
                                     wasClean: event.wasClean}));
    });
    this.send = function (data) {
      if (key === null) throw new DOMException("The socket is not open yet", "InvalidStateError");
      var message = bytesOf(data);
      // a test's browser watches what leaves, before the seal (tests/e2e/flet_page.py)
      if (typeof window.companionSealWatch === "function") window.companionSealWatch(message.bytes);
      if (covering === null) {
        return ws.send(sealBytes(key, FROM_PHONE, sent++, message.kind, message.bytes, 0));
      }
      var n = message.bytes.length, head = new Uint8Array(HEAD);  // rides in the next ticks
      head[0] = message.kind;
      head[1] = (n >>> 24) & 255; head[2] = (n >>> 16) & 255;
      head[3] = (n >>> 8) & 255; head[4] = n & 255;
      stream.push(head, message.bytes.slice());
      streamLength += HEAD + n;
    };
    this.close = function (code, reason) {
      if (code === undefined) ws.close(); else ws.close(code, reason);
    };
  }
  SealedSocket.CONNECTING = 0; SealedSocket.OPEN = 1; SealedSocket.CLOSING = 2;
  SealedSocket.CLOSED = 3;

  // The join page's form (first.js), sealed over two requests (companion/seal.py
  // SealedPosts): a hello when the form shows, then the form itself, padded to 1 KB
  var FORM = 1024, greeted = null;
  function greet() {
    if (greeted) return greeted;
    var mine = nacl.box.keyPair(), hello = new Uint8Array(HELLO.length + 32);
    hello.set(HELLO);
    hello.set(mine.publicKey, HELLO.length);
    greeted = fetch("/seal", {method: "POST", cache: "no-store", credentials: "same-origin",
                              headers: {"Content-Type": "application/octet-stream"},
                              body: hello})
      .then(function (response) { return response.arrayBuffer(); })
      .then(function (answer) {
        var key = agreed(new Uint8Array(answer), mine);
        if (key === null) {
          refuse();
          throw new Error("refused");
        }
        return {mine: mine, key: key};
      });
    greeted.catch(function () {  // no answer: the next form greets again (a refusal stays)
      if (!companionSeal.refused) greeted = null;
    });
    return greeted;
  }
  function post(path, value) {
    return greet().then(function (hello) {
      greeted = null;  // a hello's key seals one form
      var box = sealBytes(hello.key, FROM_PHONE, 0, 1,
                          new TextEncoder().encode(JSON.stringify(value)), FORM);
      var body = new Uint8Array(32 + box.length);
      body.set(hello.mine.publicKey);
      body.set(box, 32);
      return fetch(path, {method: "POST", cache: "no-store", credentials: "same-origin",
                          headers: {"Content-Type": "application/x-companion-sealed"},
                          body: body})
        .then(function (response) { return response.arrayBuffer(); })
        .then(function (answer) {
          var opened = openBytes(hello.key, FROM_HOST, 0, new Uint8Array(answer));
          if (!opened) throw new Error("an answer not sealed for this form");
          return JSON.parse(new TextDecoder().decode(opened.plain));
        });
    });
  }

  window.companionSeal = {on: true, refused: false, greet: greet, post: post};
  window.WebSocket = function (url, protocols) {
    var where = new URL(url, location.href);
    // only the app's own socket on this host: any other would be left as the browser's
    if (where.host === location.host && /\/ws$/.test(where.pathname)) {
      return new SealedSocket(url, protocols);
    }
    return protocols === undefined ? new Real(url) : new Real(url, protocols);
  };
  window.WebSocket.CONNECTING = 0; window.WebSocket.OPEN = 1; window.WebSocket.CLOSING = 2;
  window.WebSocket.CLOSED = 3;
})();
