"""The e2e tests' fixtures: the real server and Debian's Chromium (testsupport/browser.py,
where the phones' and the table's sizes, ``Server`` and ``Wire`` are for any test or script
to import). Imported here so that they apply to this folder only: ``close_phones`` is
autouse and needs a browser."""
from testsupport.browser import (browser, close_phones, pytest_runtest_makereport,  # noqa: F401
                                 server, watched_browser, web_cache, wire)
