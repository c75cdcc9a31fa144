"""In a real browser at 375 px: the standings with their form column, the hall of fame, a
season with its awards and the MVP vote's form fit a phone without sideways scroll; a coach
casts and changes his vote by tapping. Screenshots land in test-results/screenshots/
(honours-*)."""

from __future__ import annotations

import pytest
from playwright.sync_api import expect

from league.honours.models import MvpBallot
from league.honours.services import mvp_vote_open, season_awards_compute
from league.services.standings import standings_recompute
from rosters.models import PlayerSeason
from tests.browser.conftest import screenshot, width_at_phone
from tests.browser.test_coach_and_league_pages import sign_in
from tests.honours.helpers import played, season_of

pytestmark = [pytest.mark.browser, pytest.mark.django_db(transaction=True)]


def test_the_honours_pages_fit_a_phone_and_a_coach_votes(page, world):
    home, away = world.home, world.away
    season = season_of(world.league, "Honoured", [home, away])
    for number, score in enumerate([(2, 0), (3, 1), (1, 1), (2, 3), (4, 0), (2, 1)], start=1):
        played(season, number, home, away, score, overtime=number == 4)
    for player in [*home.players.order_by("pk")[:2], *away.players.order_by("pk")[:2]]:
        PlayerSeason.objects.create(player=player, season=season, games_played=6, points=3)
    standings_recompute(season=season)
    season_awards_compute(season=season, actor=None)
    mvp_vote_open(season=season, actor=world.commissioner)
    league = world.league.slug
    desktop = page.viewport_size
    for path, name in (
        (f"/leagues/{league}/{season.slug}/standings/", "honours-standings-form"),
        (f"/leagues/{league}/hall-of-fame/", "honours-hall-of-fame"),
        (f"/leagues/{league}/{season.slug}/", "honours-season-awards"),
    ):
        page.goto(path)
        expect(page.locator("h1")).to_be_visible()
        screenshot(page, name)
        width = width_at_phone(page)
        assert width <= 375, f"{path} is {width} px wide"
        page.set_viewport_size(desktop)

    page.set_viewport_size({"width": 375, "height": 800})
    sign_in(page, world.home_coach)
    page.goto(f"/leagues/{league}/{season.slug}/mvp/")
    choice = page.locator("input[name=holder]").first
    choice.check()
    page.get_by_role("button", name="Cast my vote").click()
    expect(page.get_by_text("Your vote for")).to_be_visible()
    screenshot(page, "honours-mvp-vote")
    assert page.evaluate("document.documentElement.scrollWidth") <= 375
    page.locator("input[name=holder]").nth(1).check()
    page.get_by_role("button", name="Change my vote").click()
    expect(page.get_by_text("Your vote for")).to_be_visible()
    assert MvpBallot.objects.filter(coach=world.home_coach).count() == 1
