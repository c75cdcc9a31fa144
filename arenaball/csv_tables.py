"""Arenaball's part of the CSV export and import (docs/data.md, "CSV"): kills in the
standings (A-L1), the characters with their season's points, and past results recorded
through the game's report service (arenaball/reports.py)."""

from __future__ import annotations

from collections import defaultdict
from collections.abc import Mapping

from django.db.models import Count, Sum

from arenaball.models import Character, CharacterGame
from arenaball.report_input import ReportData
from arenaball.reports import report_record
from league.access import Actor
from league.models import Fixture, Result, Season
from league.rulesets import CsvColumns, CsvTable, GameCounts


def csv_standings_columns(*, counts: dict[int, GameCounts], season: Season) -> CsvColumns:
    """``kills``: the cars each team killed this season (A-L1's tie-breaker)."""
    sides = dict(Fixture.objects.filter(pk__in=counts).values_list("pk", "home_team_id"))
    aways = dict(Fixture.objects.filter(pk__in=counts).values_list("pk", "away_team_id"))
    kills: dict[int, int] = defaultdict(int)
    for fixture_id, (home, away) in counts.items():
        kills[sides[fixture_id]] += dict(home).get("kills", 0)
        kills[aways[fixture_id]] += dict(away).get("kills", 0)
    teams = season.standings.values_list("team_id", flat=True)
    return CsvColumns(heads=("kills",), values={team: (kills[team],) for team in teams})


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


def csv_result_record(
    *,
    fixture: Fixture,
    home_score: int,
    away_score: int,
    overtime: bool,
    cells: Mapping[str, str],
    actor: Actor,
) -> Result:
    """A past result by the score, checked and stored as a report would be (A-G5)."""
    return report_record(
        fixture=fixture,
        data=ReportData(home_score=home_score, away_score=away_score),
        actor=actor,
    )
