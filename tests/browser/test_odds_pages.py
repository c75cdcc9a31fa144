"""In a real browser at 375 px: the standings with the power ranking and odds columns and
bars, the odds page and a team's rating page fit a phone without sideways scroll and pass
axe-core (no serious or critical violation). Screenshots land in test-results/screenshots/
(odds-*)."""

from __future__ import annotations

import pytest
from axe_playwright_python.sync_playwright import Axe
from playwright.sync_api import expect

from league.odds.services.ratings import ratings_refresh
from tests.browser.conftest import screenshot
from tests.browser.test_phone_crawl import FAILING_IMPACTS, WIDEST
from tests.league.odds_inline import odds_inline  # noqa: F401  (a fixture)
from tests.web.test_odds_pages import _odds_after_round_one

pytestmark = [
    pytest.mark.browser,
    pytest.mark.django_db(transaction=True),
    pytest.mark.usefixtures("odds_inline"),
]


@pytest.fixture(autouse=True)
def _small_runs(settings):
    settings.ODDS_SAMPLE_SIZE = 300
    settings.ODDS_PAIRING_MATCHES = 10


def test_the_odds_pages_fit_a_phone_and_pass_axe(page, world, match_day):
    _odds_after_round_one(world, match_day)
    ratings_refresh(season_id=world.season.pk)
    league, season = world.league.slug, world.season.slug
    axe = Axe()
    page.set_viewport_size({"width": 375, "height": 800})
    for path, name in (
        (f"/leagues/{league}/{season}/standings/", "odds-standings"),
        (f"/leagues/{league}/{season}/odds/", "odds-page"),
        (f"/teams/{world.home.pk}/rating/", "odds-team-rating"),
        (f"/teams/{world.home.pk}/", "odds-team"),
    ):
        page.goto(path)
        expect(page.locator("h1")).to_be_visible()
        assert page.evaluate(WIDEST) is None, path
        serious = [
            f"{v['impact']} {v['id']}"
            for v in axe.run(page).response["violations"]
            if v["impact"] in FAILING_IMPACTS
        ]
        assert not serious, (path, serious)
        screenshot(page, name)
    page.goto(f"/leagues/{league}/{season}/standings/")
    expect(page.locator(".odds-bars li")).to_have_count(2)
    expect(page.locator(".odds-method")).to_contain_text("300 simulated seasons after round 1")
