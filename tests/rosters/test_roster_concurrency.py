"""Counted limits hold under concurrent requests: the roster of 18 (M-P9) is checked under
a row lock, so simultaneous call-ups cannot both take the last spot."""

from __future__ import annotations

import threading

import pytest
from django.db import connection, connections

from rosters.errors import RosterError
from rosters.models import Player
from rosters.services import player_call_up
from rules.magnoball.vocabulary import Position

pytestmark = [
    pytest.mark.django_db(transaction=True),
    pytest.mark.skipif(
        connection.vendor != "postgresql",
        reason="row locks need PostgreSQL; CI runs this on PostgreSQL",
    ),
]


def test_simultaneous_call_ups_fill_the_last_roster_spot_exactly_once(world):
    world.home.players.filter(shirt_number=1).update(roster_state=Player.RosterState.INJURED_LIST)
    start = threading.Barrier(8)
    outcomes: list[str] = []

    def call_up(n: int) -> None:
        start.wait()
        try:
            player_call_up(
                team=world.home, name=f"Rookie {n}", position=Position.FORWARD, actor=None
            )
            outcomes.append("called up")
        except RosterError:
            outcomes.append("refused")
        finally:
            connections.close_all()

    threads = [threading.Thread(target=call_up, args=(n,)) for n in range(8)]
    for thread in threads:
        thread.start()
    for thread in threads:
        thread.join()
    assert sorted(outcomes) == ["called up"] + ["refused"] * 7
    assert world.home.players.filter(roster_state=Player.RosterState.ACTIVE).count() == 18
