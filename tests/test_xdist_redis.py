"""Each pytest-xdist worker runs on the suite's settings, with a Redis database and a runtime
folder of its own (tests/settings.py)."""

from __future__ import annotations

import os
import sys
from pathlib import Path

import pytest
from django.conf import settings

from tests.xdist_redis import redis_url_for_worker


def test_outside_xdist_the_url_is_kept():
    assert redis_url_for_worker("redis://127.0.0.1:6379/4", "") == "redis://127.0.0.1:6379/4"


@pytest.mark.parametrize(
    ("url", "worker", "expected"),
    [
        ("redis://127.0.0.1:6379/0", "gw0", "redis://127.0.0.1:6379/0"),
        ("redis://127.0.0.1:6379/0", "gw1", "redis://127.0.0.1:6379/1"),
        ("redis://127.0.0.1:6379/4", "gw3", "redis://127.0.0.1:6379/7"),
        ("redis://:secret@cache:6380", "gw2", "redis://:secret@cache:6380/2"),
    ],
)
def test_worker_n_takes_the_database_n_above_the_urls(url, worker, expected):
    assert redis_url_for_worker(url, worker) == expected


def test_a_worker_past_the_servers_databases_is_refused_with_the_way_out():
    with pytest.raises(ValueError, match="run fewer workers"):
        redis_url_for_worker("redis://127.0.0.1:6379/10", "gw6")


def test_every_worker_runs_on_the_suites_own_settings():
    """xdist's workers took the DJANGO_SETTINGS_MODULE tests/settings.py exports for the
    processes tests start (config.settings): two workers shared one Redis database, and one's
    FLUSHDB wiped the throttle counters the other was counting."""
    assert "tests.settings" in sys.modules
    assert Path(settings.VAR_DIR).name.startswith("magnoball-tests-")
    worker = os.environ.get("PYTEST_XDIST_WORKER", "")
    if settings.REDIS_URL and worker:
        assert os.environ["REDIS_URL"] == settings.REDIS_URL
        assert settings.CACHES["default"]["LOCATION"] == settings.REDIS_URL
        assert int(settings.REDIS_URL.rsplit("/", 1)[1]) >= int(worker.removeprefix("gw"))
