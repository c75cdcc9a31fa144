"""In a real browser, two coaches on 375 px phones arrange their match: the home coach
proposes two kick-off times, the away coach accepts the second, and both then see the agreed
kick-off on the fixture's page (and the home coach on My teams). No page scrolls sideways,
breaks the Content-Security-Policy or has a serious axe-core violation."""

from __future__ import annotations

from collections import Counter
from datetime import timedelta

import pytest
from axe_playwright_python.sync_playwright import Axe
from django.utils import dateformat, timezone
from playwright.sync_api import expect

from league.arranging.models import Proposal
from league.models import Fixture
from tests.browser.conftest import screenshot
from tests.browser.test_coach_and_league_pages import sign_in
from tests.browser.test_phone_crawl import LISTEN, PHONE, axe_problems, page_problems
from tests.world import match_day_open

pytestmark = [pytest.mark.browser, pytest.mark.django_db(transaction=True)]


def phone(browser, live_server):
    context = browser.new_context(base_url=live_server.url, viewport=PHONE)
    page = context.new_page()
    page.set_default_timeout(10_000)
    page.add_init_script(LISTEN)
    return context, page


def checked(page, path: str, axe: Axe, broken: Counter[str]) -> None:
    assert page_problems(page, path) == []
    assert axe_problems(page, path, axe, broken) == []


def test_two_coaches_on_phones_agree_a_kickoff(browser, live_server, world):
    fixture = match_day_open(world)
    path = f"/fixtures/{fixture.pk}/"
    start = timezone.localtime(timezone.now() + timedelta(days=5)).replace(
        hour=18, minute=0, second=0, microsecond=0
    )
    first, second = start, start + timedelta(days=1, minutes=30)
    axe, broken = Axe(), Counter[str]()

    home_context, home = phone(browser, live_server)
    sign_in(home, world.home_coach)
    home.goto(path)
    expect(home.get_by_role("heading", name="Arrange the match")).to_be_visible()
    expect(home.get_by_test_id("kickoff")).to_contain_text("No kick-off agreed yet")
    checked(home, path, axe, broken)
    home.get_by_label("Time 1").fill(f"{first:%Y-%m-%dT%H:%M}")
    home.get_by_label("Time 2").fill(f"{second:%Y-%m-%dT%H:%M}")
    home.get_by_role("button", name="Propose", exact=True).click()
    expect(home.get_by_text("Proposed for")).to_be_visible()
    expect(home.get_by_role("button", name="Withdraw this proposal")).to_be_visible()
    checked(home, path, axe, broken)
    screenshot(home, "arranging-proposed")

    away_context, away = phone(browser, live_server)
    sign_in(away, world.away_coach)
    away.goto(path)
    label = dateformat.format(second, "D j M Y, H:i")
    accept = away.get_by_role("button", name=f"Accept {label}")
    expect(accept).to_be_visible()
    checked(away, path, axe, broken)
    accept.click()
    expect(away.get_by_text("Agreed:")).to_be_visible()
    agreed = dateformat.format(second, "l j F Y, H:i")
    expect(away.get_by_test_id("kickoff")).to_contain_text(agreed)
    checked(away, path, axe, broken)
    screenshot(away, "arranging-agreed")

    home.goto(path)
    expect(home.get_by_test_id("kickoff")).to_contain_text(agreed)
    home.goto("/my/")
    expect(home.locator(".next-fixture")).to_contain_text(dateformat.format(second, "D j M, H:i"))
    checked(home, "/my/", axe, broken)

    assert Fixture.objects.get(pk=fixture.pk).kickoff == second
    assert Proposal.objects.get().state == Proposal.State.ACCEPTED
    home_context.close()
    away_context.close()
