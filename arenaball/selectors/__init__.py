"""Arenaball's reads, one module per subject: a team's season, settings, roster, cars and
designs (teams), characters' careers and a season's leaders (careers), a fixture's pits and
report (fixtures); and what the team and character pages, the design editor and the fixture
page and report form show (team_pages, design_pages, fixture_pages). The first three's
public reads are named here, so callers import them from ``arenaball.selectors``; the
pages' are imported from their modules, which build on the write modules (crews, designs,
reports) that import this package."""

from __future__ import annotations

from .careers import (
    CareerPoint,
    SeasonLeader,
    SeasonTotals,
    character_history,
    character_season_totals,
    season_leaders,
)
from .fixtures import fixture_pits, fixture_report
from .teams import (
    designs_with_fittings,
    league_graveyard,
    season_rules,
    team_cars,
    team_designs,
    team_graveyard,
    team_roster,
    team_season,
    team_settings,
    team_skaters,
)

__all__ = [
    "CareerPoint",
    "SeasonLeader",
    "SeasonTotals",
    "character_history",
    "character_season_totals",
    "designs_with_fittings",
    "fixture_pits",
    "fixture_report",
    "league_graveyard",
    "season_leaders",
    "season_rules",
    "team_cars",
    "team_designs",
    "team_graveyard",
    "team_roster",
    "team_season",
    "team_settings",
    "team_skaters",
]
