"""Reads of the power ranking and the odds, for the pages and the API (docs/odds.md)."""

from __future__ import annotations

from dataclasses import dataclass
from typing import Any

from league.models import Season, Team
from league.odds.models import OddsRun, RatingChange, TeamOdds, TeamRating


def odds_latest(*, season: Season) -> OddsRun | None:
    """The season's latest finished odds run, or None. One query."""
    return OddsRun.objects.filter(season=season, status=OddsRun.Status.DONE).order_by("-pk").first()


def odds_pending(*, season: Season) -> OddsRun | None:
    """An odds run of the season still being worked out, newer than the latest finished."""
    return (
        OddsRun.objects.filter(season=season, status__in=OddsRun.LIVE_STATUSES)
        .order_by("-pk")
        .first()
    )


def odds_figures(*, run: OddsRun) -> list[TeamOdds]:
    """The run's teams, best title chance first, with their team. One query."""
    return list(
        TeamOdds.objects.filter(run=run)
        .select_related("team")
        .order_by("-title", "-playoffs", "-mean_points", "team__name")
    )


@dataclass(frozen=True)
class PowerRank:
    rank: int
    rating: float
    games: int


def ratings_ranked(*, season: Season) -> dict[int, PowerRank]:
    """Each rated team's power rank (1 the highest rating) by team id. One query."""
    rows = TeamRating.objects.filter(season=season).order_by("-rating", "team_id")
    return {
        row.team_id: PowerRank(index + 1, row.rating, row.games)
        for index, row in enumerate(rows)
    }


@dataclass(frozen=True)
class RatingPoint:
    game: int
    rating: float
    fixture_id: int


@dataclass(frozen=True)
class RatingHistory:
    season: Season
    team: Team
    points: tuple[RatingPoint, ...]
    rank: PowerRank | None


def rating_history(*, team: Team, season: Season | None = None) -> RatingHistory | None:
    """The team's rating after each of its games in `season` (default: the latest season it
    has a rating in), with its power rank now; None before its first rated game."""
    if season is None:
        latest = (
            TeamRating.objects.filter(team=team)
            .select_related("season__league")
            .order_by("-season__created_at")
            .first()
        )
        if latest is None:
            return None
        season = latest.season
    changes = RatingChange.objects.filter(season=season, team=team).order_by("sequence")
    points = tuple(RatingPoint(c.sequence, c.after, c.fixture_id) for c in changes)
    if not points:
        return None
    return RatingHistory(
        season=season,
        team=team,
        points=points,
        rank=ratings_ranked(season=season).get(team.pk),
    )


@dataclass(frozen=True)
class StandingsOdds:
    """What the standings page shows of the odds: the latest run and its figures, a run
    still being worked out, and whether there is anything to show in the columns."""

    run: OddsRun | None
    pending: OddsRun | None
    figures: list[TeamOdds]


def standings_odds(*, season: Season, rows: list[Any]) -> StandingsOdds | None:
    """The odds and power ranking for the standings of `season`, set on each of its
    standings `rows` (``row.odds``: its TeamOdds or None, ``row.power``: its PowerRank or
    None); None for a tournament (its groups have no odds). Three queries."""
    if season.is_tournament:
        return None
    run = odds_latest(season=season)
    figures = odds_figures(run=run) if run is not None else []
    by_team = {figure.team_id: figure for figure in figures}
    powers = ratings_ranked(season=season)
    for row in rows:
        row.odds = by_team.get(row.team_id)
        row.power = powers.get(row.team_id)
    return StandingsOdds(
        run=run, pending=None if run else odds_pending(season=season), figures=figures
    )
