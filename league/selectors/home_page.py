"""The home page's content, cached for visitors who are not signed in (most of its readers)
under every league's page versions at once (league/page_versions.py: pages_version): any
write to a league, its seasons, teams or tables, a new league or a deleted one, changes the
key, so a copy is never served after what it shows has changed. A signed-in visitor's page
(his own leagues first, private ones among them) is rendered each time."""

from __future__ import annotations

from django.core.cache import cache
from django.http import HttpRequest
from django.template.loader import render_to_string
from django.utils.safestring import SafeString, mark_safe

from league.page_versions import pages_version
from league.selectors.home import home_leagues

#: Evicts copies nobody asks for any more; never what makes a page current.
KEEP_SECONDS = 24 * 3600


def home_body(*, request: HttpRequest) -> SafeString:
    """The page of league cards `?page=` asks for. One query when cached (the versions)."""
    number = request.GET.get("page") or "1"
    key = None
    if not request.user.is_authenticated and set(request.GET) <= {"page"}:
        version = pages_version()
        key = None if version is None else f"home-body:{number[:12]}:{version}"
    if key is not None and (cached := cache.get(key)) is not None:
        return mark_safe(str(cached))
    page, cards = home_leagues(user=request.user, page=number)
    html = render_to_string(
        "league/includes/home_body.html", {"page": page, "cards": cards}, request=request
    )
    if key is not None:
        cache.set(key, str(html), KEEP_SECONDS)
    return mark_safe(html)
