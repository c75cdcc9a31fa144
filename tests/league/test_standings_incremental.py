"""M-L1, M-L2 (A-L1, E-L1) through the models: a new result is added to the stored table
(league.services.standings.standings_add_result, what result_store and every game's report do), and
that table is exactly the one standings_recompute (corrections, voids) writes from all the
season's results, with head-to-head, a game's own counts and shootout winners; a correction
and a void recompute it right."""

from __future__ import annotations

import random
from collections.abc import Iterator, Mapping
from typing import Any

import pytest
from django.db import connection
from django.test.utils import CaptureQueriesContext

from league.capabilities.table import TableExtras
from league.models import Fixture, League, Result, Round, Season, StandingRow, Team
from league.rulesets import GameCounts, Ruleset, ruleset_register, ruleset_unregister
from league.services.leagues import league_create
from league.services.results import SCORE_ONLY, result_store, result_void
from league.services.schedule import season_generate_schedule
from league.services.seasons import season_create, season_transition
from league.services.standings import standings_recompute
from league.services.teams import team_create
from rules.standings import Breaker, CountBreaker, TableSettings, TieBreaker

KILLS = CountBreaker("kills", "Kills")
CARDS = CountBreaker("cards", "Red cards", fewer_is_better=True)

#: MagnoBall's default order (head-to-head second), Arenaball-like (its kills before
#: head-to-head) and MN11-like (its counts after score difference).
ORDERS: dict[str, tuple[Breaker, ...]] = {
    "magnoball": tuple(TieBreaker),
    "arenaball": (TieBreaker.POINTS, KILLS, TieBreaker.HEAD_TO_HEAD, TieBreaker.NAME),
    "mn11": (TieBreaker.POINTS, TieBreaker.SCORE_DIFFERENCE, CARDS, KILLS, TieBreaker.NAME),
}


class Counting(Ruleset, TableExtras):
    """A game with its own counts and shootouts, as the test sets them for each fixture."""

    key = "counting"
    label = "Counting"

    def __init__(self) -> None:
        self.order: tuple[Breaker, ...] = tuple(TieBreaker)
        self.counts: dict[int, GameCounts] = {}
        self.level_winners: dict[int, int] = {}

    def table_settings(self, *, season: Season) -> TableSettings:
        return TableSettings(points_overtime_win=2, points_overtime_loss=1, tie_breakers=self.order)

    def table_counts(self, *, season: Season) -> Mapping[int, GameCounts]:
        return self.counts

    def table_level_winners(self, *, season: Season) -> Mapping[int, int]:
        return self.level_winners


@pytest.fixture
def counting() -> Iterator[Counting]:
    ruleset = Counting()
    ruleset_register(ruleset)
    yield ruleset
    ruleset_unregister(ruleset.key)


def _season(names: list[str]) -> Season:
    league: League = league_create(name="Counting League", actor=None, ruleset="counting")
    season = season_create(league=league, name="2026", actor=None, double_round_robin=True)
    for name in names:
        team_create(season=season, name=name, short_name=name[:3], actor=None)
    season_generate_schedule(season=season, actor=None, shuffle=False)
    season_transition(season=season, to=Season.Status.ACTIVE, actor=None)
    Round.objects.filter(season=season).update(status=Round.Status.OPEN)
    return season


def _table(season: Season) -> list[tuple[Any, ...]]:
    return list(
        StandingRow.objects.filter(season=season)
        .order_by("team_id")
        .values_list(
            "team_id",
            "position",
            "played",
            "won",
            "won_overtime",
            "drawn",
            "lost_overtime",
            "lost",
            "score_for",
            "score_against",
            "points",
            "explanation",
        )
    )


def _play(ruleset: Counting, rng: random.Random, fixture: Fixture) -> Result:
    home, away = rng.randint(0, 3), rng.randint(0, 3)
    ruleset.counts[fixture.pk] = (
        (("kills", rng.randint(0, 2)), ("cards", rng.randint(0, 1))),
        (("kills", rng.randint(0, 2)), ("cards", rng.randint(0, 1))),
    )
    if home == away and rng.random() < 0.5:  # E-L1: a shootout decides a level match
        ruleset.level_winners[fixture.pk] = rng.choice([fixture.home_team_id, fixture.away_team_id])
    overtime = home != away and rng.random() < 0.2
    return result_store(
        fixture=fixture, home_score=home, away_score=away, actor=None, overtime=overtime
    )


@pytest.mark.django_db
@pytest.mark.parametrize("order", sorted(ORDERS))
@pytest.mark.parametrize("seed", [1, 2])
def test_each_new_result_added_gives_the_table_recomputed_from_all_results(
    counting: Counting, order: str, seed: int
) -> None:
    counting.order = ORDERS[order]
    season = _season(["Ants", "Bees", "Crows", "Doves", "Eels"])
    rng = random.Random(seed)
    fixtures = list(Fixture.objects.filter(round__season=season).order_by("round__number", "id"))
    for fixture in fixtures:
        _play(counting, rng, fixture)
        added = _table(season)
        standings_recompute(season=season)
        assert added == _table(season), f"after {fixture}"
    assert {row[2] for row in _table(season)} == {8}  # every game counted once


@pytest.mark.django_db
def test_a_void_and_a_correction_recompute_the_table(counting: Counting) -> None:
    season = _season(["Ants", "Bees", "Crows"])
    rng = random.Random(7)
    fixtures = list(Fixture.objects.filter(round__season=season).order_by("round__number", "id"))
    results = [_play(counting, rng, fixture) for fixture in fixtures[:4]]

    result_void(fixture_id=fixtures[0].pk, actor=None, seam=SCORE_ONLY)
    voided = _table(season)
    standings_recompute(season=season)
    assert voided == _table(season)
    assert sum(row[2] for row in voided) == 2 * 3  # three results left, two rows each

    Result.objects.filter(pk=results[1].pk).update(home_score=9, away_score=0, overtime=False)
    standings_recompute(season=season)
    home = StandingRow.objects.get(season=season, team_id=fixtures[1].home_team_id)
    assert home.score_for >= 9


@pytest.mark.django_db
def test_a_playoff_result_and_a_game_between_groups_change_no_table(counting: Counting) -> None:
    season = _season(["Ants", "Bees", "Crows"])
    fixture = Fixture.objects.filter(round__season=season).order_by("round__number").first()
    assert fixture is not None
    Round.objects.filter(pk=fixture.round_id).update(stage=Round.Stage.PLAYOFF)
    before = _table(season)
    result_store(fixture=fixture, home_score=2, away_score=0, actor=None)
    assert _table(season) == before


@pytest.mark.django_db
def test_a_result_added_reads_and_writes_the_table_in_three_queries(counting: Counting) -> None:
    """The rows locked and read, the season's results (head-to-head: level teams), one
    update for every changed row."""
    from league.services.standings import standings_add_result

    season = _season(["Ants", "Bees", "Crows", "Doves"])
    fixture = Fixture.objects.filter(round__season=season).order_by("round__number").first()
    assert fixture is not None
    fixture = Fixture.objects.select_related("round__season__league").get(pk=fixture.pk)
    fixture.status = Fixture.Status.PLAYED
    fixture.save(update_fields=["status"])
    result = Result.objects.create(fixture=fixture, home_score=1, away_score=1)
    with CaptureQueriesContext(connection) as queries:
        standings_add_result(fixture=fixture, result=result)
    assert len(queries) <= 3, [query["sql"] for query in queries]
    assert Team.objects.filter(league=season.league).count() == 4
