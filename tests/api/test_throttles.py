"""Throttles count atomically and key on the real client address: X-Forwarded-For is only
believed behind TRUSTED_PROXY_COUNT proxies (api/throttles.py,
league/client_address.py)."""

from __future__ import annotations

import threading
import uuid

import pytest
from django.core.cache import caches
from django.test import RequestFactory

from api.throttles import SlidingWindow
from league.client_address import client_address
from tests.api.conftest import Api

pytestmark = pytest.mark.django_db


def test_a_new_forwarded_for_each_request_does_not_escape_the_limit(world, settings):
    settings.API_THROTTLE_RATES = {"anon": "2/min"}
    statuses = [
        Api().get("/api/v1/leagues/", **{"X-Forwarded-For": f"10.0.0.{n}"}).status_code
        for n in range(4)
    ]
    assert statuses == [200, 200, 429, 429]


def test_bad_tokens_with_a_new_forwarded_for_each_time_are_still_limited(world, settings):
    settings.API_THROTTLE_RATES = {"auth_failure": "3/min"}
    statuses = [
        Api("mbl_wrong").get("/api/v1/leagues/", **{"X-Forwarded-For": f"10.1.0.{n}"}).status_code
        for n in range(5)
    ]
    assert statuses == [401, 401, 401, 429, 429]


def test_behind_a_trusted_proxy_the_client_is_read_from_its_hop(world, settings):
    settings.API_THROTTLE_RATES = {"anon": "2/min"}
    settings.TRUSTED_PROXY_COUNT = 1
    # The proxy appends the address it saw; anything before it is the client's own claim.
    spoofed = [
        Api().get("/api/v1/leagues/", **{"X-Forwarded-For": f"1.2.3.{n}, 203.0.113.7"}).status_code
        for n in range(3)
    ]
    other = Api().get("/api/v1/leagues/", **{"X-Forwarded-For": "198.51.100.9"})
    assert spoofed == [200, 200, 429]
    assert other.status_code == 200


@pytest.mark.parametrize(
    ("proxies", "forwarded", "expected"),
    [
        (0, "1.1.1.1", "127.0.0.9"),
        (1, "", "127.0.0.9"),
        (1, "9.9.9.9, 1.1.1.1", "1.1.1.1"),
        (2, "9.9.9.9, 1.1.1.1", "9.9.9.9"),
        (3, "1.1.1.1", "1.1.1.1"),
    ],
)
def test_client_address(settings, proxies, forwarded, expected):
    settings.TRUSTED_PROXY_COUNT = proxies
    headers = {"HTTP_X_FORWARDED_FOR": forwarded} if forwarded else {}
    request = RequestFactory().get("/", REMOTE_ADDR="127.0.0.9", **headers)
    assert client_address(request) == expected


def test_eight_clients_at_once_get_exactly_the_limit(settings):
    """The counter is raised with the cache's atomic incr: clients racing each other cannot
    read the same count and all slip in (in CI the cache is Redis, its INCR)."""
    settings.API_THROTTLE_RATES = {"anon": "100/min"}
    window = SlidingWindow("anon", f"race-{uuid.uuid4().hex}")
    start = threading.Barrier(8)
    allowed: list[bool] = []
    lock = threading.Lock()

    def client() -> None:
        start.wait()
        for _ in range(25):
            count = window.hit(now=1_000_000.0)  # one window, no previous weight
            with lock:
                allowed.append(count is not None and count <= window.limit)
        caches["default"].close()

    threads = [threading.Thread(target=client) for _ in range(8)]
    for thread in threads:
        thread.start()
    for thread in threads:
        thread.join()
    assert len(allowed) == 200
    assert sum(allowed) == 100
