"""MagnoBall's writes, one module per subject: results and the report they are checked by,
what a result causes afterwards, line-ups at kick-off, match day (opening a round, its
inspections, a simulation's kick-off), the coaches' table inspections and their webhook
events, simulation jobs with their queue and the worker's run, and the repair of the
starters' appearances a migration runs. Every public write is named here, so callers import
from ``games.services``; the reads are ``games.selectors``."""

from __future__ import annotations

from .aftermath import game_aftermath
from .appearances import Repaired, starters_appearances_give
from .inspections import table_inspection_enter
from .job_queue import (
    RESEND_AFTER,
    UNSENT_GRACE,
    SweepReport,
    dispatch_after_commit,
    jobs_dispatch_waiting,
    jobs_sweep,
)
from .job_runner import TRANSIENT_DB_ERRORS, simulation_run
from .jobs import (
    SimulationBatch,
    SkippedFixture,
    WaitingFixture,
    simulation_cancel,
    simulation_dismiss,
    simulation_request,
    simulation_request_rest_of_season,
    simulation_request_round,
    simulation_retry,
)
from .lineups import lineup_fix, lineup_name_reserve, lineup_players
from .matchday import fixture_team_sheets, inspection_decide, round_open
from .result_report import MAX_COUNT, PlayerLine, ResultReport, TableRoll, report_from_match
from .results import (
    MAGNOBALL_RESULTS,
    result_correct,
    result_record,
    result_record_simulation,
    result_void,
)

__all__ = [
    "MAGNOBALL_RESULTS",
    "MAX_COUNT",
    "RESEND_AFTER",
    "TRANSIENT_DB_ERRORS",
    "UNSENT_GRACE",
    "PlayerLine",
    "Repaired",
    "ResultReport",
    "SimulationBatch",
    "SkippedFixture",
    "SweepReport",
    "TableRoll",
    "WaitingFixture",
    "dispatch_after_commit",
    "fixture_team_sheets",
    "game_aftermath",
    "inspection_decide",
    "jobs_dispatch_waiting",
    "jobs_sweep",
    "lineup_fix",
    "lineup_name_reserve",
    "lineup_players",
    "report_from_match",
    "result_correct",
    "result_record",
    "result_record_simulation",
    "result_void",
    "round_open",
    "simulation_cancel",
    "simulation_dismiss",
    "simulation_request",
    "simulation_request_rest_of_season",
    "simulation_request_round",
    "simulation_retry",
    "simulation_run",
    "starters_appearances_give",
    "table_inspection_enter",
]
