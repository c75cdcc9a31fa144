"""Each pytest-xdist worker takes a Redis database of its own (tests/settings.py)."""

from __future__ import annotations

import pytest

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
