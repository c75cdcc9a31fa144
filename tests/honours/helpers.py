"""Hand-built seasons for the honours' tests: rows written directly, so each test states
exactly the games and figures its awards and records come from."""

from __future__ import annotations

from league.models import Fixture, League, Result, Round, Season, StandingRow, Team
from league.services.seasons import season_create


def season_of(league: League, name: str, teams: list[Team], *, status: str = "finished") -> Season:
    """A season of `league` with its game's settings (season_create), `teams` in its table and
    the status given."""
    season = season_create(league=league, name=name, actor=None)
    Season.objects.filter(pk=season.pk).update(status=status)
    season.refresh_from_db()
    for position, team in enumerate(teams, start=1):
        StandingRow.objects.create(season=season, team=team, position=position)
    return season


def played(
    season: Season,
    number: int,
    home: Team,
    away: Team,
    score: tuple[int, int],
    *,
    overtime: bool = False,
    stage: str = Round.Stage.REGULAR,
) -> Fixture:
    """A played fixture of round `number` (made if need be) with its result."""
    round_, _ = Round.objects.get_or_create(season=season, number=number, defaults={"stage": stage})
    fixture = Fixture.objects.create(
        round=round_, home_team=home, away_team=away, status=Fixture.Status.PLAYED
    )
    Result.objects.create(
        fixture=fixture,
        home_score=score[0],
        away_score=score[1],
        overtime=overtime,
        source="reported",
    )
    return fixture
