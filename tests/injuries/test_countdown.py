"""The injured-list countdown of a new result (M-I1, injuries_count_new_game) for injuries
a simulation rarely leaves: one from no match, one from a match of another team, and one of
no games at all; each as the recount from the fixtures (injuries_count_down) leaves it."""

from __future__ import annotations

import pytest
from django.db import transaction

from games.services import PlayerLine, ResultReport, result_record, round_open
from games.services.aftermath import _played_in_order
from injuries.models import Injury
from injuries.services import injuries_count_down
from league.models import Fixture, Team
from tests.world import World

pytestmark = pytest.mark.django_db


def _injure(world: World, shirt: int, *, fixture: Fixture | None, out: int, missed: int) -> Injury:
    return Injury.objects.create(
        player=world.home.players.get(shirt_number=shirt),
        season=world.season,
        fixture=fixture,
        duration_die="d10",
        duration_roll=2 * out,
        games_out=out,
        games_missed=missed,
    )


def _counts() -> list[tuple[int, int, str]]:
    return list(Injury.objects.order_by("pk").values_list("pk", "games_missed", "state"))


def test_m_i1_a_new_game_counts_as_the_recount_does(world: World, injured: Injury) -> None:
    first = injured.fixture
    assert first is not None
    # Round 1 is played: an injury from no match has missed it already, and so has one from
    # a match of two other teams (his team then), which counts every game of his team now.
    no_match = _injure(world, 3, fixture=None, out=3, missed=1)
    others = [
        Team.objects.create(
            league=world.league, name=f"Other {n}", short_name=f"OT{n}", slug=f"other-{n}"
        )
        for n in (1, 2)
    ]
    elsewhere = Fixture.objects.create(round=first.round, home_team=others[0], away_team=others[1])
    other_team = _injure(world, 4, fixture=elsewhere, out=3, missed=1)
    nothing_to_miss = _injure(world, 5, fixture=first, out=0, missed=0)
    second = Fixture.objects.get(round__season=world.season, round__number=2)
    round_open(round_=second.round, actor=None)
    second.refresh_from_db()
    goalies = [PlayerLine(t.players.get(shirt_number=11).pk) for t in (world.home, world.away)]

    result_record(fixture=second, report=ResultReport(0, 0, lines=goalies), actor=None)

    added = {pk: (missed, state) for pk, missed, state in _counts()}
    assert added[no_match.pk] == (2, Injury.State.OUT)
    assert added[other_team.pk] == (2, Injury.State.OUT)
    assert added[nothing_to_miss.pk] == (0, Injury.State.SERVED)
    assert added[injured.pk] == (1, Injury.State.OUT)  # his own match did not count
    with transaction.atomic():
        teams = [world.home.pk, world.away.pk]
        injuries_count_down(played=lambda: _played_in_order(teams), team_ids=teams)
        assert _counts() == sorted((pk, *value) for pk, value in added.items())
