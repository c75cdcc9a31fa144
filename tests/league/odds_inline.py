"""The odds' messages in tests: a result's ratings refresh (and the odds run it queues) run
at once, inside the test, instead of on a worker after the commit; the other odds messages
are dropped (the tests run those steps themselves)."""

from __future__ import annotations

from collections.abc import Callable
from typing import Any

import pytest

from league.odds import tasks
from league.odds.services import runs


@pytest.fixture
def odds_inline(monkeypatch: pytest.MonkeyPatch) -> None:
    def refresh(season_id: int, kwargs: dict[str, Any]) -> None:
        tasks.ratings_refresh_task(season_id, **kwargs)

    def at_once(callback: Callable[[], None]) -> None:
        callback()

    monkeypatch.setattr(runs, "_send_ratings", refresh)
    monkeypatch.setattr(runs, "_after_commit", at_once)
    monkeypatch.setattr(runs.app, "send_task", lambda *args, **kwargs: None)
