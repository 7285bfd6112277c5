"""What the project's tests share, so that no test imports another test module (issue 51):
helpers, fixtures the conftest files import, and the real server and browser of the e2e
tests. Found through pytest's ``pythonpath`` (pyproject.toml: the checkout's root), as
``companion``, ``rules`` and ``views`` are; a top-level name of its own, not ``tests.support``:
``tests/`` is no package, and a dependency may install a top-level ``tests`` package of its
own that would shadow it. Never shipped (pyproject.toml's packages are companion, views and
rules); what an outside game's tests need is in ``rules.testing``, ``views.testing`` and
``companion.testing``.

- ``browser``: the real server, Chromium, the phones' and the table's sizes (e2e fixtures);
- ``flet_page``, ``engines``, ``name_proxy``, ``outside``, ``layout.js``: driving those pages;
- ``live``, ``flet_client``: a live host in the test's process and a Flet client without a
  browser (tests/security);
- ``host_journey``: the packaged hosts started as a person starts them (tests/build);
- ``small_disk``: a full disk; the other modules: helpers of one folder's tests, named after it.
"""
