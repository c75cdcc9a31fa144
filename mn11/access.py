"""Fetch a Magic Number Eleven object for a page's user: not found unless its league plays
Magic Number Eleven and is visible to the user (the services check permissions again under
their locks)."""

from __future__ import annotations

from django.contrib.auth.models import AnonymousUser, User
from django.http import Http404

from league.models import Fixture, League, Season
from league.selectors.leagues import league_visible_q

AnyUser = User | AnonymousUser
KEY = "mn11"


def _visible(user: AnyUser) -> object:
    return League.objects.filter(league_visible_q(user=user), ruleset=KEY).values("pk")


def access_fixture(*, user: AnyUser, fixture_id: int) -> Fixture:
    fixture = (
        Fixture.objects.select_related("round__season__league", "home_team", "away_team")
        .filter(round__season__league__in=_visible(user), pk=fixture_id)
        .first()
    )
    if fixture is None:
        raise Http404("No such fixture, or its league is private.")
    return fixture


def access_season(*, user: AnyUser, season_id: int) -> Season:
    season = (
        Season.objects.select_related("league")
        .filter(league__in=_visible(user), pk=season_id)
        .first()
    )
    if season is None:
        raise Http404("No such season, or its league is private.")
    return season
