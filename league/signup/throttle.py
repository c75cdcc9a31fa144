"""The sign-up pages' throttle: the API's sliding-window counters (league/throttling.py) per
client address, under the scopes "signup" (accounts made) and "verify" (verification links
opened and resent), their rates in API_THROTTLE_RATES. Sign-in itself is django-axes's."""

from __future__ import annotations

import time

from django.http import HttpRequest

from league.client_address import client_address
from league.throttling import SlidingWindow


def throttle_hit(*, request: HttpRequest, scope: str) -> float | None:
    """Count one attempt from the request's address; the seconds to wait when it went over
    the rate (the attempt is then refused), else None."""
    window = SlidingWindow(scope, client_address(request))
    now = time.time()
    count = window.hit(now)
    if count is not None and count > window.limit:
        return window.wait(now)
    return None
