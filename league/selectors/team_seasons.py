"""The season a team follows, for every game: its pages, its calendar feed, My teams and the
rules it plays by between matches follow its league season; the tournaments it plays
besides (a cup) are listed apart. A team in no league season, a cup's guest team, follows
its newest tournament. Archived seasons are over: nobody follows them."""

from __future__ import annotations

from collections import defaultdict
from collections.abc import Collection, Iterable
from dataclasses import dataclass

from django.db.models import Case, F, OrderBy, Value, When

from league.models import Season, StandingRow


@dataclass(frozen=True)
class TeamSeasons:
    followed: Season | None  # its newest league season not archived (else tournament)
    tournaments: tuple[Season, ...]  # the others not archived, oldest first


def team_seasons_split(seasons: Iterable[Season]) -> TeamSeasons:
    """A team's `seasons` (in any order) as its pages follow them."""
    live = sorted(
        (s for s in seasons if s.status != Season.Status.ARCHIVED),
        key=lambda season: (season.created_at, season.pk),
        reverse=True,
    )
    followed = next((s for s in live if s.format == Season.Format.LEAGUE), None)
    if followed is None and live:
        followed = live[0]
    tournaments = [s for s in live if s.format == Season.Format.TOURNAMENT and s != followed]
    return TeamSeasons(followed, tuple(reversed(tournaments)))


def teams_seasons(ids: Collection[int], *, related: Collection[str] = ()) -> dict[int, TeamSeasons]:
    """Each of the teams `ids`' seasons as its pages follow them (a team in none is left
    out), with the game's `related` rows of each season (e.g. its settings) and its league
    loaded. One query."""
    rows = (
        StandingRow.objects.filter(team_id__in=ids)
        .exclude(season__status=Season.Status.ARCHIVED)
        .select_related("season__league", *(f"season__{name}" for name in related))
    )
    seasons: dict[int, list[Season]] = defaultdict(list)
    for row in rows:
        seasons[row.team_id].append(row.season)
    return {team: team_seasons_split(found) for team, found in seasons.items()}


def followed_first(prefix: str = "") -> tuple[OrderBy, OrderBy]:
    """An ``order_by`` of seasons (reached through `prefix`, e.g. ``"season__"``) that puts
    the one a team follows first among its seasons not archived: league seasons before
    tournaments, the newest first."""
    tournament = Case(
        When(**{f"{prefix}format": Season.Format.LEAGUE}, then=Value(0)), default=Value(1)
    )
    return tournament.asc(), F(f"{prefix}created_at").desc()
