"""Season leaders and a player's own page: his games, totals and progression, and the
page's content (his rolls, progression chart and game log), cached for the visitors who
manage nothing there under the league's page version: every row it shows bumps the version
when written (league/page_versions.py; migrations rosters 0007, injuries 0003, games 0007).
A coach's or commissioner's page (its links to his actions) is rendered each time."""

from __future__ import annotations

from collections import defaultdict
from dataclasses import dataclass
from typing import Any

from django.contrib.auth.models import AnonymousUser, User
from django.core.cache import cache
from django.template.loader import render_to_string
from django.utils.safestring import SafeString, mark_safe

from games.models import Appearance
from league.models import Season
from league.page_versions import page_version
from league.selectors.fixtures import with_round_labels
from league.selectors.leagues import league_visible_to
from rosters.models import Player, PlayerSeason, PlayerSeasonStat
from rules.magnoball.settings import RuleSettings
from rules.magnoball.vocabulary import (
    StatCategory,
)

from .roster import team_current_season, team_roster


def season_leaders(
    *, season: Season, category: StatCategory, limit: int = 10
) -> list[PlayerSeasonStat]:
    """The players with the most successes in `category` this season. One query."""
    return list(
        PlayerSeasonStat.objects.filter(season=season, category=category, successes__gt=0)
        .select_related("player__team")
        .order_by("-successes", "attempts", "player__name")[:limit]
    )


def season_points_leaders(*, season: Season, limit: int = 10) -> list[PlayerSeason]:
    return list(
        PlayerSeason.objects.filter(season=season, points__gt=0)
        .select_related("player__team")
        .order_by("-points", "games_played", "player__name")[:limit]
    )


def player_for_page(*, player_id: int, user: User | AnonymousUser) -> Player:
    """A player with his team and league, if the league is visible to `user`
    (Player.DoesNotExist otherwise). One query, two for a private league."""
    player = Player.objects.select_related("team__league").get(pk=player_id)
    if not league_visible_to(user=user, league=player.team.league):
        raise Player.DoesNotExist
    return player


def player_games(*, player: Player) -> list[dict[str, Any]]:
    """The player's matches in order, with his points and successes per category, for the
    progression chart and the game log. Two queries, three with knockout games."""
    appearances = list(
        Appearance.objects.filter(player=player)
        .select_related(
            "result__fixture__round__season",
            "result__fixture__home_team",
            "result__fixture__away_team",
        )
        .prefetch_related("stat_lines")
        .order_by("result__fixture__round__season__created_at", "result__fixture__round__number")
    )
    games = []
    with_round_labels([a.result.fixture for a in appearances])  # "Final" without a query each
    for a in appearances:
        fixture = a.result.fixture
        games.append(
            {
                "fixture": fixture,
                "result": a.result,
                "points": a.points,
                "stats": {s.category: (s.attempts, s.successes) for s in a.stat_lines.all()},
            }
        )
    return games


@dataclass(frozen=True)
class TotalsLine:
    """A player's games, points and (successes, attempts) per category (M-P7) over one
    season (`season` set) or his whole career."""

    season: Season | None
    games: int
    points: int
    stats: list[tuple[int, int]]  # in StatCategory order


def player_totals(*, player: Player) -> tuple[list[TotalsLine], TotalsLine]:
    """The player's season totals, oldest first, and his career totals: the rows the result
    service keeps (PlayerSeason, PlayerSeasonStat), as the API's player profile reads them.
    Two queries."""
    stats: dict[int, dict[str, tuple[int, int]]] = defaultdict(dict)
    for stat in PlayerSeasonStat.objects.filter(player=player):
        stats[stat.season_id][stat.category] = (stat.successes, stat.attempts)
    lines = [
        TotalsLine(
            row.season,
            row.games_played,
            row.points,
            [stats[row.season_id].get(c.value, (0, 0)) for c in StatCategory],
        )
        for row in PlayerSeason.objects.filter(player=player)
        .select_related("season__league")
        .order_by("season__created_at")
    ]
    career = TotalsLine(
        None,
        sum(line.games for line in lines),
        sum(line.points for line in lines),
        [
            (sum(line.stats[i][0] for line in lines), sum(line.stats[i][1] for line in lines))
            for i in range(len(StatCategory))
        ],
    )
    return lines, career


def player_progression(
    *, player: Player, games: list[dict[str, Any]], settings: RuleSettings
) -> dict[str, Any]:
    """Cumulative successes per category after each game, with the stat-level thresholds
    (M-P7) and the games needed for the next status (M-P5), as chart data."""
    totals: dict[str, int] = defaultdict(int)
    series: dict[str, list[int]] = {c.value: [] for c in StatCategory}
    labels = []
    for number, game in enumerate(games, start=1):
        labels.append(f"G{number}")
        for category, (_attempts, successes) in game["stats"].items():
            totals[category] += successes
        for category in StatCategory:
            series[category.value].append(totals[category.value])
    return {
        "labels": labels,
        "series": [
            {"label": c.label, "data": series[c.value]}
            for c in StatCategory
            if any(series[c.value])
        ],
        "thresholds": [
            {"label": "Level 1", "value": settings.stat_level_1},
            {"label": "Level 2", "value": settings.stat_level_2},
        ],
        "mode": settings.progression_mode.value,
    }


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
