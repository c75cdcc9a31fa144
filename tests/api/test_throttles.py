"""Throttles count atomically and key on the real client address: X-Forwarded-For is only
believed behind TRUSTED_PROXY_COUNT proxies (api/throttles.py,
league/client_address.py). The documented rates hold at their edges, only what is let
through counts, and a Retry-After waited out lets the next request through (issue #47); the
clock is moved on instead of slept (league.throttling.clock)."""

from __future__ import annotations

import itertools
import math
import threading
import uuid

import pytest
from django.core.cache import caches
from django.test import Client, RequestFactory

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
            refused_for = window.take(now=1_000_000.0)  # one counter, no earlier ones
            with lock:
                allowed.append(refused_for is None)
        caches["default"].close()

    threads = [threading.Thread(target=client) for _ in range(8)]
    for thread in threads:
        thread.start()
    for thread in threads:
        thread.join()
    assert len(allowed) == 200
    assert sum(allowed) == 100


class Clock:
    """The throttles' clock, moved on by the test (league.throttling.clock)."""

    def __init__(self, now: float) -> None:
        self.now = now

    def __call__(self) -> float:
        return self.now


@pytest.fixture
def clock(monkeypatch) -> Clock:
    frozen = Clock(1_800_000_000.4)
    monkeypatch.setattr("league.throttling.clock", frozen)
    return frozen


_ADDRESSES = itertools.count(1)


def _address() -> str:
    """An address of its own for each test: counters outlive a test in a shared Redis."""
    return f"10.47.{next(_ADDRESSES) % 250}.{uuid.uuid4().int % 250 + 1}"


def _reads(address: str, count: int) -> list[int]:
    client = Client(REMOTE_ADDR=address)
    return [client.get("/api/v1/leagues/").status_code for _ in range(count)]


def _retry_after(response) -> int:
    assert response.status_code == 429, response.content
    return int(response["Retry-After"])


def test_120_anonymous_reads_a_minute_pass_and_the_121st_waits_its_retry_after(db, clock):
    """The documented rate at its edge (n and n+1); a refused read does not lengthen the
    wait; after the wait a read passes (it was 429 again, now with a longer wait), and one
    second less would not have been enough."""
    address = _address()
    assert _reads(address, 120) == [200] * 120
    client = Client(REMOTE_ADDR=address)
    wait = _retry_after(client.get("/api/v1/leagues/"))
    assert 60 <= wait <= 61  # the minute, to the second the counters count by

    for _ in range(wait - 1):  # Refused every second until then, and not counted.
        clock.now += 1
        assert _retry_after(client.get("/api/v1/leagues/")) >= 1
    clock.now += 1
    assert client.get("/api/v1/leagues/").status_code == 200


def test_after_an_idle_minute_the_whole_rate_passes_again(db, clock):
    """Issue #47: after 118 reads and the refusals that followed, a full idle minute let only
    58 reads through: the refusals had counted."""
    address = _address()
    assert _reads(address, 150) == [200] * 120 + [429] * 30
    clock.now += 61
    assert _reads(address, 121) == [200] * 120 + [429]


def test_the_rate_holds_over_every_minute_not_each_clock_minute(db, clock):
    """60 reads, half a minute later 60 more: the next waits for the first 60 to leave the
    minute, then exactly 60 pass."""
    address = _address()
    started = clock.now
    assert _reads(address, 60) == [200] * 60
    clock.now += 30
    assert _reads(address, 60) == [200] * 60
    wait = _retry_after(Client(REMOTE_ADDR=address).get("/api/v1/leagues/"))
    assert clock.now + wait - started <= 62
    clock.now += wait
    assert _reads(address, 61) == [200] * 60 + [429]


def test_10_failed_token_logins_a_minute_then_even_a_good_key_waits_its_retry_after(
    world, clock, api_as
):
    """The documented rate at its edge: ten failures answered 401, the eleventh 429 and
    not counted; once its Retry-After is waited out a good key gets 200 (and a bad one its
    401 again)."""
    address = _address()
    bad = Client(REMOTE_ADDR=address, headers={"Authorization": "Token mbl_wrong"})
    good = Client(
        REMOTE_ADDR=address, headers={"Authorization": f"Token {api_as(world.home_coach).key}"}
    )
    assert [bad.get("/api/v1/leagues/").status_code for _ in range(10)] == [401] * 10
    wait = _retry_after(bad.get("/api/v1/leagues/"))
    assert 60 <= wait <= 61
    clock.now += wait - 1
    assert _retry_after(good.get("/api/v1/me/")) == 1
    assert _retry_after(bad.get("/api/v1/leagues/")) == 1
    clock.now += 1
    assert good.get("/api/v1/me/").status_code == 200
    assert [bad.get("/api/v1/leagues/").status_code for _ in range(11)] == [401] * 10 + [429]


def test_the_wait_a_window_names_is_the_time_after_which_the_next_hit_passes(settings):
    """Hits spread over a period: the wait is until enough of the oldest leave it."""
    settings.API_THROTTLE_RATES = {"anon": "3/min"}
    window = SlidingWindow("anon", f"spread-{uuid.uuid4().hex}")
    start = 2_000_000_000.0
    for offset in (0.2, 10.5, 20.7):
        assert window.take(start + offset) is None
    refused_at = start + 30.1
    wait = window.take(refused_at)
    assert wait is not None
    assert window.wait(refused_at) == wait
    passes_at = refused_at + math.ceil(wait)
    assert window.take(passes_at - 1) is not None  # a second early: still full
    assert window.take(passes_at) is None
    assert passes_at - (start + 0.2) <= 61  # the first hit left after its minute
