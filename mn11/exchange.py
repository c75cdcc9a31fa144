"""Magic Number Eleven's tables in the league's JSON document (docs/data.md): the season
settings, the league's Star Player names, each season's draft and its picks, match days,
line-ups, and each result's report (events and shootout kicks)."""

from __future__ import annotations

from collections.abc import Callable
from typing import Any

from league.exchange.tables import Remap, Table, engine_keys
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
# engine_keys writes them with key_exported, reads them back with key_imported, which says
# what a file from before holds).


def _order_draws(value: Any, key: Callable[[Any], Any]) -> list[dict[str, Any]]:
    return [
        {**draw, "options": [key(k) for k in draw["options"]], "result": key(draw["result"])}
        for draw in value
    ]


def _pick_draw(value: Any, key: Callable[[Any], Any]) -> Any:
    if value is None or value.get("actor") is None:
        return value
    return {**value, "actor": key(value["actor"])}


_ORDER_DRAWS_EXPORT, _ORDER_DRAWS_IMPORT = engine_keys(Team, _order_draws)
_PICK_DRAW_EXPORT, _PICK_DRAW_IMPORT = engine_keys(Team, _pick_draw)


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
        id_json={"order": _draft_order, "draws": _ORDER_DRAWS_EXPORT},
        id_json_import={"draws": _ORDER_DRAWS_IMPORT},
    ),
    Table(
        "draft_picks",
        DraftPick,
        lambda lg: DraftPick.objects.filter(draft__season__league=lg),
        id_json={"draw": _PICK_DRAW_EXPORT},
        id_json_import={"draw": _PICK_DRAW_IMPORT},
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
