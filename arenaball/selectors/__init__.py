"""Arenaball's reads, one module per subject: a team's season, settings, roster, cars and
designs (teams), a design's check by every limit (designs), the cars that may not take the
track at kick-off (kickoff), characters' careers and a season's leaders (careers), a
fixture's pits, line-ups and report (fixtures), who may enter a team (team_entry), a coach's
to-do list (coaching); and what the team and character pages, the design editor and the
fixture page and report form show (team_pages, design_pages, fixture_pages). Every public
read is named here, so callers import from ``arenaball.selectors``; the modules import each
other directly."""

from __future__ import annotations

from .careers import (
    CareerPoint,
    SeasonLeader,
    SeasonTotals,
    character_history,
    character_season_totals,
    season_leaders,
)
from .coaching import coach_teams
from .design_pages import check_json, design_editor
from .designs import design_check, design_delete_refusal, design_refusals, stored_design_check
from .fixture_pages import fixture_page, report_form
from .fixtures import fixture_pits, fixture_report, lineup_snapshot, report_state
from .kickoff import OffTheTrack, car_design_problems, season_designs_broken, teams_off_the_track
from .team_entry import team_entry_refusal, team_entry_seasons
from .team_pages import character_page, team_page
from .teams import (
    character_release_refusal,
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
    "OffTheTrack",
    "SeasonLeader",
    "SeasonTotals",
    "car_design_problems",
    "character_history",
    "character_page",
    "character_release_refusal",
    "character_season_totals",
    "check_json",
    "coach_teams",
    "design_check",
    "design_delete_refusal",
    "design_editor",
    "design_refusals",
    "designs_with_fittings",
    "fixture_page",
    "fixture_pits",
    "fixture_report",
    "league_graveyard",
    "lineup_snapshot",
    "report_form",
    "report_state",
    "season_designs_broken",
    "season_leaders",
    "season_rules",
    "stored_design_check",
    "team_cars",
    "team_designs",
    "team_entry_refusal",
    "team_entry_seasons",
    "team_graveyard",
    "team_page",
    "team_roster",
    "team_season",
    "team_settings",
    "team_skaters",
    "teams_off_the_track",
]
