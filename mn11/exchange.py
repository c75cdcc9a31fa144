"""Magic Number Eleven's tables in the league's JSON document (docs/data.md): the season
settings, the league's Star Player names, each season's draft and its picks, match days,
line-ups, and each result's report (events and shootout kicks)."""

from __future__ import annotations

from typing import Any

from league.exchange.tables import Remap, Table, key_exported, key_imported
from league.models import Team
from mn11.models.catalogue import SeasonSettings, StarName
from mn11.models.draft import Draft, DraftPick
from mn11.models.match import Lineup, MatchDay, Report, ReportEvent, ReportKick


def _draft_order(value: Any, remap: Remap) -> list[str]:
    """The first round's order: team ids, as strings (mn11.models.Draft.order)."""
    return [str(remap(Team, pk)) for pk in value]


# A draw (rules/mn11/draws.py) names teams by their keys, their ids as text: the draft
# order's draws among tied teams (options and result) and an automatic pick's team (actor).
# In the document they are the teams' document ids, as numbers (league.exchange.tables:
# key_exported writes them, key_imported reads them back and says what a file from before
# holds).


def _order_draws_export(value: Any, remap: Remap) -> list[dict[str, Any]]:
    return [
        {
            **draw,
            "options": [key_exported(Team, key, remap) for key in draw["options"]],
            "result": key_exported(Team, draw["result"], remap),
        }
        for draw in value
    ]


def _order_draws_import(value: Any, remap: Remap) -> list[dict[str, Any]]:
    return [
        {
            **draw,
            "options": [key_imported(Team, key, remap) for key in draw["options"]],
            "result": key_imported(Team, draw["result"], remap),
        }
        for draw in value
    ]


def _pick_draw_export(value: Any, remap: Remap) -> Any:
    if value is None or value.get("actor") is None:
        return value
    return {**value, "actor": key_exported(Team, value["actor"], remap)}


def _pick_draw_import(value: Any, remap: Remap) -> Any:
    if value is None or value.get("actor") is None:
        return value
    return {**value, "actor": key_imported(Team, value["actor"], remap)}


MN11_TABLES: tuple[Table, ...] = (
    Table(
        "season_settings",
        SeasonSettings,
        lambda lg: SeasonSettings.objects.filter(season__league=lg),
    ),
    Table("star_names", StarName, lambda lg: StarName.objects.filter(league=lg)),
    Table(
        "drafts",
        Draft,
        lambda lg: Draft.objects.filter(season__league=lg),
        id_json={"order": _draft_order, "draws": _order_draws_export},
        id_json_import={"draws": _order_draws_import},
    ),
    Table(
        "draft_picks",
        DraftPick,
        lambda lg: DraftPick.objects.filter(draft__season__league=lg),
        id_json={"draw": _pick_draw_export},
        id_json_import={"draw": _pick_draw_import},
    ),
    Table(
        "match_days",
        MatchDay,
        lambda lg: MatchDay.objects.filter(fixture__round__season__league=lg),
    ),
    Table("lineups", Lineup, lambda lg: Lineup.objects.filter(fixture__round__season__league=lg)),
    Table(
        "reports",
        Report,
        lambda lg: Report.objects.filter(result__fixture__round__season__league=lg),
    ),
    Table(
        "report_events",
        ReportEvent,
        lambda lg: ReportEvent.objects.filter(report__result__fixture__round__season__league=lg),
    ),
    Table(
        "report_kicks",
        ReportKick,
        lambda lg: ReportKick.objects.filter(report__result__fixture__round__season__league=lg),
    ),
)
