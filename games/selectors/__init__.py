"""MagnoBall's reads, one module per subject: the engine's team sheets, the team page's roster,
the coach's home, the match centre and its key moments, the player pages, what a season's
fixtures wait for (the job queue's), whether a round may open or a fixture be simulated and
a simulation job's status, the team and fixture pages' content cached under the league's
page version, the line-ups (M-P3) with the rows they are planned from, and the engine's match
odds for the playoff odds. Every public read is named here, so callers import from
``games.selectors``; the writes are ``games.services``."""

from __future__ import annotations

from .coach_home import TeamRemedies, coach_teams
from .fixture_page import (
    ReportPart,
    fixture_fixed_lineups_part,
    fixture_page_version,
    fixture_report_part,
    fixture_result_id,
)
from .lineup_rows import FixedLineup, LineupRows, lineup_rows, lineup_stored
from .lineups import (
    Place,
    TeamLineup,
    fixture_lineups,
    lineup_is_fixed,
    lineup_plans,
    next_fixtures,
    short_handed,
)
from .match_centre import (
    MatchReport,
    ReportPlayers,
    SeasonTotals,
    StatRow,
    fixture_inspections,
    fixture_live_job,
    fixture_table_inspections,
    match_report,
    replay_data,
    report_players,
    report_season_totals,
    simulation_jobs_visible,
)
from .match_moments import EventLine, event_lines
from .matchday import rolling_team, round_open_refusal
from .odds import engine_outcome_model, odds_pairing_simulate, odds_pairings, pairing_version
from .player_pages import (
    PlayerBody,
    TotalsLine,
    player_body,
    player_for_page,
    player_games,
    player_progression,
    player_totals,
    season_leaders,
    season_points_leaders,
)
from .roster import (
    ROSTER_ROLLS,
    LevelCell,
    RollCell,
    Roster,
    RosterRow,
    team_current_season,
    team_roster,
    team_season_history,
)
from .season_queue import SeasonQueue, queued_job_maybe_blocked
from .simulation_jobs import (
    MAX_ATTEMPTS,
    QUEUE_AWAY,
    SIMULABLE,
    STALE_AFTER,
    SimulationJobStatus,
    job_requested_message,
    job_waiting_for,
    simulation_job_status,
    simulation_left,
    simulation_refusal,
    simulation_round_next,
    simulation_round_refusal,
    simulation_season_refusal,
)
from .team_page import team_body
from .team_sheets import fit_players, team_sheet, team_sheets

__all__ = [
    "MAX_ATTEMPTS",
    "QUEUE_AWAY",
    "ROSTER_ROLLS",
    "SIMULABLE",
    "STALE_AFTER",
    "EventLine",
    "FixedLineup",
    "LevelCell",
    "LineupRows",
    "MatchReport",
    "Place",
    "PlayerBody",
    "ReportPart",
    "ReportPlayers",
    "RollCell",
    "Roster",
    "RosterRow",
    "SeasonQueue",
    "SeasonTotals",
    "SimulationJobStatus",
    "StatRow",
    "TeamLineup",
    "TeamRemedies",
    "TotalsLine",
    "coach_teams",
    "engine_outcome_model",
    "event_lines",
    "fit_players",
    "fixture_fixed_lineups_part",
    "fixture_inspections",
    "fixture_lineups",
    "fixture_live_job",
    "fixture_page_version",
    "fixture_report_part",
    "fixture_result_id",
    "fixture_table_inspections",
    "job_requested_message",
    "job_waiting_for",
    "lineup_is_fixed",
    "lineup_plans",
    "lineup_rows",
    "lineup_stored",
    "match_report",
    "next_fixtures",
    "odds_pairing_simulate",
    "odds_pairings",
    "pairing_version",
    "player_body",
    "player_for_page",
    "player_games",
    "player_progression",
    "player_totals",
    "queued_job_maybe_blocked",
    "replay_data",
    "report_players",
    "report_season_totals",
    "rolling_team",
    "round_open_refusal",
    "season_leaders",
    "season_points_leaders",
    "short_handed",
    "simulation_job_status",
    "simulation_jobs_visible",
    "simulation_left",
    "simulation_refusal",
    "simulation_round_next",
    "simulation_round_refusal",
    "simulation_season_refusal",
    "team_body",
    "team_current_season",
    "team_roster",
    "team_season_history",
    "team_sheet",
    "team_sheets",
]
