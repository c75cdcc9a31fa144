"""Server-rendered pages. Each view parses the request, calls a selector and renders."""

from __future__ import annotations

from django.http import Http404, HttpRequest, HttpResponse
from django.shortcuts import render

from league import selectors
from league.models import League


def home(request: HttpRequest) -> HttpResponse:
    """The leagues the user may see, each current season with its status and standings."""
    leagues = selectors.league_list_with_standings(user=request.user)
    return render(request, "league/home.html", {"leagues": leagues})


def league_page(request: HttpRequest, slug: str) -> HttpResponse:
    """A league: its description, seasons (newest first) and teams."""
    try:
        league = selectors.league_for_user(user=request.user, slug=slug)
    except League.DoesNotExist as missing:
        raise Http404("No such league, or it is private.") from missing
    return render(
        request,
        "league/league.html",
        {
            "league": league,
            "seasons": list(selectors.league_seasons(league=league)),
            "teams": list(league.teams.order_by("name")),
        },
    )
