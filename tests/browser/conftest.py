"""Headless Chromium through Playwright, against pytest-django's live server.

Chromium comes from Debian (/usr/bin/chromium, or CHROMIUM_PATH); where there is none the
browser tests skip and say why. Screenshots go to test-results/screenshots/ for review (or
under TEST_RESULTS, where CI runs two suites at once).
"""

from __future__ import annotations

import contextlib
import os
import shutil
import time
from collections.abc import Iterator
from pathlib import Path

import pytest

CHROMIUM = os.environ.get("CHROMIUM_PATH") or shutil.which("chromium") or "/usr/bin/chromium"
RESULTS = Path(
    os.environ.get("TEST_RESULTS") or Path(__file__).resolve().parents[2] / "test-results"
)
SCREENSHOTS = RESULTS / "screenshots"
PHONE = {"width": 375, "height": 800}
LAUNCH_ARGS = [
    "--no-sandbox",
    "--disable-gpu",
    "--disable-background-networking",
    "--disable-component-update",
    "--disable-sync",
    "--no-first-run",
]


@pytest.fixture(scope="session")
def browser() -> Iterator[object]:
    if not Path(CHROMIUM).exists():
        pytest.skip(f"no Chromium at {CHROMIUM}: install Debian's chromium to run browser tests")
    from playwright.sync_api import sync_playwright

    # Playwright's sync API keeps an event loop in this thread for the whole session; the ORM
    # calls that tests and database teardown make meanwhile are still synchronous and safe.
    os.environ["DJANGO_ALLOW_ASYNC_UNSAFE"] = "true"
    with sync_playwright() as playwright:
        browser = playwright.chromium.launch(executable_path=CHROMIUM, args=LAUNCH_ARGS)
        yield browser
        browser.close()


@pytest.fixture
def page(browser, live_server):
    context = browser.new_context(base_url=live_server.url, viewport={"width": 1280, "height": 900})
    page = context.new_page()
    page.set_default_timeout(10_000)
    yield page
    context.close()


def screenshot(page, name: str) -> Path:
    """Save a full-page screenshot at desktop width and at 375 px."""
    SCREENSHOTS.mkdir(parents=True, exist_ok=True)
    path = SCREENSHOTS / f"{name}.png"
    page.screenshot(path=str(path), full_page=True)
    size = page.viewport_size
    width_at_phone(page)
    page.screenshot(path=str(SCREENSHOTS / f"{name}-375.png"), full_page=True)
    page.set_viewport_size(size)
    # Laid out at desktop width again before the caller goes on: a phone width set while the
    # page still answers this resize left a chart drawn at desktop width (one CI run).
    page.wait_for_function("(width) => window.innerWidth === width", arg=size["width"])
    _frames(page)
    return path


def _frames(page, count: int = 2) -> None:
    """Wait for `count` frames: a resize observer's work (Chart.js redraws on one) is done."""
    page.evaluate(
        "(n) => new Promise((done) => {"
        " const tick = () => (--n > 0 ? requestAnimationFrame(tick) : done());"
        " requestAnimationFrame(tick); })",
        count,
    )


def width_at_phone(page) -> int:
    """The page's width once resized to a 375 px phone and laid out anew.

    A resize returns before the page has reflowed (and Chart.js redraws its charts on a
    resize observer a moment later), so read the width only once the window is 375 px
    and the layout has had its chance to fit.
    """
    from playwright.sync_api import TimeoutError as PlaywrightTimeout

    page.set_viewport_size(PHONE)
    # Functions, not expressions: Playwright evaluates an expression with eval, which the
    # pages' Content Security Policy (script-src 'self') refuses.
    page.wait_for_function("() => window.innerWidth === 375")
    _frames(page)
    with contextlib.suppress(PlaywrightTimeout):
        page.wait_for_function("() => document.documentElement.scrollWidth <= 375", timeout=5000)
    width = page.evaluate("document.documentElement.scrollWidth")
    if width > 375:
        # Printed with the failing test's output: which elements reach past the phone's edge.
        past = page.evaluate(_PAST_THE_EDGE)
        print(f"{page.url} at 375 px reaches {width} px:", *past, sep="\n  ")
    return int(width)


# The first elements whose right edge lies past a 375 px phone's, with their widths.
_PAST_THE_EDGE = """() => [...document.querySelectorAll("body *")]
  .filter((e) => e.getBoundingClientRect().right > 376)
  .slice(0, 8)
  .map((e) => e.tagName.toLowerCase() + (e.id ? "#" + e.id : "")
    + (typeof e.className === "string" && e.className.trim()
      ? "." + e.className.trim().split(/\\s+/).join(".") : "")
    + " " + Math.round(e.getBoundingClientRect().width) + " px")"""


class Requests:
    """The requests a page has in flight, to wait until its own fetches are done.

    Playwright's ``networkidle`` waits for half a second without a request after the last
    one, on every page: half the phone crawl's time was that wait. This waits only as long
    as a request is still open.
    """

    def __init__(self, page) -> None:
        self.page = page
        self.open: set[object] = set()
        # Functions of ours: Playwright cannot wrap a built-in method as a handler.
        page.on("request", lambda request: self.open.add(request))
        page.on("requestfinished", lambda request: self.open.discard(request))
        page.on("requestfailed", lambda request: self.open.discard(request))

    def settle(self, timeout: float = 10) -> None:
        """After a navigation: two frames for the scripts run on load to start their
        fetches, then until none is open (a page that polls is left after ``timeout``)."""
        _frames(self.page)
        deadline = time.monotonic() + timeout
        while self.open and time.monotonic() < deadline:
            self.page.wait_for_timeout(20)
