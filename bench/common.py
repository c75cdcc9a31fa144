"""What the benchmarks share: a league built through the services, and the database URL a
subprocess (gunicorn, a Celery worker) needs to reach the bench's throwaway database."""

from __future__ import annotations

from typing import Any


def database_url(settings_dict: dict[str, Any]) -> str:
    password = f":{settings_dict['PASSWORD']}" if settings_dict["PASSWORD"] else ""
    port = settings_dict["PORT"] or 5432
    return (
        f"postgres://{settings_dict['USER']}{password}@{settings_dict['HOST']}:{port}/"
        f"{settings_dict['NAME']}"
    )


def build_season(
    name: str, teams: int, *, commissioner: Any = None, enhancements: bool = True
) -> Any:
    """A league with `teams` teams, its double round robin scheduled, the season active and
    every round open: all fixtures ready (without enhancements, no inspection waits)."""
    from games.matchday import round_open
    from league.models import Round, Season
    from league.services import (
        league_create,
        season_create,
        season_generate_schedule,
        season_transition,
    )
    from rosters.services import team_create

    commissioners = [commissioner] if commissioner is not None else []
    league = league_create(name=name, actor=None, commissioners=commissioners)
    season = season_create(league=league, name="Bench", actor=None, double_round_robin=True)
    if not enhancements:
        season.rules.enhancements = False
        season.rules.save(update_fields=["enhancements"])
    for number in range(1, teams + 1):
        team_create(
            season=season, name=f"{name} Team {number:02}", short_name=f"T{number:02}", actor=None
        )
    season_generate_schedule(season=season, actor=None, seed=1)
    season_transition(season=season, to=Season.Status.ACTIVE, actor=None)
    for round_ in Round.objects.filter(season=season).order_by("number"):
        round_open(round_=round_, actor=None)
    return season


def goal(label: str, measured: float, target: float, unit: str, *, at_least: bool = False) -> bool:
    """Print one goal of issue #16 with its measure and whether it is met; returns that."""
    met = measured >= target if at_least else measured <= target
    sign = "≥" if at_least else "≤"
    verdict = "met" if met else "NOT met"
    print(f"  goal {label}: {sign} {target:g} {unit}; measured {measured:.1f} {unit}: {verdict}")
    return met
