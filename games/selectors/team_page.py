"""A MagnoBall team page's content, cached for the visitors who manage nothing there.

Its roster, injuries, fixtures and results come from rows whose every write bumps the
league's page version in the writing transaction (league/page_versions.py; the rosters
and injuries tables by their migrations rosters 0007 and injuries 0003), so a copy keyed by
the version is never stale. What differs by visitor is not cached: a coach's or
commissioner's page (its controls and their CSRF tokens) and a page highlighting a change
are rendered each time, and so is any address with a query but a known ``sort``."""

from __future__ import annotations

from collections.abc import Callable
from typing import Any

from django.core.cache import cache
from django.http import HttpRequest
from django.template.loader import render_to_string
from django.utils.safestring import SafeString, mark_safe

from league.models import Team
from league.page_versions import page_version
from league.selectors.fixtures import team_fixtures
from league.selectors.team_seasons import team_seasons_split

from .roster import RosterRow, team_roster, team_season_history

#: Evicts copies nobody asks for any more; never what makes a page current.
KEEP_SECONDS = 24 * 3600


def _key(request: HttpRequest, team: Team, sort: str, sorts: dict[str, Any]) -> str | None:
    """The cache key of this visit's page, or None when it is not to be cached."""
    query = request.GET
    if set(query) - {"sort"} or (query and query.get("sort") not in sorts):
        return None
    coach = team.coach.get_username() if team.coach else ""
    version = page_version(league_id=team.league_id)
    if version is None:
        return None
    return f"team-body:{team.pk}:{team.created_at.timestamp()}:{sort}:{coach}:{version}"


def team_body(
    *,
    request: HttpRequest,
    team: Team,
    sort: str,
    sorts: dict[str, Callable[[RosterRow], Any]],
    can_manage: bool,
    changed_player: int | None,
) -> SafeString:
    """The page's content: its roster (each string sorted by `sort`, one of `sorts`),
    legend and fixtures. One query when cached for this visitor (the version)."""
    key = None if can_manage or changed_player is not None else _key(request, team, sort, sorts)
    if key is not None and (cached := cache.get(key)) is not None:
        return mark_safe(str(cached))
    # Every season of the team at once: the current one and its titles (team_story).
    seasons = team_season_history(team=team)
    # The league season it follows; the cups it plays besides are listed apart.
    followed = team_seasons_split(seasons)
    roster = team_roster(team=team, season=followed.followed)
    if sort in sorts:
        for group in (roster.first, roster.second, roster.reserves):
            group.sort(key=sorts[sort])
    season = roster.season
    html = render_to_string(
        "games/includes/team_body.html",
        {
            "team": team,
            "roster": roster,
            "season": season,
            "sort": sort,
            "changed_player": changed_player,
            "can_manage": can_manage,
            "fixtures": team_fixtures(season=season, team=team) if season else [],
            "titles": [s for s in seasons if s.champion_id == team.pk],
            "tournaments": followed.tournaments,
            "seasons": seasons,  # its awards (league/honours), only once one is finished
        },
        request=request,
    )
    if key is not None:
        cache.set(key, str(html), KEEP_SECONDS)
    return mark_safe(html)
