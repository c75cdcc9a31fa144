"""Throttles: anonymous reads per client address, and failed token logins per address.

Rates come from the ``API_THROTTLE_RATES`` setting (``{"anon": "120/min", "auth_failure":
"10/min"}``), so tests and deployments can change them; counts live in the default cache.
"""

from __future__ import annotations

import time
from typing import Any

from django.conf import settings
from django.core.cache import cache
from rest_framework.request import Request
from rest_framework.throttling import AnonRateThrottle, SimpleRateThrottle

DEFAULT_RATES = {"anon": "120/min", "auth_failure": "10/min"}


def throttle_rate(scope: str) -> str:
    rates: dict[str, str] = {**DEFAULT_RATES, **getattr(settings, "API_THROTTLE_RATES", {})}
    return rates[scope]


class AnonReadThrottle(AnonRateThrottle):
    """Anonymous clients (who may only read) share a rate per address."""

    scope = "anon"

    def get_rate(self) -> str:
        return throttle_rate(self.scope)


class AuthFailureLimit(SimpleRateThrottle):
    """Counts failed token logins per address; once over the rate, every token login from
    that address is refused until the window passes, so keys cannot be guessed."""

    scope = "auth_failure"
    duration: int
    num_requests: int

    def get_rate(self) -> str:
        return throttle_rate(self.scope)

    def get_cache_key(self, request: Request, view: Any) -> str:
        return self.cache_format % {"scope": self.scope, "ident": self.get_ident(request)}

    def blocked(self, request: Request) -> float | None:
        """Seconds to wait when the address has failed too often, else None."""
        self.key = self.get_cache_key(request, None)
        self.history = [t for t in cache.get(self.key, []) if t > time.time() - self.duration]
        if len(self.history) >= self.num_requests:
            self.now = time.time()
            return self.wait() or 1.0
        return None

    def record_failure(self, request: Request) -> None:
        key = self.get_cache_key(request, None)
        now = time.time()
        history = [t for t in cache.get(key, []) if t > now - self.duration]
        cache.set(key, [now, *history], self.duration)
