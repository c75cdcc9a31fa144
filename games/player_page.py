"""A MagnoBall player's page content (his rolls, progression chart and game log), cached
for the visitors who manage nothing there under the league's page version: every row it
shows bumps the version when written (league/page_versions.py; migrations rosters 0007,
injuries 0003, games 0007). A coach's or commissioner's page (its links to his actions)
is rendered each time."""

from __future__ import annotations

from dataclasses import dataclass

from django.core.cache import cache
from django.template.loader import render_to_string
from django.utils.safestring import SafeString, mark_safe

from games.selectors import (
    player_games,
    player_progression,
    player_totals,
    team_current_season,
    team_roster,
)
from league.page_versions import page_version
from rosters.models import Player
from rules.magnoball.settings import RuleSettings

#: Evicts copies nobody asks for any more; never what makes a page current.
KEEP_SECONDS = 24 * 3600


@dataclass(frozen=True)
class PlayerBody:
    html: SafeString
    #: Whether it holds the progression chart (its page then loads Chart.js).
    chart: bool


def player_body(*, player: Player, can_manage: bool) -> PlayerBody:
    """The page's content. One query when cached (the version)."""
    key = None
    version = None if can_manage else page_version(league_id=player.team.league_id)
    if version is not None:
        key = f"player-body:{player.pk}:{player.team.created_at.timestamp()}:{version}"
        if (cached := cache.get(key)) is not None:
            return PlayerBody(mark_safe(str(cached[0])), bool(cached[1]))
    season = team_current_season(team=player.team)
    settings = season.rules.to_engine() if season else RuleSettings()
    games = player_games(player=player)
    # His line of the team's roster: the rolls, badges and progress as the roster shows them.
    row = next(
        (r for r in team_roster(team=player.team, season=season).rows if r.player.pk == player.pk),
        None,
    )
    chart = player_progression(player=player, games=games, settings=settings)
    html = render_to_string(
        "games/includes/player_body.html",
        {
            "player": player,
            "row": row,
            "season": season,
            "games": games,
            "chart": chart,
            "totals": player_totals(player=player),
            "can_manage": can_manage,
        },
    )
    shows_chart = bool(chart["labels"] and chart["series"])
    if key is not None:
        cache.set(key, (str(html), shows_chart), KEEP_SECONDS)
    return PlayerBody(mark_safe(html), shows_chart)
