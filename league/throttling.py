"""Rate limits per (scope, client address), in the default cache: the API's throttles
(api/throttles.py) and the sign-up pages' (league/signup/throttle.py) count with them.

Rates come from the ``API_THROTTLE_RATES`` setting (``{"anon": "120/min", "signup": "5/hour"}``),
so tests and deployments can change them. A rate of n a period holds in every period: a
request passes when fewer than n requests passed in the period before it, and only the
requests that pass are counted, so a refused one never lengthens its own wait. The period is
cut into ``BUCKETS`` counters (a second each for a minute, a minute each for an hour), the
oldest counted whole, so a period's hits are all seen; a request is counted with the
cache's atomic ``incr`` (and given back with ``decr`` when it finds the period full), so
clients racing each other get exactly n between them. The wait a refusal names is the time
until enough of the oldest counters fall out of the period for the next request to pass:
after it, one does.

With the cache unreachable the counters fail open, logged: a Redis outage must not take the
site down with it.
"""

from __future__ import annotations

import logging
import time
from collections.abc import Sequence
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
#: Counters a period is cut into: the wait a refusal names is exact to one of them.
BUCKETS = 60


def clock() -> float:
    """The time the counters go by; tests move it on instead of waiting."""
    return time.time()


def throttle_rate(scope: str) -> tuple[int, int]:
    """(requests, seconds) of a scope's rate, e.g. "120/min" → (120, 60)."""
    rates: dict[str, str] = {**DEFAULT_RATES, **getattr(settings, "API_THROTTLE_RATES", {})}
    count, period = rates[scope].split("/")
    return int(count), _PERIODS[period[0]]


class _Unreachable(Exception):
    """The cache did not answer (django-redis may swallow the error and answer None)."""


@dataclass(frozen=True)
class SlidingWindow:
    """The requests let through per (scope, address) over the last ``period`` seconds."""

    scope: str
    ident: str

    @property
    def limit(self) -> int:
        return throttle_rate(self.scope)[0]

    @property
    def period(self) -> int:
        return throttle_rate(self.scope)[1]

    def take(self, now: float) -> float | None:
        """Let one request through if the period has room, counting it: None. Else the
        seconds until the next request will pass, counting nothing. None too when the cache
        is unreachable (the caller lets the request through)."""
        keys, bucket = self._keys(now)
        *earlier_keys, current = keys
        try:
            raised = self._raise(current)
            counts = self._get(earlier_keys)
        except _Unreachable:
            logger.warning("throttle cache unreachable; %s not counted", self.scope)
            return None
        if raised + sum(counts) <= self.limit:
            return None
        try:  # Over the rate: the request is refused, so it does not count.
            cache.decr(current)
        except Exception:
            logger.warning("throttle cache unreachable; %s refusal not given back", self.scope)
        return self._wait(now, bucket, [*counts, raised - 1])

    def wait(self, now: float) -> float | None:
        """Seconds until a request will pass, counting nothing; None when one would pass
        now (or the cache is unreachable)."""
        keys, bucket = self._keys(now)
        try:
            counts = self._get(keys)
        except _Unreachable:
            logger.warning("throttle cache unreachable; %s not checked", self.scope)
            return None
        if sum(counts) < self.limit:
            return None
        return self._wait(now, bucket, counts)

    @property
    def _width(self) -> int:
        """A counter's seconds."""
        return max(1, self.period // BUCKETS)

    def _keys(self, now: float) -> tuple[list[str], int]:
        """The counters a request at `now` is checked against, oldest first (the current
        one last), and the current one's number. One more than fit in the period: the
        oldest, counted whole, holds hits of the last period too."""
        width = self._width
        bucket = int(now // width)
        prefix = f"throttle:{self.scope}:{self.ident}:"
        span = self.period // width
        return [f"{prefix}{bucket - back}" for back in range(span, -1, -1)], bucket

    def _raise(self, key: str) -> int:
        """The current counter raised by one, atomically: its new value."""
        timeout = self.period + 2 * self._width
        try:
            if cache.add(key, 0, timeout=timeout) is None:
                raise _Unreachable
            raised: int | None = cache.incr(key)
        except ValueError:  # the counter expired between add and incr: start it again
            cache.add(key, 1, timeout=timeout)
            raised = 1
        except _Unreachable:
            raise
        except Exception as error:
            raise _Unreachable from error
        if raised is None:
            raise _Unreachable
        return raised

    def _get(self, keys: Sequence[str]) -> list[int]:
        try:
            found = cache.get_many(keys)
        except Exception as error:
            raise _Unreachable from error
        return [int(found.get(key, 0)) for key in keys]

    def _wait(self, now: float, bucket: int, counts: Sequence[int]) -> float:
        """Seconds from `now` until the counters `counts` (oldest first, the current one,
        number `bucket`, last) leave room: each counter dropped is one more counter's time
        to wait, from the current one's start."""
        total = sum(counts)
        for dropped, count in enumerate(counts, start=1):
            total -= count
            if total < self.limit:
                return (bucket + dropped) * self._width - now
        return (bucket + len(counts)) * self._width - now  # a limit of 0: never reached
