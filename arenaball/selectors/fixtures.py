"""A fixture's pits and report, as the API shows them (A-G4, A-G5); a team's line-up as it
takes the field now, and a result with its report as the audit log and the API show them."""

from __future__ import annotations

from collections.abc import Sequence
from typing import Any

from arenaball.models import (
    Car,
    Pits,
    Report,
)
from league.models import Fixture, Result, Team
from rules import arenaball as rules


def fixture_pits(*, fixture: Fixture) -> list[Pits]:
    """A-G4: the pits each team's coach chose for `fixture`, home team first."""
    pits = Pits.objects.filter(fixture=fixture).select_related("chosen_by")
    return sorted(pits, key=lambda row: row.team_id != fixture.home_team_id)


def fixture_report(*, fixture: Fixture) -> Report | None:
    """A-G5: the played `fixture`'s report with its goals, kills, casualties and
    substitutions (None before the result, or for a result with no report)."""
    return (
        Report.objects.filter(result__fixture=fixture)
        .select_related("result__reported_by", "winner")
        .prefetch_related("goals", "kills", "casualties", "substitutions")
        .first()
    )


def lineup_snapshot(
    *,
    fixture: Fixture,
    team: Team,
    pits: Sequence[str] | None,
    peds: Sequence[int] | None = None,
) -> dict[str, Any]:
    """`team`'s line-up for `fixture` as it takes the field now: its cars with their designs
    and crews, the pits given (else those its coach chose, else none) and its peds on roller
    skates (the seed's variant; character ids, none unless given)."""
    if pits is None:
        chosen = Pits.objects.filter(fixture=fixture, team=team).first()
        pits = chosen.slots if chosen else []
    cars = Car.objects.filter(team=team).select_related("design")
    return {
        "team": team.pk,
        "pits": sorted(pits),
        "peds": list(peds or ()),
        "cars": [
            {
                "slot": car.slot,
                "design": car.design.name,
                "role": car.design.role,
                "gunners": car.design.gunners,
                "driver": car.driver_id,
                "gunner": car.gunner_id,
            }
            for car in sorted(cars, key=lambda car: rules.CAR_SLOTS.index(car.slot))
        ],
    }


def report_state(result: Result) -> dict[str, Any]:
    """The result and its report as the audit log and the API show them (ids)."""
    report = Report.objects.filter(result=result).first()
    state: dict[str, Any] = {"home_score": result.home_score, "away_score": result.away_score}
    if report is None:
        return state
    return {
        **state,
        "time_limit": report.time_limit,
        "winner": report.winner_id,
        "goals": [[g.team_id, g.scorer_id, g.plate, g.ball] for g in report.goals.all()],
        "kills": [
            [k.victim_team_id, k.victim_car, k.killer_team_id, k.killer_car, k.killer_id, k.how]
            for k in report.kills.all()
        ],
        "casualties": [[c.team_id, c.character_id, c.state] for c in report.casualties.all()],
        "substitutions": [[s.team_id, s.on, s.off, s.because] for s in report.substitutions.all()],
        "pits": {side: lineup.get("pits", []) for side, lineup in report.lineups.items()},
        "peds": {side: lineup.get("peds", []) for side, lineup in report.lineups.items()},
    }
