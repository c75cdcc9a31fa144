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

import time
from typing import Any

from rest_framework.request import Request
from rest_framework.throttling import BaseThrottle

from league.client_address import client_address

# The counters are the core's, shared with the sign-up pages (league/signup/throttle.py).
from league.throttling import DEFAULT_RATES, SlidingWindow, throttle_rate

__all__ = [
    "DEFAULT_RATES",
    "AnonReadThrottle",
    "AuthFailureLimit",
    "SlidingWindow",
    "throttle_rate",
]


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
