"""In a real browser at 375 px: a coach whose Wingback is injured names another reserve for
the place on the match-day page (M-P3), and the page never scrolls sideways."""

from __future__ import annotations

import pytest
from playwright.sync_api import expect

from games.models import LineupChoice
from injuries.models import Injury
from tests.browser.conftest import screenshot
from tests.browser.test_coach_and_league_pages import sign_in

pytestmark = [pytest.mark.browser, pytest.mark.django_db(transaction=True)]


def test_m_p3_a_coach_names_a_reserve_at_375_px_without_sideways_scroll(page, world, match_day):
    for shirt in (3, 5, 14):  # a Wingback out; a Halfback out with no fit counterpart
        Injury.objects.create(
            player=world.home.players.get(shirt_number=shirt),
            season=world.season,
            duration_die="d12",
            duration_roll=4,
            games_out=2,
        )
    page.set_viewport_size({"width": 375, "height": 800})
    sign_in(page, world.home_coach)
    page.goto(f"/fixtures/{match_day.pk}/")
    expect(page.get_by_test_id("short-handed")).to_contain_text("1 player short (Halfback)")
    assert page.evaluate("document.documentElement.scrollWidth") <= 375

    fullback = world.home.players.get(shirt_number=15)
    page.get_by_label("Who starts in the Halfback place 1").select_option(str(fullback.pk))
    page.locator(f"#reserve-{world.home.pk}-halfback-1 ~ button").click()
    expect(page.get_by_text("starts in that place")).to_be_visible()
    assert LineupChoice.objects.get().reserve == fullback
    expect(page.get_by_test_id("short-handed")).to_have_count(0)  # the Fullback fills it
    assert page.evaluate("document.documentElement.scrollWidth") <= 375
    screenshot(page, "fixture-lineups")
