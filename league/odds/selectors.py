"""Reads of the power ranking and the odds, for the pages and the API (docs/odds.md)."""

from __future__ import annotations

from dataclasses import dataclass
from typing import Any

from django.db.models import Count, Subquery
from django.db.models.functions import Coalesce

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
    return _ranks(list(TeamRating.objects.filter(season=season).order_by("-rating", "team_id")))


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
    has a rating in), with its power rank now (1 + the teams rated higher); None before
    its first rated game. One query given the season."""
    if season is None:
        latest = (
            TeamRating.objects.filter(team=team, games__gt=0)
            .select_related("season__league")
            .order_by("-season__created_at")
            .first()
        )
        if latest is None:
            return None
        season = latest.season
    own = TeamRating.objects.filter(season=season, team=team)
    higher = (
        TeamRating.objects.filter(
            season=season, games__gt=0, rating__gt=Subquery(own.values("rating")[:1])
        )
        .values("season")
        .annotate(count=Count("pk"))
        .values("count")
    )
    changes = list(
        RatingChange.objects.filter(season=season, team=team)
        .annotate(
            higher=Coalesce(Subquery(higher), 0),
            now=Subquery(own.values("rating")[:1]),
            games=Subquery(own.values("games")[:1]),
        )
        .order_by("sequence")
    )
    if not changes:
        return None
    last = changes[-1]
    return RatingHistory(
        season=season,
        team=team,
        points=tuple(RatingPoint(c.sequence, c.after, c.fixture_id) for c in changes),
        rank=PowerRank(last.higher + 1, last.now, last.games),
    )


@dataclass(frozen=True)
class StandingsOdds:
    """What the standings page shows of the odds: the latest run and its figures."""

    run: OddsRun | None
    figures: list[TeamOdds]
    #: Whether the season's playoffs can be played (enough teams): its column shows then.
    playoffs: bool


def playoffs_possible(*, season: Season, teams: int) -> bool:
    """A season plays its playoffs when it has them and enough teams for them."""
    return 2 <= season.playoff_teams <= teams


def odds_decided(*, season: Season) -> bool:
    """Whether `season`'s title is decided (its champion named, or the season finished):
    its odds are then no longer shown, for every game. No query."""
    finished = (Season.Status.FINISHED, Season.Status.ARCHIVED)
    return season.champion_id is not None or season.status in finished


def standings_odds(*, season: Season, rows: list[Any]) -> StandingsOdds | None:
    """The odds and power ranking for the standings of `season`, set on each of its
    standings `rows` (``row.odds``: its TeamOdds or None, ``row.power``: its PowerRank or
    None before its first rated game); None for a tournament (its groups have no odds) and
    once the title is decided (odds_decided). One query: the ratings with their latest
    figures and run."""
    if season.is_tournament or odds_decided(season=season):
        return None
    ratings = list(
        TeamRating.objects.filter(season=season)
        .select_related("latest_odds__run", "latest_odds__team")
        .order_by("-rating", "team_id")
    )
    latest = [r.latest_odds for r in ratings if r.latest_odds is not None]
    run = max((figure.run for figure in latest), key=lambda run: run.pk, default=None)
    figures = sorted(
        (figure for figure in latest if run is not None and figure.run_id == run.pk),
        key=lambda f: (-f.title, -f.playoffs, -f.mean_points, f.team.name),
    )
    by_team = {figure.team_id: figure for figure in figures}
    powers = _ranks(ratings)
    for row in rows:
        row.odds = by_team.get(row.team_id)
        row.power = powers.get(row.team_id)
    playoffs = playoffs_possible(season=season, teams=len(rows))
    return StandingsOdds(run=run, figures=figures, playoffs=playoffs)


def _ranks(ratings: list[TeamRating]) -> dict[int, PowerRank]:
    """Power ranks of the rated teams (a team with no rated game has none), highest first."""
    rated = [row for row in ratings if row.games]
    return {row.team_id: PowerRank(i + 1, row.rating, row.games) for i, row in enumerate(rated)}
