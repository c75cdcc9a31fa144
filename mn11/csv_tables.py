"""Magic Number Eleven's part of the CSV export and import (docs/data.md, "CSV"): the Star
Players each team signed (E-S2) with their season's goals and send-offs (E-R1, E-D3), and
past results recorded through the game's report service (mn11/reports.py), checked by E-R1."""

from __future__ import annotations

from collections import Counter
from collections.abc import Mapping

from league.access import Actor
from league.models import Fixture, Result, Season
from league.rulesets import CsvTable
from mn11.draft import team_stars
from mn11.models import ReportEvent
from mn11.report_input import ReportData
from mn11.reports import report_record


def csv_players(*, season: Season) -> CsvTable:
    """One row per Star Player card a team of the season signed, in pick order (E-S2), with
    the goals it scored and the times it was sent off this season."""
    events = ReportEvent.objects.filter(
        report__result__fixture__round__season=season,
        kind__in=(ReportEvent.Kind.GOAL, ReportEvent.Kind.SEND_OFF),
    ).values_list(
        "kind",
        "side",
        "card",
        "report__result__fixture__home_team_id",
        "report__result__fixture__away_team_id",
    )
    counts: Counter[tuple[str, int, str]] = Counter()
    for kind, side, card, home_id, away_id in events:
        counts[kind, home_id if side == "home" else away_id, card] += 1
    rows = []
    for row in season.standings.select_related("team").order_by("team__name"):
        for pick, star in enumerate(team_stars(team=row.team, season=season), start=1):
            rows.append(
                (
                    row.team.name,
                    star.name,
                    star.key,
                    pick,
                    counts[ReportEvent.Kind.GOAL, row.team_id, star.key],
                    counts[ReportEvent.Kind.SEND_OFF, row.team_id, star.key],
                )
            )
    return CsvTable(heads=("team", "star_player", "card", "pick", "goals", "sent_off"), rows=rows)


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
        fixture=fixture,
        data=ReportData(home_score=home_score, away_score=away_score),
        actor=actor,
    )
