"""Magic Number Eleven's part of the CSV import (docs/data.md, "CSV"): past results recorded
through the game's report service (mn11/reports.py), checked by E-R1."""

from __future__ import annotations

from collections.abc import Mapping

from league.access import Actor
from league.models import Fixture, Result
from mn11.report_input import ReportData
from mn11.reports import report_record


def csv_result_record(
    *,
    fixture: Fixture,
    home_score: int,
    away_score: int,
    overtime: bool,
    cells: Mapping[str, str],
    actor: Actor,
) -> Result:
    """A past result by the score; a level game needs its shootout (E-L1), which a CSV
    row does not carry, so the game's check refuses it by name."""
    return report_record(
        fixture=fixture, data=ReportData(home_score=home_score, away_score=away_score),
        actor=actor,
    )  # fmt: skip
