"""Browsers other than the default Chromium, for the engines e2e and bench_join: an engine
without WebAssembly GC, and WebKitGTK driven by Selenium under Xvfb."""
from __future__ import annotations

import os
import shutil
import subprocess
import time
from pathlib import Path

NO_WASM_GC = """(() => {
  // An engine without WebAssembly GC: a module whose first type is a struct, an array or a
  // recursion group does not validate (the probe flutter.js makes before choosing a build).
  const validate = WebAssembly.validate;
  WebAssembly.validate = function (bytes, ...rest) {
    const b = new Uint8Array(bytes.buffer || bytes);
    if (b.length > 11 && b[8] === 1 && [0x5f, 0x5e, 0x4e, 0x50].includes(b[11])) return false;
    return validate.call(this, bytes, ...rest);
  };
})();"""
MINIBROWSER = "/usr/lib/x86_64-linux-gnu/webkit2gtk-4.1/MiniBrowser"
WEBDRIVER = "/usr/bin/WebKitWebDriver"


def webkit_missing() -> str | None:
    for tool in (MINIBROWSER, WEBDRIVER, shutil.which("Xvfb")):
        if not tool or not Path(tool).exists():
            return "WebKitGTK is not installed (apt-get install webkit2gtk-driver xvfb)"
    return None


def start_xvfb() -> tuple[subprocess.Popen, str]:
    """A virtual screen for WebKit (MiniBrowser has no headless mode)."""
    number = 90 + os.getpid() % 100
    xvfb = subprocess.Popen(["Xvfb", f":{number}", "-screen", "0", "1280x1024x24", "-nolisten",
                             "tcp"], stdout=subprocess.DEVNULL, stderr=subprocess.DEVNULL)
    deadline = time.time() + 20
    while not Path(f"/tmp/.X11-unix/X{number}").exists():
        if time.time() > deadline or xvfb.poll() is not None:
            raise RuntimeError("Xvfb did not start")
        time.sleep(0.1)
    return xvfb, f":{number}"


# Flutter's switch for its accessibility tree, clicked as flet_page.enable_semantics does: on a
# phone it covers the screen and Flutter takes only a click at its very centre
PLACEHOLDER_JS = """const p = document.querySelector('flt-semantics-placeholder');
if (p) { const r = p.getBoundingClientRect();
         p.dispatchEvent(new MouseEvent('click', {bubbles: true, clientX: r.left + r.width / 2,
                                                  clientY: r.top + r.height / 2})); }
return !!document.querySelector('flt-semantics-host *');"""


class WebKitPhone:
    """A phone with WebKit, driven the way flet_page drives Chromium: by roles and names.

    With a ``user_agent`` that says "Android", Flutter sizes it as a phone (48 px targets).
    Not as an iPhone: Flutter's engine reads iOS from ``navigator.platform`` ("iPhone", or
    "Mac" with more than 2 touch points) before the user agent, and WebKitGTK always says
    "Linux x86_64" with 0 touch points (MiniBrowser has no switch for either; its
    ``--user-agent`` changes the user agent only). So it is WebKit's engine with Flutter's
    phone sizing, without touch: a tap is a click."""

    def __init__(self, display: str, proxy, user_agent: str | None = None,
                 size: tuple[int, int] | None = None, eager: bool = False) -> None:
        from selenium import webdriver

        options = webdriver.WebKitGTKOptions()
        if eager:  # commands do not wait for the page's load (a client held back delays it)
            options.page_load_strategy = "none"
        options.binary_location = MINIBROWSER
        options.add_argument("--automation")
        options.add_argument(f"--proxy=http://127.0.0.1:{proxy.port}")
        if user_agent:
            options.add_argument(f"--user-agent={user_agent}")
        locale = {k: v for k, v in os.environ.items() if not k.startswith(("LANG", "LC_"))}
        service = webdriver.WebKitGTKService(
            executable_path=WEBDRIVER,
            env={**locale, "LANG": "C.UTF-8", "DISPLAY": display})  # WebKit reports ["C"]
        self.driver = webdriver.WebKitGTK(options=options, service=service)
        if size:
            self.driver.set_window_size(*size)

    def quit(self) -> None:
        self.driver.quit()

    def wait(self, what, timeout: float = 60.0):
        deadline = time.monotonic() + timeout
        while True:
            try:
                found = what()
            except Exception:  # the page is still starting, or redrawing
                found = None
            if found:
                return found
            if time.monotonic() > deadline:
                raise AssertionError(f"WebKit phone: not seen in {timeout:.0f} s: {what.__doc__}"
                                     f"\n{self.text()}")
            time.sleep(0.25)

    def text(self) -> str:
        return self.driver.execute_script(
            "const h = document.querySelector('flt-semantics-host'); return h ? h.innerText : ''")

    def open(self, url: str) -> None:
        self.driver.get(url)

        def placeholder():
            """the semantics placeholder"""
            return self.driver.execute_script(PLACEHOLDER_JS)
        self.wait(placeholder, timeout=120)

    def height(self, name: str) -> float:
        """How tall the button named ``name`` is, in CSS pixels."""
        return self.driver.execute_script(
            "const b = [...document.querySelectorAll('[role=button]')].find(e => "
            "e.textContent.trim() === arguments[0] || e.getAttribute('aria-label') === "
            "arguments[0]); return b ? b.getBoundingClientRect().height : 0;", name)

    def see(self, text: str) -> None:
        def shown():
            return text in self.text()
        shown.__doc__ = repr(text)
        self.wait(shown)

    def tap(self, name: str) -> None:
        from selenium.webdriver.common.by import By

        def button():
            return self.driver.find_element(
                By.XPATH, f"//*[@role='button'][normalize-space(.)={name!r} or @aria-label={name!r}]")
        button.__doc__ = f"button {name!r}"
        self.wait(button).click()

    def type_into(self, label: str, text: str) -> None:
        from selenium.webdriver.common.by import By

        def field():
            return self.driver.find_element(By.CSS_SELECTOR, f"input[aria-label={label!r}]")
        field.__doc__ = f"field {label!r}"
        for _ in range(3):
            box = self.wait(field)
            box.click()
            time.sleep(0.3)  # Flutter takes keys once its editing is attached
            box.send_keys(text)

            def typed():
                return self.wait(field).get_attribute("value") == text
            try:
                self.wait(typed, timeout=3)
                return
            except AssertionError:
                continue
        raise AssertionError(f"WebKit phone: could not type into {label!r}")
