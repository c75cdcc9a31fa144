"""Magic Number Eleven's reads, one module per subject: the draft and its board (draft), the
cards each side has (squads), discipline and suspensions (discipline), what match day shows
each viewer (match_day), a report's faults and its stored state (reports), what waits for a
coach (coach_home), what its fixture, team and discipline pages show (pages) and the web
report form's page (report_page). Every public read is named here, so callers import from
``mn11.selectors``; the writes are ``mn11.services``."""

from __future__ import annotations

from .coach_home import coach_teams
from .discipline import DisciplineRow, played_matches, season_discipline, team_suspended
from .draft import (
    BoardDraw,
    BoardPick,
    BoardSquad,
    DraftBoard,
    card_name,
    draft_board,
    draft_board_data,
    draft_deadline,
    draft_of,
    draft_pick_refusal,
    draft_picks,
    draft_start_refusal,
    pick_refusal,
    previous_positions,
    rule_picks,
    team_stars,
)
from .match_day import (
    LINEUP_AMENDED,
    LineupChange,
    MatchDayView,
    SideView,
    fixture_lineups,
    lineup_changes,
    match_day_view,
    viewer_sides,
)
from .pages import discipline_page, event_text, fixture_page, match_day_fragment, team_page
from .report_page import (
    CardChoices,
    card_choices,
    fraction_text,
    odds_line,
    odds_table,
    report_form,
    stored_report,
)
from .reports import event_state, report_faults, report_state, shootout_note
from .squads import (
    TeamSquad,
    away_set_of,
    fieldable_stars,
    gk_picks,
    report_cards,
    side_of,
    side_squad,
    team_of,
    team_squad,
)

__all__ = [
    "LINEUP_AMENDED",
    "BoardDraw",
    "BoardPick",
    "BoardSquad",
    "CardChoices",
    "DisciplineRow",
    "DraftBoard",
    "LineupChange",
    "MatchDayView",
    "SideView",
    "TeamSquad",
    "away_set_of",
    "card_choices",
    "card_name",
    "coach_teams",
    "discipline_page",
    "draft_board",
    "draft_board_data",
    "draft_deadline",
    "draft_of",
    "draft_pick_refusal",
    "draft_picks",
    "draft_start_refusal",
    "event_state",
    "event_text",
    "fieldable_stars",
    "fixture_lineups",
    "fixture_page",
    "fraction_text",
    "gk_picks",
    "lineup_changes",
    "match_day_fragment",
    "match_day_view",
    "odds_line",
    "odds_table",
    "pick_refusal",
    "played_matches",
    "previous_positions",
    "report_cards",
    "report_faults",
    "report_form",
    "report_state",
    "rule_picks",
    "season_discipline",
    "shootout_note",
    "side_of",
    "side_squad",
    "stored_report",
    "team_of",
    "team_page",
    "team_squad",
    "team_stars",
    "team_suspended",
    "viewer_sides",
]
