"""The sign-up pages' throttle: the API's counters (league/throttling.py) per client address,
under the scopes "signup" (accounts made) and "verify" (verification links opened and
resent), their rates in API_THROTTLE_RATES. Sign-in itself is django-axes's."""

from __future__ import annotations

from django.http import HttpRequest

from league import throttling
from league.client_address import client_address
from league.throttling import SlidingWindow


def throttle_hit(*, request: HttpRequest, scope: str) -> float | None:
    """Count one attempt from the request's address; the seconds to wait when the rate's
    attempts are already in (the attempt is then refused, not counted), else None."""
    return SlidingWindow(scope, client_address(request)).take(throttling.clock())
