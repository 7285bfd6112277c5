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
  var SIZES = [256, 1024, 4096, 16384], MAC = 16, HEAD = 5;
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
  function sealedSize(n) {
    var need = n + HEAD + MAC;
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
      if (document.getElementById("seal-refused")) return;
      var box = document.createElement("div");
      box.id = "seal-refused";
      box.setAttribute("role", "alert");
      box.style.cssText = "position:fixed;inset:0;z-index:100;background:#222222;color:#f2f2f2;" +
        "font:1.25rem/1.4 system-ui,sans-serif;padding:1.5rem 1rem;box-sizing:border-box";
      box.textContent = REFUSED;
      document.body.appendChild(box);
    }
    if (document.body) show(); else document.addEventListener("DOMContentLoaded", show);
  }

  function SealedSocket(url, protocols) {
    var target = new EventTarget(), self = this;
    var ws = protocols === undefined ? new Real(url) : new Real(url, protocols);
    ws.binaryType = "arraybuffer";
    var mine = nacl.box.keyPair(), key = null, sent = 0, received = 0, state = 0;
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
        var host = data.subarray(6, 38), theirs = data.subarray(38, 70);
        var signed = new Uint8Array(CONTEXT.length + 64);
        signed.set(CONTEXT);
        signed.set(mine.publicKey, CONTEXT.length);
        signed.set(theirs, CONTEXT.length + 32);
        var proven = data.length === 134 && data[0] === HELLO[0] &&
          nacl.sign.detached.verify(signed, data.subarray(70, 134), host);
        var print = proven ? fingerprint(host) : null;
        if (!proven || (expected !== null && print !== expected)) {
          refuse();
          ws.close(4001);
          return;
        }
        if (expected === null) {  // trust on first use, for this tab
          expected = print;
          try { sessionStorage.setItem(STORE, expected); } catch (e) { /* this page only */ }
        }
        key = nacl.box.before(theirs, mine.secretKey);
        state = 1;
        fire(new Event("open"));
        return;
      }
      var body = nacl.secretbox.open(data, nonce(FROM_HOST, received), key);
      if (!body) return ws.close(4002);  // not sealed by this host for this connection
      received++;
      var length = ((body[1] << 24) >>> 0) + (body[2] << 16) + (body[3] << 8) + body[4];
      var plain = body.slice(HEAD, HEAD + length);
      // a test's browser reads what arrived, once opened (tests/e2e/test_private_vote.py)
      if (typeof window.companionSealHeard === "function") window.companionSealHeard(plain);
      var payload = body[0] === 1 ? new TextDecoder().decode(plain) : plain.buffer;
      fire(new MessageEvent("message", {data: payload}));
    });
    ws.addEventListener("error", function () { fire(new Event("error")); });
    ws.addEventListener("close", function (event) {
      state = 3;
      fire(new CloseEvent("close", {code: event.code, reason: event.reason,
                                     wasClean: event.wasClean}));
    });
    this.send = function (data) {
      if (key === null) throw new DOMException("The socket is not open yet", "InvalidStateError");
      var message = bytesOf(data), n = message.bytes.length;
      // a test's browser watches what leaves, before the seal (tests/e2e/flet_page.py)
      if (typeof window.companionSealWatch === "function") window.companionSealWatch(message.bytes);
      var body = new Uint8Array(sealedSize(n) - MAC);
      body[0] = message.kind;
      body[1] = (n >>> 24) & 255; body[2] = (n >>> 16) & 255;
      body[3] = (n >>> 8) & 255; body[4] = n & 255;
      body.set(message.bytes, HEAD);
      ws.send(nacl.secretbox(body, nonce(FROM_PHONE, sent++), key));
    };
    this.close = function (code, reason) {
      if (code === undefined) ws.close(); else ws.close(code, reason);
    };
  }
  SealedSocket.CONNECTING = 0; SealedSocket.OPEN = 1; SealedSocket.CLOSING = 2;
  SealedSocket.CLOSED = 3;

  window.companionSeal = {on: true, refused: false};
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
