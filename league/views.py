"""Server-rendered pages. Each view parses the request, calls a selector and renders."""

from __future__ import annotations

from django.http import HttpRequest, HttpResponse
from django.shortcuts import render

from league import selectors


def home(request: HttpRequest) -> HttpResponse:
    """The leagues the user may see, each current season with its status and standings."""
    leagues = selectors.league_list_with_standings(user=request.user)
    return render(request, "league/home.html", {"leagues": leagues})
