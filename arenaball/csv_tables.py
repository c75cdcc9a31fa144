"""Arenaball's part of the CSV export and import (docs/data.md, "CSV"): kills in the
standings (A-L1), the characters with their season's points, and past results recorded
through the game's report service (arenaball/services/reports.py)."""

from __future__ import annotations

from collections.abc import Mapping

from django.db.models import Count, Sum

from arenaball.models import Character, CharacterGame
from arenaball.report_input import GoalData, ReportData
from arenaball.services import report_record
from league.access import Actor
from league.errors import DomainError
from league.models import Fixture, Result, Season, Team
from league.rulesets import CsvColumns, CsvTable
from league.selectors.standings import standings_counts
from rules.arenaball import Plate


def csv_standings_columns(*, season: Season) -> CsvColumns:
    """``kills``: the cars each team killed in the season's table games (A-L1's tie-breaker),
    as the table counts them."""
    counts = standings_counts(season=season)
    teams = season.standings.values_list("team_id", flat=True)
    return CsvColumns(
        heads=tuple(column.key for column in counts.columns),
        values={team: tuple(counts.of(team).values()) for team in teams},
    )


def csv_players(*, season: Season) -> CsvTable:
    """One row per character who played for or is on a team of the season (A-P1): his
    games, driver and gunner points, prestige, kills and goals this season, and his state."""
    heads = (
        "team",
        "character",
        "state",
        "games",
        "driver_points",
        "gunner_points",
        "prestige",
        "kills",
        "goals",
    )
    totals = {
        row["character_id"]: row
        for row in CharacterGame.objects.filter(fixture__round__season=season)
        .values("character_id")
        .annotate(
            games=Count("id"),
            driver_total=Sum("driver"),
            gunner_total=Sum("gunner"),
            prestige_total=Sum("prestige"),
            kills_total=Sum("kills"),
            goals_total=Sum("goals"),
        )
    }
    characters = (
        Character.objects.filter(team__standings__season=season)
        .select_related("team")
        .order_by("team__name", "name")
    )
    rows = []
    for character in characters:
        own = totals.get(character.pk, {})
        rows.append(
            (
                character.team.name,
                character.name,
                character.state,
                own.get("games", 0),
                own.get("driver_total") or 0,
                own.get("gunner_total") or 0,
                own.get("prestige_total") or 0,
                own.get("kills_total") or 0,
                own.get("goals_total") or 0,
            )
        )
    return CsvTable(heads=heads, rows=rows)


#: A-G4 and A-G5 in a row: each side's two pits cars ("4 5") and its goals by scorer and
#: plate ("Ann Diaz:centre; Bo Lee:outer", A-G1).
RESULT_COLUMNS = ("home_pits", "away_pits", "home_goals", "away_goals")


def csv_result_record(
    *,
    fixture: Fixture,
    home_score: int,
    away_score: int,
    overtime: bool,
    cells: Mapping[str, str],
    actor: Actor,
) -> Result:
    """A past game through Arenaball's report service (A-G5): its pits and goals from the
    row's own columns, checked as any report (a score alone is refused by A-G5 by name)."""
    goals: list[GoalData] = []
    pits: dict[str, tuple[str, ...] | None] = {}
    for side, team in (("home", fixture.home_team), ("away", fixture.away_team)):
        text = cells.get(f"{side}_pits", "").replace(",", " ").split()
        pits[side] = tuple(text) if text else None
        goals.extend(_goals(cells.get(f"{side}_goals", ""), team=team, column=f"{side}_goals"))
    data = ReportData(
        home_score=home_score, away_score=away_score, goals=tuple(goals),
        home_pits=pits["home"], away_pits=pits["away"],
    )  # fmt: skip
    return report_record(fixture=fixture, data=data, actor=actor)


def _goals(text: str, *, team: Team, column: str) -> list[GoalData]:
    if not text.strip():
        return []
    roster = {
        c.name.casefold(): c
        for c in Character.objects.filter(team=team, state=Character.State.ACTIVE)
    }
    goals = []
    for part in text.split(";"):
        name, _, plate = part.strip().rpartition(":")
        scorer = roster.get(name.strip().casefold())
        if scorer is None:
            raise DomainError(f"{team} has no character “{name.strip()}”.", field=column)
        if plate.strip().lower() not in {p.value for p in Plate}:
            raise DomainError(
                f"“{part.strip()}”: write a goal as “Name:centre” or “Name:outer” (A-G1).",
                field=column,
            )
        goals.append(GoalData(team=team.pk, scorer=scorer.pk, plate=plate.strip().lower()))
    return goals
