"""On PostgreSQL, two transactions publishing to one subscription at once: the second waits
for the first's lock on the subscription, so sequence numbers follow commit order and a
worker never sees number 2 before number 1 exists."""

from __future__ import annotations

import threading
import time

import pytest
from django.db import connection, connections, transaction

from league.webhooks.models import Delivery
from league.webhooks.services.events import event_publish
from tests.webhooks.conftest import subscribe

pytestmark = pytest.mark.django_db(transaction=True)


def test_sequence_numbers_follow_commit_order(broker, allow_private):
    if connection.vendor != "postgresql":
        pytest.skip("needs PostgreSQL: SQLite serialises every writer")
    from tests.world import world_build

    world = world_build()
    subscribe(world.league, world.commissioner, "https://hooks.example.com/in")
    first_in = threading.Event()
    committed: list[str] = []

    def slow() -> None:
        try:
            with transaction.atomic():
                event_publish(league_id=world.league.pk, event="result.recorded", data={"n": 1})
                first_in.set()
                time.sleep(0.5)  # still holding the subscription's lock
            committed.append("slow")
        finally:
            connections.close_all()

    def quick() -> None:
        try:
            first_in.wait(5)
            with transaction.atomic():
                event_publish(league_id=world.league.pk, event="result.recorded", data={"n": 2})
            committed.append("quick")
        finally:
            connections.close_all()

    threads = [threading.Thread(target=slow), threading.Thread(target=quick)]
    for thread in threads:
        thread.start()
    for thread in threads:
        thread.join(10)
    assert committed == ["slow", "quick"]
    rows = Delivery.objects.order_by("sequence")
    assert [(d.sequence, d.payload["data"]["n"]) for d in rows] == [(1, 1), (2, 2)]
