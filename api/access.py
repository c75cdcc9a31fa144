"""Fetch an object for the API user: 404 unless its league is visible to them (public, or
theirs), then 403 unless they may act on it. The services check rights again under their
locks; these give the answers in the right order (not found, then bad input, then
forbidden) and keep private leagues unseen. Each game's API fetches its own objects by
these rules (its own ``api/access.py``)."""

from __future__ import annotations

from typing import Any, TypeVar

from django.contrib.auth.models import AnonymousUser, User
from django.db.models import Model, QuerySet
from django.http import Http404
from django.urls import reverse

from league.models import League
from league.selectors.leagues import league_visible_q

ApiUser = User | AnonymousUser
M = TypeVar("M", bound=Model)


def visible_league_ids(*, user: ApiUser) -> QuerySet[League, Any]:
    """The ids of the leagues `user` may read, as a subquery (no duplicate rows)."""
    return League.objects.filter(league_visible_q(user=user)).values("pk")


def get_visible(queryset: QuerySet[M], *, league_path: str, user: ApiUser, pk: int) -> M:
    leagues = {f"{league_path}__in": visible_league_ids(user=user)}
    obj = queryset.filter(pk=pk, **leagues).first()
    if obj is None:
        raise Http404
    return obj


def other_game_message(
    *, name: object, league: League, game: str, noun: str, route: str = "", pk: int
) -> str:
    """Why `game`'s endpoint (its label) refuses `name`, a fixture or team (id `pk`) of
    `league`, which plays another game: `noun` says what is elsewhere ("its result goes"),
    `route` where, when that game has one (a URL name taking the id)."""
    where = f": see {reverse(route, args=[pk])}" if route else ""
    return f"{name} plays {league.get_ruleset_display()}, not {game}; {noun} elsewhere{where}."
