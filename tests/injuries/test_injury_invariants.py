"""Database invariants of injuries (M-I1, M-I2) and force-healing (M-I3)."""

from __future__ import annotations

import pytest
from django.db import IntegrityError, transaction

from injuries.models import ForceHealingAttempt, Injury

pytestmark = pytest.mark.django_db


def _injury(world, **fields) -> Injury:
    player = world.home.players.get(shirt_number=3)
    values = {"duration_die": "d12", "duration_roll": 7, "games_out": 3} | fields
    return Injury.objects.create(player=player, season=world.season, **values)


def test_m_i1_games_missed_cannot_exceed_games_out(world):
    with pytest.raises(IntegrityError), transaction.atomic():
        _injury(world, games_missed=4)
    assert _injury(world, games_missed=2).games_left == 1


def test_a_player_has_at_most_one_open_injury(world):
    _injury(world)
    with pytest.raises(IntegrityError), transaction.atomic():
        _injury(world)
    Injury.objects.update(state=Injury.State.SERVED)
    _injury(world)


def test_m_i3_force_healing_is_attempted_once_per_injury_and_higher_wins(world):
    injury = _injury(world)
    with pytest.raises(IntegrityError), transaction.atomic():
        ForceHealingAttempt.objects.create(
            injury=injury, player_result=3, healer_result=7, succeeded=True
        )
    ForceHealingAttempt.objects.create(
        injury=injury, player_result=9, healer_result=7, succeeded=True
    )
    with pytest.raises(IntegrityError), transaction.atomic():
        ForceHealingAttempt.objects.create(
            injury=injury, player_result=9, healer_result=2, succeeded=True
        )
