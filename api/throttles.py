"""Throttles: anonymous reads per client address, and failed token logins per address.

Rates come from the ``API_THROTTLE_RATES`` setting (``{"anon": "120/min", "auth_failure":
"10/min"}``), so tests and deployments can change them. Counts live in the default cache as
sliding-window counters: one counter a window, raised with the cache's atomic ``incr`` (so
eight clients at once cannot slip past the limit by reading and writing back), the previous
window weighted by how much of it still falls within the last period. The client address is
``league.client_address`` (``X-Forwarded-For`` only behind ``TRUSTED_PROXY_COUNT`` proxies).

With the cache unreachable the throttles fail open, logged: a Redis outage must not take
the API down with it.
"""

from __future__ import annotations

import logging
import math
import time
from dataclasses import dataclass
from typing import Any

from django.conf import settings
from django.core.cache import cache
from rest_framework.request import Request
from rest_framework.throttling import BaseThrottle

from league.client_address import client_address

logger = logging.getLogger(__name__)

DEFAULT_RATES = {"anon": "120/min", "auth_failure": "10/min"}
_PERIODS = {"s": 1, "m": 60, "h": 3600, "d": 86400}


def throttle_rate(scope: str) -> tuple[int, int]:
    """(requests, seconds) of a scope's rate, e.g. "120/min" → (120, 60)."""
    rates: dict[str, str] = {**DEFAULT_RATES, **getattr(settings, "API_THROTTLE_RATES", {})}
    count, period = rates[scope].split("/")
    return int(count), _PERIODS[period[0]]


@dataclass(frozen=True)
class SlidingWindow:
    """A counter per (scope, address) over the last ``period`` seconds."""

    scope: str
    ident: str

    @property
    def limit(self) -> int:
        return throttle_rate(self.scope)[0]

    @property
    def period(self) -> int:
        return throttle_rate(self.scope)[1]

    def _keys(self, now: float) -> tuple[str, str, float]:
        window = int(now // self.period)
        key = f"throttle:{self.scope}:{self.ident}:"
        return f"{key}{window}", f"{key}{window - 1}", now / self.period - window

    def count(self, now: float) -> float | None:
        """Hits in the last period (the previous window weighted); None if the cache is
        unreachable."""
        current, previous, elapsed = self._keys(now)
        try:
            counts = cache.get_many([current, previous])
        except Exception:
            logger.warning("throttle cache unreachable; %s not counted", self.scope)
            return None
        hits: int = counts.get(current, 0)
        earlier: int = counts.get(previous, 0)
        return hits + earlier * (1 - elapsed)

    def hit(self, now: float) -> float | None:
        """Count one hit atomically; returns the count including it, None if the cache is
        unreachable (the caller lets the request through)."""
        current, previous, elapsed = self._keys(now)
        try:
            if cache.add(current, 0, timeout=2 * self.period + 1) is None:
                # django-redis swallowed a connection error: don't wait on it twice more.
                logger.warning("throttle cache unreachable; %s not counted", self.scope)
                return None
            raised: int | None = cache.incr(current)
            before: int | None = cache.get(previous, 0)
        except ValueError:  # the counter expired between add and incr: start it again
            cache.add(current, 1, timeout=2 * self.period + 1)
            raised, before = 1, 0
        except Exception:
            logger.warning("throttle cache unreachable; %s not counted", self.scope)
            return None
        if raised is None or before is None:  # django-redis ignoring a connection error
            logger.warning("throttle cache unreachable; %s not counted", self.scope)
            return None
        return raised + before * (1 - elapsed)

    def wait(self, now: float) -> float:
        """Seconds until the window moves on far enough to let a request through."""
        _current, _previous, elapsed = self._keys(now)
        return max(1.0, math.ceil((1 - elapsed) * self.period))


class AnonReadThrottle(BaseThrottle):
    """Anonymous clients (who may only read) share a rate per address."""

    scope = "anon"

    def allow_request(self, request: Request, view: Any) -> bool:
        if request.user and request.user.is_authenticated:
            return True
        self.window = SlidingWindow(self.scope, client_address(request))
        self.now = time.time()
        count = self.window.hit(self.now)
        return count is None or count <= self.window.limit

    def wait(self) -> float | None:
        return self.window.wait(self.now)


class AuthFailureLimit:
    """Counts failed token logins per address; once over the rate, every token login from
    that address is refused until the window moves on, so keys cannot be guessed. A good
    token costs nothing, so a busy script is never throttled for its own success. A failure
    is counted atomically and answered 429 once over the rate, so clients racing each other
    get at most the rate's number of 401s."""

    scope = "auth_failure"

    def __init__(self, request: Request) -> None:
        self.window = SlidingWindow(self.scope, client_address(request))

    def blocked(self) -> float | None:
        """Seconds to wait when the address has failed too often, else None."""
        now = time.time()
        count = self.window.count(now)
        if count is not None and count >= self.window.limit:
            return self.window.wait(now)
        return None

    def record_failure(self) -> float | None:
        """Count a failure; returns the seconds to wait when it went over the rate."""
        now = time.time()
        count = self.window.hit(now)
        if count is not None and count > self.window.limit:
            return self.window.wait(now)
        return None
