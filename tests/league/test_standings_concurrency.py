"""Results of one season recorded at once (real threads on PostgreSQL, each with its own
connection) are added to the table one after the other: no result is lost or counted twice,
the table is the one standings_recompute writes (M-L1, M-L2), each round is complete once
its last result is in, and two results of one team (rounds 1 and 2 at once) do not
deadlock."""

from __future__ import annotations

import threading
from collections.abc import Iterator
from typing import Any

import pytest
from django.db import connection, connections

from league.models import Fixture, Result, Round, Season, StandingRow
from league.rulesets import Ruleset, ruleset_register, ruleset_unregister
from league.services.leagues import league_create
from league.services.results import result_store
from league.services.schedule import season_generate_schedule
from league.services.seasons import season_create, season_transition
from league.services.standings import standings_recompute
from league.services.teams import team_create

pytestmark = [
    pytest.mark.django_db(transaction=True),
    pytest.mark.skipif(
        connection.vendor != "postgresql",
        reason="needs PostgreSQL: SQLite serialises every writer, so there is no race to test",
    ),
]


class Racing(Ruleset):
    key = "racing"
    label = "Racing"


@pytest.fixture
def season() -> Iterator[Season]:
    ruleset_register(Racing())
    league = league_create(name="Racing League", actor=None, ruleset="racing")
    season = season_create(league=league, name="2026", actor=None, double_round_robin=True)
    for name in ["Ants", "Bees", "Crows", "Doves", "Eels", "Foxes", "Geese", "Hares"]:
        team_create(season=season, name=name, short_name=name[:3], actor=None)
    season_generate_schedule(season=season, actor=None, shuffle=False)
    season_transition(season=season, to=Season.Status.ACTIVE, actor=None)
    Round.objects.filter(season=season).update(status=Round.Status.OPEN)
    yield season
    ruleset_unregister(Racing.key)


def _record_at_once(fixtures: list[Fixture]) -> list[Any]:
    barrier = threading.Barrier(len(fixtures))
    outcomes: list[Any] = [None] * len(fixtures)

    def record(index: int) -> None:
        fixture = fixtures[index]
        try:
            barrier.wait(timeout=30)
            outcomes[index] = result_store(
                fixture=fixture, home_score=index % 3, away_score=1, actor=None
            )
        except Exception as error:  # reported by the assertion below
            outcomes[index] = error
        finally:
            connections.close_all()

    threads = [threading.Thread(target=record, args=(i,)) for i in range(len(fixtures))]
    for thread in threads:
        thread.start()
    for thread in threads:
        thread.join(timeout=120)
    return outcomes


def _table(season: Season) -> list[tuple[Any, ...]]:
    return list(
        StandingRow.objects.filter(season=season)
        .order_by("team_id")
        .values_list(
            "team_id", "position", "played", "won", "drawn", "lost", "points", "explanation"
        )
    )


def test_results_of_one_season_at_once_are_each_added_once(season: Season) -> None:
    rounds = list(Round.objects.filter(season=season).order_by("number")[:3])
    # Rounds 1 and 2 at once (every team plays twice: its two results race each other),
    # then round 3 on its own.
    for batch in ([rounds[0], rounds[1]], [rounds[2]]):
        fixtures = list(Fixture.objects.filter(round__in=batch).order_by("id"))
        outcomes = _record_at_once(fixtures)
        assert all(isinstance(outcome, Result) for outcome in outcomes), outcomes

    played = 3 * 4  # three rounds of four fixtures
    assert Result.objects.filter(fixture__round__season=season).count() == played
    added = _table(season)
    assert sum(row[2] for row in added) == 2 * played
    assert {row[2] for row in added} == {3}
    standings_recompute(season=season)
    assert added == _table(season)
    statuses = Round.objects.filter(pk__in=[r.pk for r in rounds]).values_list("status", flat=True)
    assert set(statuses) == {Round.Status.COMPLETE}
