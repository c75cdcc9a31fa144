"""A tournament's steps hold under simultaneous requests: each takes the tournament's row
lock, so two commissioners cannot draw two brackets, give one seed twice or redraw the groups
while the schedule is written."""

from __future__ import annotations

import threading
from collections.abc import Callable
from unittest import mock

import pytest
from django.db import connection, connections

from games.services import simulation_request_rest_of_season
from league.errors import LeagueError
from league.models import Fixture, Round, StandingRow
from league.services.tournaments import (
    tournament_draw_groups,
    tournament_enter_team,
    tournament_generate_schedule,
    tournament_knockout_start,
    tournament_start,
)
from rosters.services import team_create
from tests.league.tournament_helpers import run_queued_jobs, tournament_with_field

pytestmark = [
    pytest.mark.django_db(transaction=True),
    pytest.mark.skipif(
        connection.vendor != "postgresql",
        reason="row locks need PostgreSQL; CI runs this on PostgreSQL",
    ),
]


def _at_once(count: int, work: Callable[[int], object]) -> list[str]:
    start = threading.Barrier(count)
    outcomes: list[str] = []

    def run(n: int) -> None:
        start.wait()
        try:
            work(n)
            outcomes.append("done")
        except LeagueError:
            outcomes.append("refused")
        finally:
            connections.close_all()

    threads = [threading.Thread(target=run, args=(n,)) for n in range(count)]
    for thread in threads:
        thread.start()
    for thread in threads:
        thread.join()
    return sorted(outcomes)


def test_simultaneous_knockout_starts_draw_one_bracket(world):
    cup = tournament_with_field(world, guests=0, group_count=0)
    tournament_start(tournament=cup, actor=None)

    outcomes = _at_once(4, lambda n: tournament_knockout_start(tournament=cup, actor=None))

    assert outcomes == ["done", "refused", "refused", "refused"]
    assert Round.objects.filter(season=cup).count() == 1
    assert Fixture.objects.filter(round__season=cup).count() == 1


def test_simultaneous_entries_give_a_seed_once(world):
    cup = tournament_with_field(world, guests=0)
    teams = [
        team_create(season=world.season, name=f"Extra {n}", short_name=f"EX{n}", actor=None)
        for n in range(4)
    ]

    outcomes = _at_once(
        4, lambda n: tournament_enter_team(tournament=cup, team=teams[n], actor=None, seed=7)
    )

    assert outcomes == ["done", "refused", "refused", "refused"]
    assert StandingRow.objects.filter(season=cup, seed=7).count() == 1


def test_a_redraw_and_the_schedule_at_once_leave_the_schedule_on_its_groups(world):
    cup = tournament_with_field(world, guests=4, group_count=2, group_qualifiers=1)
    tournament_draw_groups(tournament=cup, actor=None, seed=1)

    def step(n: int) -> object:
        if n % 2:
            return tournament_draw_groups(tournament=cup, actor=None, seed=n)
        return tournament_generate_schedule(tournament=cup, actor=None)

    _at_once(4, step)

    # Whichever ran last, every group game is between two teams of one group.
    for fixture in Fixture.objects.filter(round__season=cup):
        home = StandingRow.objects.get(season=cup, team_id=fixture.home_team_id)
        away = StandingRow.objects.get(season=cup, team_id=fixture.away_team_id)
        assert home.group_id == away.group_id
    with mock.patch("games.services.job_queue.app.send_task"):
        tournament_start(tournament=cup, actor=None)
        simulation_request_rest_of_season(season=cup, actor=None)
        run_queued_jobs(cup)
