"""The injuries' test world: the named world of tests/conftest.py with its away Forward (a
d20) Incapacitated in round 1 and out 3 games."""

from __future__ import annotations

import pytest

from games.services import PlayerLine, ResultReport, result_record
from injuries.models import Injury
from league.models import Fixture
from rules.magnoball.dice import ScriptedDice
from tests.world import World


@pytest.fixture
def injured(world: World, match_day: Fixture) -> Injury:
    """The away Forward (d20) Incapacitated in round 1: out 3 games (M-I1: the d10 7, then
    9 on his own die for the permanent-injury check)."""
    forward = world.away.players.get(shirt_number=1)
    lines = [PlayerLine(forward.pk), PlayerLine(world.home.players.get(shirt_number=11).pk)]
    result_record(
        fixture=match_day,
        report=ResultReport(0, 0, lines=lines, incapacitated=[forward.pk]),
        actor=None,
        dice=ScriptedDice([7, 9]),
    )
    return Injury.objects.get(player=forward)
