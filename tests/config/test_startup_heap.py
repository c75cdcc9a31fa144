"""A server process freezes its start-up heap once the project is loaded
(config/startup_heap.py): gunicorn's worker hook and Celery's worker signals call it."""

from __future__ import annotations

import gc
import runpy
import weakref
from collections.abc import Iterator
from pathlib import Path

import pytest
from celery.signals import worker_process_init, worker_ready

import config.celery
from config.startup_heap import freeze_startup_heap

ROOT = Path(__file__).resolve().parents[2]


@pytest.fixture
def unfrozen() -> Iterator[None]:
    """The test process's heap as it was: whatever a test froze goes back to the collector."""
    gc.unfreeze()
    yield
    gc.unfreeze()


def test_freezing_moves_the_live_objects_out_of_the_collectors_generations(unfrozen):
    kept: list[list[int]] = [[] for _ in range(1000)]  # tracked by the collector, alive
    freeze_startup_heap()
    assert gc.get_freeze_count() > len(kept)
    walked = {id(item) for item in gc.get_objects()}  # what a collection walks, frozen aside
    assert not any(id(item) in walked for item in kept)


def test_gunicorn_freezes_a_worker_once_it_has_loaded_the_application(unfrozen):
    config = runpy.run_path(str(ROOT / "gunicorn.conf.py"))
    assert gc.get_freeze_count() == 0
    config["post_worker_init"](object())
    assert gc.get_freeze_count() > 0


@pytest.mark.parametrize("signal", [worker_process_init, worker_ready])
def test_a_celery_worker_process_freezes_once_ready(signal):
    # Weak references to the receivers, as Celery keeps them (never call a receiver here).
    live = [
        receiver() if isinstance(receiver, weakref.ref) else receiver
        for _, receiver in signal.receivers
    ]
    assert config.celery._freeze_startup_heap in live
