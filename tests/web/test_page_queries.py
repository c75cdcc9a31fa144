"""List pages run a fixed number of queries, however many teams, players and results: the
count for a small league bounds the count for a larger one with played rounds."""

from __future__ import annotations

from collections.abc import Callable

import pytest
from django.contrib.auth.models import User
from django.db import connection
from django.test import Client
from django.test.utils import CaptureQueriesContext
from django.urls import reverse

from games.services import fixture_team_sheets, result_record_simulation, round_open
from injuries.models import Injury
from league.models import Fixture, Season
from league.selectors.standings import _positions_by_round, standings_by_round
from league.services.schedule import season_generate_schedule
from league.services.seasons import season_transition
from rules.magnoball.simulator import simulate_match
from tests.world import MakeLeague, sign_in

pytestmark = pytest.mark.django_db


def _running(season: Season, *, rounds: int) -> None:
    season_generate_schedule(season=season, actor=None, shuffle=False)
    season_transition(season=season, to=Season.Status.ACTIVE, actor=None)
    for number in range(1, rounds + 1):
        _play_round(season, number)


def _play_round(season: Season, number: int) -> None:
    round_ = season.rounds.get(number=number)
    round_open(round_=round_, actor=None)
    for seed, fixture in enumerate(Fixture.objects.filter(round=round_)):
        home, away, settings = fixture_team_sheets(fixture=fixture)
        match = simulate_match(home=home, away=away, settings=settings, seed=seed)
        result_record_simulation(fixture=fixture, match=match)


PAGES: dict[str, Callable[[Season], str]] = {
    # Asked for the small league alone, then with the large one beside it: the same count
    # (tests/web/test_home.py takes it to nine leagues, more than a page of them).
    "home": lambda s: reverse("home"),
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


#: Item 9 of the web UI's issue: what the standings and a team page may cost, for every
#: visitor (a signed-in one pays two of them for his session and his user).
STANDINGS_BUDGET = 5
TEAM_BUDGET = 10


def _injure_everyone_in_the_first_team(season: Season) -> None:
    """Injured players on a page (force-healing's deadline is read with them): the small case
    has them too, so an injury that cost a query more would show."""
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
    assert _count(client, standings) <= STANDINGS_BUDGET
    assert _count(client, team) <= TEAM_BUDGET


def _visitors(season: Season) -> dict[str, User | None]:
    """An anonymous reader, the first team's coach and a commissioner of the league."""
    coach = User.objects.create_user(f"coach-{season.pk}")
    chief = User.objects.create_user(f"chief-{season.pk}")
    season.teams.filter(pk=season.teams.order_by("id").first().pk).update(coach=coach)
    season.league.commissioners.add(chief)
    return {"anonymous": None, "coach": coach, "commissioner": chief}


# Committed (transaction=True): on PostgreSQL a page is not cached by the transaction that
# wrote its league (league/page_versions.py), and the readers after the first get the copy.
@pytest.mark.django_db(transaction=True)
@pytest.mark.parametrize(
    ("page", "budget"), [("standings", STANDINGS_BUDGET), ("team", TEAM_BUDGET)]
)
def test_the_budget_holds_for_every_visitor_and_does_not_grow_with_the_league(
    client: Client, make_league: MakeLeague, django_assert_max_num_queries, page: str, budget: int
):
    """Exactly the issue's ceilings (5 and 10), for a 2-team league one round in and a
    6-team league three rounds in with injuries, each visitor paying the same in both."""
    _, small = make_league("Small Budget", teams=2)
    _running(small, rounds=1)
    _, large = make_league("Large Budget", teams=6)
    _running(large, rounds=3)
    _injure_everyone_in_the_first_team(large)
    counts: dict[str, list[int]] = {}
    for season in (small, large):
        for who, user in _visitors(season).items():
            client.logout()
            if user is not None:
                sign_in(client, user)
            client.get("/")  # the session exists before the page is counted
            with django_assert_max_num_queries(budget, info=f"{page} for the {who}"):
                assert client.get(PAGES[page](season)).status_code == 200
            counts.setdefault(who, []).append(_count(client, PAGES[page](season)))
    assert all(small_count == large_count for small_count, large_count in counts.values()), counts


def test_the_team_page_reads_career_totals_without_a_query_per_player(client, make_league):
    """Career points and stat-level successes come with the players (subqueries), the
    fixtures in one query: a team page of a league with results costs what an unplayed one
    does."""
    _, unplayed = make_league("Unplayed League", teams=2)
    season_generate_schedule(season=unplayed, actor=None, shuffle=False)
    _, played = make_league("Played League", teams=4)
    _running(played, rounds=3)
    assert _count(client, PAGES["team"](played)) == _count(client, PAGES["team"](unplayed))


def test_the_position_chart_is_remembered_per_process_but_follows_every_new_result(
    make_league: MakeLeague,
):
    """standings_by_round keeps the engine's replay of the table by the results it was
    given: asking again costs no replay, and a new result is a new answer."""
    _, season = make_league("Chart League", teams=4)
    _running(season, rounds=1)
    first = standings_by_round(season=season)
    hits = _positions_by_round.cache_info().hits
    assert standings_by_round(season=season) == first
    assert _positions_by_round.cache_info().hits == hits + 1
    assert first["rounds"] == [1]
    _play_round(season, 2)
    second = standings_by_round(season=season)
    assert second["rounds"] == [1, 2]
    assert all(len(team["positions"]) == 2 for team in second["teams"])
