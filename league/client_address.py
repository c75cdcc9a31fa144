"""The address of the client a request came from, for throttles and lockouts.

``X-Forwarded-For`` is whatever the client chose to send, unless a proxy we trust wrote it.
``TRUSTED_PROXY_COUNT`` (default 0: the service faces clients directly) says how many
proxies stand in front of the service; each appends the address it saw, so the client's is
the one that many places from the end. With no proxy configured the header is ignored.
"""

from __future__ import annotations

from django.conf import settings
from django.http import HttpRequest


def client_address(request: HttpRequest) -> str:
    remote = str(request.META.get("REMOTE_ADDR", ""))
    proxies: int = getattr(settings, "TRUSTED_PROXY_COUNT", 0)
    forwarded = str(request.META.get("HTTP_X_FORWARDED_FOR", ""))
    if proxies <= 0 or not forwarded:
        return remote
    hops = [hop.strip() for hop in forwarded.split(",") if hop.strip()]
    if not hops:
        return remote
    # The nearest proxy is REMOTE_ADDR; the client is `proxies` hops back in the header.
    return hops[-min(proxies, len(hops))]
