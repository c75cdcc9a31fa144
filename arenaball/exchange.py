"""Arenaball's tables in the league's JSON document (docs/data.md): the season settings,
the parts catalogue, each team's designs, fittings, crew and cars, the pits chosen, and each
result's report (goals, kills, casualties, substitutions) with every character's game log."""

from __future__ import annotations

from typing import Any

from arenaball.models import (
    Car,
    Character,
    CharacterGame,
    Design,
    Fitting,
    Part,
    Pits,
    Report,
    ReportCasualty,
    ReportGoal,
    ReportKill,
    ReportSubstitution,
    SeasonSettings,
)
from league.exchange.tables import Remap, Table
from league.models import Team


def _lineups(value: Any, remap: Remap) -> dict[str, Any]:
    """A report's line-ups as they took the field (arenaball.selectors.lineup_snapshot): the
    team and each car's crew are rows of the document."""
    out: dict[str, Any] = {}
    for side, snapshot in value.items():
        out[side] = {
            **snapshot,
            "team": remap(Team, snapshot["team"]),
            "cars": [
                {
                    **car,
                    "driver": remap(Character, car["driver"]),
                    "gunner": remap(Character, car["gunner"]),
                }
                for car in snapshot["cars"]
            ],
        }
    return out


ARENABALL_TABLES: tuple[Table, ...] = (
    Table(
        "season_settings",
        SeasonSettings,
        lambda lg: SeasonSettings.objects.filter(season__league=lg),
    ),
    Table("parts", Part, lambda lg: Part.objects.filter(league=lg)),
    Table(
        "designs",
        Design,
        lambda lg: Design.objects.filter(team__league=lg),
        # Computed from the catalogue since issue #45: an older file's declared totals.
        retired=frozenset({"cost", "weight", "spaces"}),
    ),
    Table("fittings", Fitting, lambda lg: Fitting.objects.filter(design__team__league=lg)),
    Table("characters", Character, lambda lg: Character.objects.filter(team__league=lg)),
    Table("cars", Car, lambda lg: Car.objects.filter(team__league=lg)),
    Table("pits", Pits, lambda lg: Pits.objects.filter(fixture__round__season__league=lg)),
    Table(
        "reports",
        Report,
        lambda lg: Report.objects.filter(result__fixture__round__season__league=lg),
        id_json={"lineups": _lineups},
    ),
    Table(
        "report_goals",
        ReportGoal,
        lambda lg: ReportGoal.objects.filter(report__result__fixture__round__season__league=lg),
    ),
    Table(
        "report_kills",
        ReportKill,
        lambda lg: ReportKill.objects.filter(report__result__fixture__round__season__league=lg),
    ),
    Table(
        "report_casualties",
        ReportCasualty,
        lambda lg: ReportCasualty.objects.filter(report__result__fixture__round__season__league=lg),
    ),
    Table(
        "report_substitutions",
        ReportSubstitution,
        lambda lg: ReportSubstitution.objects.filter(
            report__result__fixture__round__season__league=lg
        ),
    ),
    Table(
        "character_games",
        CharacterGame,
        lambda lg: CharacterGame.objects.filter(fixture__round__season__league=lg),
    ),
)
