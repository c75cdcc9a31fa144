"""The core's hook TableExtras.table_level_winners: a level game the game settled otherwise (Magic
Number Eleven's shootout, E-L1) counts in the shared table as an overtime win for its winner
and an overtime loss for the other; a level game without one stays a draw, and a winner
named for a game that is not level is ignored. A tiny ruleset registered for the test, as
tests/league/test_core_play_without_a_game.py's Skeleton."""

from __future__ import annotations

from collections.abc import Iterator, Mapping

import pytest
from django.contrib.auth.models import User

from league.capabilities.table import TableExtras
from league.models import Fixture, Round, Season, StandingRow
from league.rulesets import Ruleset, ruleset_register, ruleset_unregister
from league.services.leagues import league_create
from league.services.results import result_store
from league.services.schedule import season_generate_schedule
from league.services.seasons import season_create, season_transition
from league.services.teams import team_create
from rules.standings import TableSettings


class Leveller(Ruleset, TableExtras):
    key = "leveller"
    label = "Leveller"
    overtime = True

    def __init__(self) -> None:
        self.winners: dict[int, int] = {}

    def table_settings(self, *, season: Season) -> TableSettings:
        return TableSettings(
            points_win=3, points_draw=1, points_overtime_win=2, points_overtime_loss=1
        )

    def table_level_winners(self, *, season: Season) -> Mapping[int, int]:
        return self.winners


@pytest.fixture
def leveller() -> Iterator[Leveller]:
    ruleset = Leveller()
    ruleset_register(ruleset)
    yield ruleset
    ruleset_unregister(ruleset.key)


def _fixtures(names: list[str]) -> list[Fixture]:
    league = league_create(
        name="Level League",
        actor=None,
        ruleset="leveller",
        commissioners=[User.objects.create(username="commissioner")],
    )
    season = season_create(
        league=league, name="Level 2026", actor=None, double_round_robin=False, playoff_teams=0
    )
    for name in names:
        team_create(season=season, name=name, short_name=name[:3], actor=None)
    season_generate_schedule(season=season, actor=None, shuffle=False)
    season_transition(season=season, to=Season.Status.ACTIVE, actor=None)
    Round.objects.filter(season=season).update(status=Round.Status.OPEN)
    return list(Fixture.objects.filter(round__season=season).order_by("pk"))


def _row(fixture: Fixture, team_id: int) -> tuple[int, int, int, int, int]:
    row = StandingRow.objects.get(season=fixture.round.season, team_id=team_id)
    return (row.points, row.won, row.won_overtime, row.drawn, row.lost_overtime)


@pytest.mark.django_db
def test_a_level_game_with_a_shootout_winner_is_an_overtime_win_and_loss(leveller) -> None:
    (fixture,) = _fixtures(["Ants", "Bees"])
    leveller.winners = {fixture.pk: fixture.away_team_id}

    result_store(fixture=fixture, home_score=1, away_score=1, actor=None)

    assert _row(fixture, fixture.away_team_id) == (2, 0, 1, 0, 0)
    assert _row(fixture, fixture.home_team_id) == (1, 0, 0, 0, 1)


@pytest.mark.django_db
def test_a_level_game_without_a_winner_is_a_draw(leveller) -> None:
    (fixture,) = _fixtures(["Ants", "Bees"])

    result_store(fixture=fixture, home_score=2, away_score=2, actor=None)

    assert _row(fixture, fixture.home_team_id) == (1, 0, 0, 1, 0)
    assert _row(fixture, fixture.away_team_id) == (1, 0, 0, 1, 0)


@pytest.mark.django_db
def test_a_winner_named_for_a_game_that_is_not_level_is_ignored(leveller) -> None:
    (fixture,) = _fixtures(["Ants", "Bees"])
    leveller.winners = {fixture.pk: fixture.away_team_id}

    result_store(fixture=fixture, home_score=2, away_score=1, actor=None)

    assert _row(fixture, fixture.home_team_id) == (3, 1, 0, 0, 0)
    assert _row(fixture, fixture.away_team_id)[0] == 0
