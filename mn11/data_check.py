"""The data check of Magic Number Eleven's stored reports (issue #46): each stored report
checked again by the rules a report is checked by when it is recorded
(mn11.selectors.report_faults: every card it names on that side's pitch, not suspended, not
sent off; goals by kind adding up; E-S1 … E-D5), so a report stored before a rule was
enforced, or changed by hand, is found. ``manage.py mn11_check_reports`` prints them."""

from __future__ import annotations

from collections.abc import Iterator
from dataclasses import dataclass

from league.models import Fixture, League
from mn11.errors import field_key
from mn11.models import Report
from mn11.report_input import report_data_of
from mn11.selectors import report_faults
from rules import mn11 as rules


@dataclass(frozen=True)
class StoredReportFaults:
    """A stored report (by its fixture) and every rule it breaks."""

    fixture: Fixture
    faults: list[rules.ReportError]

    def lines(self) -> Iterator[str]:
        season = self.fixture.round.season
        where = f"{season.league} · {season.name} · {self.fixture} (fixture {self.fixture.pk})"
        for fault in self.faults:
            yield f"{where}: {field_key(fault.field)}: {fault.message} ({fault.rule})"


def stored_reports_checked(*, league: League | None = None) -> Iterator[StoredReportFaults]:
    """Every stored report (of `league`, if given) in play order, each with the rules it
    breaks (an empty list: none)."""
    reports = Report.objects.filter(result__fixture__round__season__league__ruleset="mn11")
    if league is not None:
        reports = reports.filter(result__fixture__round__season__league=league)
    reports = (
        reports.select_related(
            "result__fixture__round__season__league",
            "result__fixture__home_team",
            "result__fixture__away_team",
        )
        .prefetch_related("events", "kicks")
        .order_by(
            "result__fixture__round__season__league__name",
            "result__fixture__round__season__created_at",
            "result__fixture__round__number",
            "result__fixture_id",
        )
    )
    for report in reports:
        fixture = report.result.fixture
        _, faults = report_faults(fixture=fixture, data=report_data_of(report))
        yield StoredReportFaults(fixture, faults)
