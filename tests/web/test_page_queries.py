"""List pages run a fixed number of queries, however many teams, players and results: the
count for a small league bounds the count for a larger one with played rounds."""

from __future__ import annotations

from collections.abc import Callable

import pytest
from django.db import connection
from django.test import Client
from django.test.utils import CaptureQueriesContext
from django.urls import reverse

from games.engine.simulator import simulate_match
from games.matchday import fixture_team_sheets, round_open
from games.results import result_record_simulation
from injuries.models import Injury
from league.models import Fixture, Season
from league.services import season_generate_schedule, season_transition
from tests.web.conftest import MakeLeague

pytestmark = pytest.mark.django_db


def _running(season: Season, *, rounds: int) -> None:
    season_generate_schedule(season=season, actor=None, shuffle=False)
    season_transition(season=season, to=Season.Status.ACTIVE, actor=None)
    for number in range(1, rounds + 1):
        round_ = season.rounds.get(number=number)
        round_open(round_=round_, actor=None)
        for seed, fixture in enumerate(Fixture.objects.filter(round=round_)):
            home, away, settings = fixture_team_sheets(fixture=fixture)
            match = simulate_match(home=home, away=away, settings=settings, seed=seed)
            result_record_simulation(fixture=fixture, match=match)


PAGES: dict[str, Callable[[Season], str]] = {
    "season": lambda s: reverse("season", args=[s.league.slug, s.slug]),
    "standings": lambda s: reverse("standings", args=[s.league.slug, s.slug]),
    "fixtures": lambda s: reverse("fixtures", args=[s.league.slug, s.slug]),
    "leaders": lambda s: reverse("leaders", args=[s.league.slug, s.slug]),
    "ical": lambda s: reverse("fixtures-ical", args=[s.league.slug, s.slug]),
    "league": lambda s: reverse("league", args=[s.league.slug]),
    "team": lambda s: reverse("team", args=[s.teams.order_by("id").first().pk]),
    "fixture": lambda s: reverse(
        "fixture", args=[Fixture.objects.filter(round__season=s).order_by("id").first().pk]
    ),
    "player": lambda s: reverse(
        "player", args=[s.teams.order_by("id").first().players.order_by("id").first().pk]
    ),
}


def _injure_everyone_in_the_first_team(season: Season) -> None:
    """Injuries cost one query more (force-healing's deadline): the small case has them too."""
    for player in season.teams.order_by("id").first().players.all():
        if not player.injuries.filter(state=Injury.State.OUT).exists():
            Injury.objects.create(
                player=player, season=season, duration_die="d6", duration_roll=2, games_out=1
            )


def _count(client: Client, url: str) -> int:
    with CaptureQueriesContext(connection) as queries:
        assert client.get(url).status_code == 200
    return len(queries)


@pytest.mark.parametrize("page", sorted(PAGES))
def test_a_page_runs_no_query_per_row(
    client: Client, make_league: MakeLeague, django_assert_max_num_queries, page: str
):
    _, small = make_league("Small League", teams=2)
    _running(small, rounds=1)
    _injure_everyone_in_the_first_team(small)
    small_count = _count(client, PAGES[page](small))

    _, large = make_league("Large League", teams=6)
    _running(large, rounds=2)
    url = PAGES[page](large)
    with django_assert_max_num_queries(small_count):
        assert client.get(url).status_code == 200


def test_the_standings_and_team_pages_stay_within_their_budget(client, make_league):
    _, season = make_league("Budget League", teams=4)
    _running(season, rounds=2)
    standings, team = PAGES["standings"](season), PAGES["team"](season)
    assert _count(client, standings) <= 8
    assert _count(client, team) <= 12
