"""Magic Number Eleven's tables in the league's JSON document (docs/data.md): the season
settings, the league's Star Player names, each season's draft and its picks, match days,
line-ups, and each result's report (events and shootout kicks)."""

from __future__ import annotations

from typing import Any

from league.exchange.tables import Remap, Table
from league.models import Team
from mn11.models.catalogue import SeasonSettings, StarName
from mn11.models.draft import Draft, DraftPick
from mn11.models.match import Lineup, MatchDay, Report, ReportEvent, ReportKick


def _draft_order(value: Any, remap: Remap) -> list[str]:
    """The first round's order: team ids, as strings (mn11.models.Draft.order)."""
    return [str(remap(Team, pk)) for pk in value]


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
        id_json={"order": _draft_order},
    ),
    Table("draft_picks", DraftPick, lambda lg: DraftPick.objects.filter(draft__season__league=lg)),
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
