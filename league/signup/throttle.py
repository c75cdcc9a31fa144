"""The account pages' throttles: the API's counters (league/throttling.py), their rates in
API_THROTTLE_RATES. Per client address, the scopes "signup" (accounts made), "verify"
(verification links opened and resent) and "password_reset" (resets asked for); per email
address, "account_mail" (every mail an account page sends: a verification link, a password
reset, news that the address or the username is taken). Sign-in is django-axes's."""

from __future__ import annotations

import hashlib

from django.http import HttpRequest, HttpResponse
from django.shortcuts import render

from league import throttling
from league.client_address import client_address
from league.throttling import SlidingWindow


def throttle_hit(*, request: HttpRequest, scope: str) -> float | None:
    """Count one attempt from the request's address; the seconds to wait when the rate's
    attempts are already in (the attempt is then refused, not counted), else None."""
    return SlidingWindow(scope, client_address(request)).take(throttling.clock())


def account_mail_allowed(*, email: str) -> bool:
    """Count one mail to `email`; False once the address has had its share (the page says
    the same either way, and sends nothing more: 30 resets for one address sent 30 mails)."""
    digest = hashlib.sha256(email.strip().lower().encode()).hexdigest()[:32]
    return SlidingWindow("account_mail", digest).take(throttling.clock()) is None


def throttled_response(request: HttpRequest, scope: str) -> HttpResponse | None:
    """Count the request under `scope`; the "Too many tries" page (429, Retry-After) when the
    rate's attempts are already in, else None."""
    wait = throttle_hit(request=request, scope=scope)
    if wait is None:
        return None
    minutes = max(1, round(wait / 60))
    response = render(request, "signup/throttled.html", {"minutes": minutes}, status=429)
    response["Retry-After"] = str(int(wait))
    return response
