"""Browser tests of `cadenza serve`: the server runs as a subprocess (webserver.py)
and Playwright drives Debian's Chromium (/usr/bin/chromium; no browser download)."""

from __future__ import annotations

import pytest

from cli.serve.storage import StorageThread
from cli.serve.store import Store
from helpers import PHONE
from webserver import CHROMIUM, TURN_TIMEOUT_MS, Server


@pytest.fixture(scope="module")
def server(tmp_path_factory):
    srv = Server(tmp_path_factory.mktemp("serve"))
    srv.start()
    yield srv
    srv.stop()


@pytest.fixture(scope="session")
def browser():
    from playwright.sync_api import sync_playwright

    with sync_playwright() as p:
        chromium = p.chromium.launch(executable_path=CHROMIUM, args=["--no-sandbox"])
        yield chromium
        chromium.close()


@pytest.fixture
def page(browser):
    context = browser.new_context(viewport={"width": 1280, "height": 860})
    page = context.new_page()
    page.errors = []
    page.on("pageerror", lambda exc: page.errors.append(str(exc)))
    page.on(
        "console",
        lambda msg: page.errors.append(msg.text) if msg.type == "error" else None,
    )
    page.set_default_timeout(TURN_TIMEOUT_MS)
    yield page
    context.close()


@pytest.fixture
def phone(browser):
    """A page on a phone-sized touch screen (helpers.PHONE)."""
    context = browser.new_context(viewport=PHONE, has_touch=True, is_mobile=True)
    page = context.new_page()
    page.errors = []
    page.on("pageerror", lambda exc: page.errors.append(str(exc)))
    page.set_default_timeout(TURN_TIMEOUT_MS)
    yield page
    context.close()


@pytest.fixture
def storage(tmp_path):
    """The server's storage of a scratch folder, on its own thread as the server has it
    (each operation a coroutine: helpers.run_apart runs one)."""
    thread = StorageThread(lambda: Store(tmp_path))
    yield thread
    thread.shutdown()
