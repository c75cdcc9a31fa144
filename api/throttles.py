"""Throttles: anonymous reads per client address, and failed token logins per address.

Rates come from the ``API_THROTTLE_RATES`` setting (``{"anon": "120/min", "auth_failure":
"10/min"}``), so tests and deployments can change them. The counters are the core's
(league/throttling.py): n a period hold in every period, only what is let through counts,
and the wait a refusal names (``Retry-After``) is the time after which the next request
passes. The client address is ``league.client_address`` (``X-Forwarded-For`` only behind
``TRUSTED_PROXY_COUNT`` proxies).

With the cache unreachable the throttles fail open, logged: a Redis outage must not take
the API down with it.
"""

from __future__ import annotations

from typing import Any

from rest_framework.request import Request
from rest_framework.throttling import BaseThrottle

from league import throttling
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
        window = SlidingWindow(self.scope, client_address(request))
        self.refused_for = window.take(throttling.clock())
        return self.refused_for is None

    def wait(self) -> float | None:
        return self.refused_for


class AuthFailureLimit:
    """Counts failed token logins per address; once the rate's failures are in, every token
    login from that address is refused (not counted) until the oldest leaves the period, so
    keys cannot be guessed. A good token costs nothing, so a busy script is never throttled
    for its own success. A failure is counted atomically and answered 429 when the period is
    already full, so clients racing each other get exactly the rate's number of 401s."""

    scope = "auth_failure"

    def __init__(self, request: Request) -> None:
        self.window = SlidingWindow(self.scope, client_address(request))

    def blocked(self) -> float | None:
        """Seconds to wait when the address has failed the rate's number of times in the
        period, else None."""
        return self.window.wait(throttling.clock())

    def record_failure(self) -> float | None:
        """Count a failure; the seconds to wait instead when the period is already full
        (the failure is then refused, not counted)."""
        return self.window.take(throttling.clock())
