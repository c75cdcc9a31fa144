"""MagnoBall's tables in the league's JSON document (docs/data.md): the season rules, the
rosters with every player's history, injuries, line-ups, inspections, the stat lines and
match events of each result, and the dice ledger. Simulation jobs stay behind: they are the
installation's work queue, not the league's record."""

from __future__ import annotations

from collections import defaultdict
from collections.abc import Callable, Mapping
from typing import Any

from games.models import (
    Appearance,
    Inspection,
    LineupChoice,
    LineupEntry,
    MatchEvent,
    StatLine,
    TableInspection,
)
from injuries.models import ForceHealingAttempt, Injury
from league.exchange.problems import Problem
from league.exchange.tables import Remap, Table, engine_keys
from rosters.models import (
    DiceRoll,
    Enhancement,
    Player,
    PlayerSeason,
    PlayerSeasonStat,
    SeasonRules,
)


def _enhancement_ids(value: Any, remap: Remap) -> list[int | None]:
    return [remap(Enhancement, pk) for pk in value]


def _event_players(value: Any, key: Callable[[Any], Any]) -> Any:
    """A match event's board data with its players' keys rewritten. Stored, they are the
    engine's player keys: this installation's player ids, as text (games/services/results.py), which
    name nothing in another installation; in the document, the players' document ids."""
    if not value.get("players"):
        return value
    return {**value, "players": [key(k) for k in value["players"]]}


_EVENT_PLAYERS_EXPORT, _EVENT_PLAYERS_IMPORT = engine_keys(Player, _event_players)


MAGNOBALL_TABLES: tuple[Table, ...] = (
    Table("season_rules", SeasonRules, lambda lg: SeasonRules.objects.filter(season__league=lg)),
    Table("players", Player, lambda lg: Player.objects.filter(team__league=lg)),
    Table(
        "player_seasons", PlayerSeason, lambda lg: PlayerSeason.objects.filter(season__league=lg)
    ),
    Table(
        "player_season_stats",
        PlayerSeasonStat,
        lambda lg: PlayerSeasonStat.objects.filter(season__league=lg),
    ),
    Table(
        "enhancements", Enhancement, lambda lg: Enhancement.objects.filter(player__team__league=lg)
    ),
    Table("injuries", Injury, lambda lg: Injury.objects.filter(season__league=lg)),
    Table(
        "force_healing",
        ForceHealingAttempt,
        lambda lg: ForceHealingAttempt.objects.filter(injury__season__league=lg),
    ),
    Table(
        "lineup_entries",
        LineupEntry,
        lambda lg: LineupEntry.objects.filter(fixture__round__season__league=lg),
    ),
    Table(
        "lineup_choices",
        LineupChoice,
        lambda lg: LineupChoice.objects.filter(fixture__round__season__league=lg),
    ),
    Table(
        "inspections",
        Inspection,
        lambda lg: Inspection.objects.filter(fixture__round__season__league=lg),
    ),
    Table(
        "table_inspections",
        TableInspection,
        lambda lg: TableInspection.objects.filter(fixture__round__season__league=lg),
        id_json={"enhancement_ids": _enhancement_ids},
    ),
    Table(
        "appearances",
        Appearance,
        lambda lg: Appearance.objects.filter(result__fixture__round__season__league=lg),
    ),
    Table(
        "stat_lines",
        StatLine,
        lambda lg: StatLine.objects.filter(appearance__result__fixture__round__season__league=lg),
    ),
    Table(
        "match_events",
        MatchEvent,
        lambda lg: MatchEvent.objects.filter(result__fixture__round__season__league=lg),
        id_json={"data": _EVENT_PLAYERS_EXPORT},
        id_json_import={"data": _EVENT_PLAYERS_IMPORT},
    ),
    Table("dice_rolls", DiceRoll, lambda lg: DiceRoll.objects.filter(league=lg)),
)


def document_check(*, document: Mapping[str, Any], problems: list[Problem]) -> None:
    """A result's stat lines add up to its score, team by team, as games/services/results.py
    requires of a report; a result with no stat lines (reported from the table only) holds."""
    games = document.get("game")
    section = games.get("magnoball") if isinstance(games, dict) else None
    appearances = section.get("appearances") if isinstance(section, dict) else None
    results, fixtures = document.get("results"), document.get("fixtures")
    if not (
        isinstance(appearances, list) and isinstance(results, list) and isinstance(fixtures, list)
    ):
        return  # the rows' own checks report the shape
    points: dict[Any, dict[Any, int]] = defaultdict(lambda: defaultdict(int))
    for row in appearances:
        if isinstance(row, dict) and isinstance(row.get("points"), int):
            points[row.get("result")][row.get("team")] += row["points"]
    teams = {
        row.get("id"): (row.get("home_team"), row.get("away_team"))
        for row in fixtures
        if isinstance(row, dict)
    }
    for index, row in enumerate(results):
        if not isinstance(row, dict) or row.get("id") not in points:
            continue
        home, away = teams.get(row.get("fixture"), (None, None))
        scored = points[row["id"]]
        for name, team in (("home_score", home), ("away_score", away)):
            if isinstance(row.get(name), int) and scored.get(team, 0) != row[name]:
                problems.append(
                    Problem(
                        where=f"results[{index}]",
                        field=name,
                        message=f"The stat lines give team {team} {scored.get(team, 0)} points, "
                        f"not {row[name]}.",
                    )
                )
