"""In a real browser at 375 px: the league's story pages (graveyard, a team's history, head
to head, a team with a career over, a player's totals) fit a phone without sideways scroll.
Screenshots (desktop and 375 px) land in test-results/screenshots/ (story-*)."""

from __future__ import annotations

import pytest
from django.utils import timezone
from playwright.sync_api import expect

from games.services import fixture_team_sheets, result_record_simulation
from injuries.models import Injury
from rosters.models import Player
from rules.magnoball.simulator import simulate_match
from tests.browser.conftest import screenshot, width_at_phone

pytestmark = [pytest.mark.browser, pytest.mark.django_db(transaction=True)]


def test_the_story_pages_fit_a_phone(page, world, match_day):
    home, away, settings = fixture_team_sheets(fixture=match_day)
    result_record_simulation(
        fixture=match_day, match=simulate_match(home=home, away=away, settings=settings, seed=3)
    )
    retired = world.home.players.filter(roster_state=Player.RosterState.ACTIVE).order_by("id")[0]
    Injury.objects.create(
        player=retired,
        season=world.season,
        fixture=match_day,
        duration_die="d8",
        duration_roll=6,
        games_out=3,
        permanent_roll=1,
        permanent=True,
        state=Injury.State.CAREER_OVER,
    )
    Player.objects.filter(pk=retired.pk).update(
        roster_state=Player.RosterState.RETIRED, superstar=True, left_at=timezone.now()
    )
    scorer = Player.objects.filter(appearances__result__fixture=match_day).order_by("id")[0]
    league = world.league.slug
    desktop = page.viewport_size
    for path, name in (
        (f"/leagues/{league}/graveyard/", "story-graveyard"),
        (f"/teams/{world.home.pk}/history/", "story-team-history"),
        (
            f"/leagues/{league}/head-to-head/?a={world.home.pk}&b={world.away.pk}",
            "story-head-to-head",
        ),
        (f"/teams/{world.home.pk}/#career-over", "story-career-over"),
        (f"/players/{scorer.pk}/", "story-player-totals"),
    ):
        page.goto(path)
        expect(page.locator("h1")).to_be_visible()
        screenshot(page, name)
        width = width_at_phone(page)
        assert width <= 375, f"{path} is {width} px wide"
        page.set_viewport_size(desktop)
    page.goto(f"/leagues/{league}/graveyard/")
    expect(page.get_by_role("link", name=retired.name)).to_be_visible()
