"""Real races for the concurrency tests: calls run at once in threads, each with its own
database connection, on PostgreSQL (SQLite serialises every writer, so there is no race)."""

from __future__ import annotations

import threading
from typing import Any

import pytest
from django.db import connection, connections

#: The marks of a module of races: committed transactions, PostgreSQL only.
RACES = [
    pytest.mark.django_db(transaction=True),
    pytest.mark.skipif(
        connection.vendor != "postgresql",
        reason="needs PostgreSQL: SQLite serialises every writer, so there is no race to test",
    ),
]


def at_once(*calls: Any) -> list[Any]:
    """Each call's outcome (its value, or the exception it raised), all started together
    behind a barrier; each thread closes its own connection."""
    barrier = threading.Barrier(len(calls))
    outcomes: list[Any] = [None] * len(calls)

    def run(index: int) -> None:
        try:
            barrier.wait(timeout=30)
            outcomes[index] = calls[index]()
        except Exception as error:  # reported by the assertions
            outcomes[index] = error
        finally:
            connections.close_all()

    threads = [threading.Thread(target=run, args=(i,)) for i in range(len(calls))]
    for thread in threads:
        thread.start()
    for thread in threads:
        thread.join(timeout=60)
    return outcomes
