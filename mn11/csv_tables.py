"""Magic Number Eleven's part of the CSV export and import (docs/data.md, "CSV"): the Star
Players each team signed (E-S2) with their season's goals and send-offs (E-R1, E-D3), and
past results recorded through the game's report service (mn11/services/reports.py),
checked by E-R1."""

from __future__ import annotations

from collections import Counter
from collections.abc import Mapping

from league.access import Actor
from league.errors import DomainError
from league.models import Fixture, Result, Season
from league.rulesets import CsvTable
from mn11.models import ReportEvent
from mn11.report_input import report_data_parse
from mn11.selectors import team_stars
from mn11.services import report_record


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


#: E-R1 in a row: the Away set and both GK cards played (E-S1, E-S3), and the goals in
#: order as ``side:half:card[:kind]`` ("home:1:home-9; home:2:base-01:magic_number").
RESULT_COLUMNS = ("away_set", "gk_home", "gk_away", "goals")


def csv_result_record(
    *,
    fixture: Fixture,
    home_score: int,
    away_score: int,
    overtime: bool,
    cells: Mapping[str, str],
    actor: Actor,
) -> Result:
    """A past match through the game's report service, checked by E-R1: its Away set, GK
    cards and goals from the row's own columns. A level match needs its shootout (E-L1),
    which a row does not carry: the game's check refuses it by name."""
    raw: dict[str, object] = {
        "home_score": home_score,
        "away_score": away_score,
        "events": _goals(cells.get("goals", "")),
    }
    for column in ("away_set", "gk_home", "gk_away"):
        if cells.get(column):
            raw[column] = cells[column]
    data, errors = report_data_parse(raw)
    if errors:
        fields = {("goals" if name.startswith("events") else name): text
                  for name, text in errors.items()}  # fmt: skip
        raise DomainError(" ".join(fields.values()), code="invalid_report", fields=fields)
    return report_record(fixture=fixture, data=data, actor=actor)


def _goals(text: str) -> list[dict[str, object]]:
    goals: list[dict[str, object]] = []
    for part in filter(None, (p.strip() for p in text.split(";"))):
        bits = [bit.strip() for bit in part.split(":")]
        if len(bits) not in (3, 4) or not bits[1].isdigit():
            raise DomainError(
                f"“{part}”: write a goal as “home:1:card” (side, half, card, and its kind "
                "if not open play).",
                field="goals",
            )
        side, half, card = bits[:3]
        kind = bits[3] if len(bits) == 4 else "open_play"
        goals.append({"type": "goal", "side": side, "half": int(half), "card": card, "kind": kind})
    return goals
