"""Issue 50, item 3: the join page makes the phone's player key before its first request.

A phone whose join answer is lost asks again with the same name and the same key, and the
host gives it its seat back (tests/security/test_lost_answer.py); that needs the key to be
the phone's own and kept before the first request leaves, not one the host makes and the lost
answer would have carried. The join page's script (companion/web/first.js) runs here in Node
with a stand-in page: the answer never comes, and Join is pressed again.
"""
from __future__ import annotations

import json
import re
import shutil
import subprocess
from pathlib import Path

import pytest

FIRST_JS = Path(__file__).resolve().parents[2] / "companion" / "web" / "first.js"
NODE = shutil.which("node")

HARNESS = r"""
const fs = require("fs");
function element(id) {
  const e = {id, hidden: false, textContent: "", value: "", className: "", disabled: false,
             listeners: {}, selectionStart: 0,
             addEventListener(type, fn) { this.listeners[type] = fn; },
             setAttribute() {}, remove() {}, focus() {}, setSelectionRange() {}};
  return e;
}
const elements = {};
globalThis.document = {
  cookie: "", activeElement: null, body: {contains: () => true},
  getElementById: (id) => elements[id] || (elements[id] = element(id)),
};
class Storage {
  constructor() { this.items = new Map(); }
  get length() { return this.items.size; }
  key(i) { return [...this.items.keys()][i]; }
  getItem(k) { return this.items.has(k) ? this.items.get(k) : null; }
  setItem(k, v) { this.items.set(k, String(v)); }
  removeItem(k) { this.items.delete(k); }
}
globalThis.Storage = Storage;
globalThis.localStorage = new Storage();
globalThis.sessionStorage = new Storage();
globalThis.location = {pathname: "/join/ABCD", port: "8550", protocol: "http:", reload() {}};
globalThis.window = globalThis;
window.addEventListener = () => {};
globalThis.requestAnimationFrame = () => {};
const sent = [];
globalThis.fetch = (url, options) => {
  // what the phone has kept by the time its request leaves, and the request
  sent.push({body: JSON.parse(options.body),
             kept: localStorage.getItem("flutter.companion.player.key")});
  return new Promise(() => {});  // the answer is lost: it never comes
};
eval(fs.readFileSync(process.argv[2], "utf8"));
const form = elements["first-form"];
elements["first-name"].value = "Ana";
form.listeners.submit({preventDefault() {}});
elements["first-join"].disabled = false;  // the player presses Join again
form.listeners.submit({preventDefault() {}});
console.log(JSON.stringify(sent));
"""


@pytest.mark.skipif(NODE is None, reason="Node.js is not installed")
def test_the_key_is_made_and_kept_before_the_first_request_and_sent_again(tmp_path):
    harness = tmp_path / "harness.js"
    harness.write_text(HARNESS)
    done = subprocess.run([NODE, str(harness), str(FIRST_JS)], capture_output=True, text=True,
                          timeout=60)
    assert done.returncode == 0, done.stderr
    sent = json.loads(done.stdout.strip().splitlines()[-1])
    assert len(sent) == 2
    first, again = sent
    key = first["body"]["player"]
    assert isinstance(key, str) and re.fullmatch(r"[A-Za-z0-9_-]{24}", key), key
    assert first["kept"] == json.dumps(key)  # kept as Flet's preferences keep it, first
    assert again["body"] == {"name": "Ana", "colour": None, "player": key}
