"""E-S2: two picks for the same turn sent at once (the coach and a commissioner, different
cards, both for pick 1): one lands, the other is refused and does not sign for the next team.
Real threads on PostgreSQL, each with its own connection; SQLite serialises every writer, so
there is no race to test there."""

from __future__ import annotations

import threading

import pytest
from django.db import connection, connections

from league.errors import DomainError
from mn11.models import DraftPick
from mn11.services import draft_pick, draft_start
from tests.mn11.draft_world import draft_world

pytestmark = [
    pytest.mark.django_db(transaction=True),
    pytest.mark.skipif(
        connection.vendor != "postgresql",
        reason="needs PostgreSQL: SQLite serialises every writer, so there is no race to test",
    ),
]


def test_two_picks_for_the_same_turn_at_once_one_wins():
    world = draft_world()
    draft = draft_start(season=world.season, actor=world.commissioner)
    pickers = [(world.coach_of(draft.order[0]), "base-01"), (world.commissioner, "base-02")]
    barrier = threading.Barrier(len(pickers))
    outcomes: list[str] = []

    def pick(user, card: str) -> None:
        try:
            barrier.wait(timeout=30)
            draft_pick(season=world.season, actor=user, card=card, pick_number=1)
            outcomes.append("picked")
        except DomainError as error:
            outcomes.append(error.code)
        finally:
            connections.close_all()

    threads = [threading.Thread(target=pick, args=picker) for picker in pickers]
    for thread in threads:
        thread.start()
    for thread in threads:
        thread.join(timeout=60)
    # The second, locked out until the first landed, finds pick 1 made (never pick 2's).
    assert sorted(outcomes) == ["picked", "turn_moved"]
    assert DraftPick.objects.count() == 1
