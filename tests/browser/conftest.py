"""Fixtures of the browser tests: Debian's Chromium driven by Playwright against the live server.

They fail, never skip, when Chromium is missing (``.ci/services`` installs it) or
the database is not PostgreSQL. Playwright's own browser download is never
used: the tests launch ``/usr/bin/chromium``.
"""

from __future__ import annotations

import os
from collections.abc import Iterator
from datetime import UTC, datetime
from pathlib import Path
from typing import Any

import pytest
from django.conf import settings
from django.db import connection

CHROMIUM = Path("/usr/bin/chromium")
CHROMIUM_ARGS = [
    "--no-sandbox",
    "--disable-gpu",
    "--disable-background-networking",
    "--disable-component-update",
    "--disable-sync",
    "--no-first-run",
]
SCREENSHOTS = Path(__file__).resolve().parents[2] / "var" / "screenshots"

# Playwright's sync API keeps an event loop in the test's thread; the test itself only reads
# the database between page actions, never concurrently, so Django's async guard is lifted.
os.environ.setdefault("DJANGO_ALLOW_ASYNC_UNSAFE", "true")


@pytest.fixture(scope="session")
def django_db_modify_db_settings(django_db_modify_db_settings: None) -> None:
    if connection.vendor != "postgresql":
        pytest.fail("The browser tests need PostgreSQL: run `make test`.", pytrace=False)
    test = settings.DATABASES["default"].setdefault("TEST", {})
    test["NAME"] = f"test_{settings.DATABASES['default']['NAME']}_{os.getpid()}"


class ClockedBrowser:
    """Chromium whose pages read the suite's clock (:mod:`tests.clock`), not the machine's.

    Each new context's clock starts where the test's clock is (a page's countdown
    to a deadline is then what the server meant) and runs on from there.
    """

    def __init__(self, chromium: Any) -> None:
        self.chromium = chromium

    def new_context(self, **options: Any) -> Any:
        context = self.chromium.new_context(**options)
        context.clock.install(time=datetime.now(UTC))
        return context

    def new_page(self, **options: Any) -> Any:
        return self.new_context(**options).new_page()


@pytest.fixture(scope="session")
def chromium() -> Iterator[Any]:
    """A headless Chromium for the whole session."""
    if not CHROMIUM.exists():
        pytest.fail(
            f"Chromium is missing at {CHROMIUM}: `apt-get install chromium` (.ci/services does).",
            pytrace=False,
        )
    from playwright.sync_api import sync_playwright

    with sync_playwright() as playwright:
        chromium = playwright.chromium.launch(
            executable_path=str(CHROMIUM), args=CHROMIUM_ARGS, headless=True
        )
        yield chromium
        chromium.close()


@pytest.fixture
def browser(chromium: Any) -> ClockedBrowser:
    return ClockedBrowser(chromium)


class ConsoleLog:
    """Every console error and uncaught exception of the pages it watches."""

    def __init__(self) -> None:
        self.errors: list[str] = []

    def watch(self, page: Any) -> Any:
        page.on("console", lambda m: m.type == "error" and self.errors.append(m.text))
        page.on("pageerror", lambda error: self.errors.append(f"uncaught: {error}"))
        return page


@pytest.fixture
def console() -> ConsoleLog:
    return ConsoleLog()


@pytest.fixture
def screenshots() -> Path:
    SCREENSHOTS.mkdir(parents=True, exist_ok=True)
    return SCREENSHOTS
