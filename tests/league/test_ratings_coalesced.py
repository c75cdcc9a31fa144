"""A result's ratings refresh is queued once a season while one waits (league/odds/services/runs.py,
``_send_ratings``): results that come faster than the workers rate them queue one message, and
the refresh, marked started before it reads, rates them all. A refresh that also queues an
odds run or replays the season always goes; a failed send or a failing cache never holds a
result back."""

from __future__ import annotations

from typing import Any

import pytest
from django.core.cache import cache

from league.odds import tasks
from league.odds.services import runs

PLAIN: dict[str, object] = {"replay": False, "odds_round": None, "trigger": ""}


@pytest.fixture
def sent(monkeypatch: pytest.MonkeyPatch, settings: Any) -> list[tuple[int, dict[str, object]]]:
    settings.ODDS_RATINGS_COALESCE = True
    messages: list[tuple[int, dict[str, object]]] = []

    def send_task(name: str, *, args: list[int], kwargs: dict[str, object]) -> None:
        assert name == runs.RATINGS_TASK
        messages.append((args[0], kwargs))

    monkeypatch.setattr(runs.app, "send_task", send_task)
    return messages


def test_results_while_a_refresh_waits_queue_no_other(sent):
    for _ in range(3):
        runs._send_ratings(7, PLAIN)
    runs._send_ratings(8, PLAIN)  # another season's refresh is its own
    assert sent == [(7, PLAIN), (8, PLAIN)]


def test_a_result_after_the_refresh_started_queues_another(sent, monkeypatch, db):
    runs._send_ratings(7, PLAIN)
    started = []
    monkeypatch.setattr(tasks, "ratings_refresh", lambda **kw: started.append(kw))
    monkeypatch.setattr(tasks, "odds_after_refresh", lambda **kw: None)
    tasks.ratings_refresh_task(7)  # marks the season started before it reads the results
    assert started == [{"season_id": 7, "replay": False}]
    runs._send_ratings(7, PLAIN)
    assert sent == [(7, PLAIN), (7, PLAIN)]


def test_a_refresh_that_queues_odds_or_replays_always_goes(sent):
    runs._send_ratings(7, PLAIN)
    odds = {"replay": False, "odds_round": 3, "trigger": "round:5:9"}
    replay = {"replay": True, "odds_round": None, "trigger": ""}
    runs._send_ratings(7, odds)
    runs._send_ratings(7, replay)
    assert sent == [(7, PLAIN), (7, odds), (7, replay)]


def test_a_send_that_failed_leaves_no_mark(sent, monkeypatch):
    def broker_away(*args: object, **kwargs: object) -> None:
        raise ConnectionError("broker away")

    with monkeypatch.context() as away:
        away.setattr(runs.app, "send_task", broker_away)
        runs._send_ratings(7, PLAIN)
    runs._send_ratings(7, PLAIN)
    assert sent == [(7, PLAIN)]


def test_a_failing_cache_lets_every_refresh_go(sent, monkeypatch):
    # django-redis with IGNORE_EXCEPTIONS answers None when Redis is away.
    monkeypatch.setattr(cache, "add", lambda *args, **kwargs: None)
    runs._send_ratings(7, PLAIN)
    runs._send_ratings(7, PLAIN)
    assert len(sent) == 2


def test_without_a_shared_cache_every_result_queues_its_refresh(sent, settings):
    settings.ODDS_RATINGS_COALESCE = False  # a process's own cache: no marks
    runs._send_ratings(7, PLAIN)
    runs._send_ratings(7, PLAIN)
    assert len(sent) == 2
