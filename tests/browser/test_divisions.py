"""In Chromium: a visitor on a 375 px phone reads a two-division season: each division's
table under its name above the overall table, and the playoffs page naming the division
winners and the wild cards, without the page scrolling sideways."""

from __future__ import annotations

from collections.abc import Iterator

import pytest
from django.contrib.auth.models import User

from league.models import Round, Season
from league.rulesets import ruleset_register, ruleset_unregister
from league.services.playoffs import playoffs_start
from tests.browser.conftest import screenshot
from tests.league.test_divisions import Table, _by_name, _play, _season_in_divisions, _start

pytestmark = [pytest.mark.browser, pytest.mark.django_db(transaction=True)]


@pytest.fixture
def table_game() -> Iterator[Table]:
    ruleset = Table()
    ruleset_register(ruleset)
    yield ruleset
    ruleset_unregister(ruleset.key)


def _no_sideways_scroll(page) -> None:
    width = page.evaluate("document.documentElement.scrollWidth")
    assert width <= 375, f"the page is {width} px wide at 375 px"


def test_a_visitor_reads_the_division_tables_and_the_seeded_playoffs_on_a_phone(
    page, table_game
) -> None:
    commissioner = User.objects.create(username="commissioner")
    season = _season_in_divisions(
        commissioner, {"Northern Conference": "ABCD", "Southern Conference": "EFGH"}
    )
    _start(season, commissioner)
    _play(season, Round.Stage.REGULAR, _by_name)
    playoffs_start(season=season, actor=commissioner)
    assert Season.objects.get(pk=season.pk).status == Season.Status.PLAYOFFS

    page.set_viewport_size({"width": 375, "height": 800})
    page.goto(f"/leagues/{season.league.slug}/{season.slug}/standings/")
    headings = page.get_by_role("heading", level=2).all_inner_texts()
    assert headings[:3] == ["Northern Conference", "Southern Conference", "Overall"]
    north = page.get_by_role(
        "table", name="Standings of Division League, Split 2026: Northern Conference"
    )
    assert north.get_by_role("row").count() == 5  # the heading row and four teams
    _no_sideways_scroll(page)
    screenshot(page, "divisions-standings")

    page.get_by_role("link", name="Playoffs").click()
    page.wait_for_url("**/bracket/")
    assert page.get_by_text("Northern Conference winner").count() == 1
    assert page.get_by_text("Southern Conference winner").count() == 1
    assert page.get_by_text("Wild card", exact=True).count() == 2
    _no_sideways_scroll(page)
    screenshot(page, "divisions-bracket")
