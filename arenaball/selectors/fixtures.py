"""A fixture's pits and report, as the API shows them (A-G4, A-G5)."""

from __future__ import annotations

from arenaball.models import (
    Pits,
    Report,
)
from league.models import Fixture


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
