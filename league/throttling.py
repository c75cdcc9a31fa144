"""Sliding-window counters per (scope, client address), in the default cache: the API's
throttles (api/throttles.py) and the sign-up pages' (league/signup/throttle.py) count with them.

Rates come from the ``API_THROTTLE_RATES`` setting (``{"anon": "120/min", "signup": "5/hour"}``),
so tests and deployments can change them. One counter a window, raised with the cache's atomic
``incr`` (so eight clients at once cannot slip past the limit by reading and writing back), the
previous window weighted by how much of it still falls within the last period. With the cache
unreachable the counters fail open, logged: a Redis outage must not take the site down with it.
"""

from __future__ import annotations

import logging
import math
from dataclasses import dataclass

from django.conf import settings
from django.core.cache import cache

logger = logging.getLogger(__name__)

#: "signup": accounts made per address; "verify": verification links opened and resent;
#: "password_reset": resets asked for per address; "account_mail": mails to one email.
DEFAULT_RATES = {
    "anon": "120/min",
    "auth_failure": "10/min",
    "signup": "5/hour",
    "verify": "10/hour",
    "password_reset": "10/hour",
    "account_mail": "3/hour",
}
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
