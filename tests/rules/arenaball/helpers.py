"""Two line-ups with the seed's designs, and a valid first-to-5 report between them."""

from __future__ import annotations

from dataclasses import replace
from typing import Any

from rules.arenaball import (
    GOALKEEPER,
    TRACK_CAR,
    Design,
    Goal,
    Kill,
    KillHow,
    LeftBecause,
    MatchLineup,
    MatchReport,
    Plate,
    Substitution,
    TeamCar,
)

DESIGNS: dict[str, Design] = {"track": TRACK_CAR, "gk": GOALKEEPER}


def cars(team: str) -> tuple[TeamCar, ...]:
    """Cars 1-5 on the shared track design, driven by ``<team>-d<n>``; the goalkeeper with
    driver ``<team>-dGK`` and gunner ``<team>-g``."""
    track = tuple(TeamCar(str(n), "track", driver=f"{team}-d{n}") for n in range(1, 6))
    return (*track, TeamCar("GK", "gk", driver=f"{team}-dGK", gunner=f"{team}-g"))


def roster(team: str) -> list[str]:
    return [who for car in cars(team) for who in car.crew().values()]


def lineup(team: str) -> MatchLineup:
    """Cars 4 and 5 start in the pits."""
    return MatchLineup(team, cars(team), frozenset({"4", "5"}))


HOME = lineup("red")
AWAY = lineup("green")


def report(**changes: Any) -> MatchReport:
    """Red wins 5-1: a centre goal, an outer goal for green, two outer goals; green's car 2
    is rammed to death by red's car 1 and green's car 4 comes on for it."""
    base = MatchReport(
        home="red",
        away="green",
        home_score=5,
        away_score=1,
        winner="red",
        goals=(
            Goal("red", "red-d1", Plate.CENTRE),
            Goal("green", "green-d3", Plate.OUTER),
            Goal("red", "red-d2", Plate.OUTER),
            Goal("red", "red-d1", Plate.OUTER),
        ),
        kills=(Kill("green", "2", "red", "1", "red-d1", KillHow.RAM),),
        substitutions=(Substitution("green", "4", "2", LeftBecause.KILLED),),
    )
    return replace(base, **changes)
