"""Writes for teams' rosters, one module per subject: the dice ledger, creating a team by
the rules and changing its players. Every write is named here, so callers import from
``rosters.services``."""

from __future__ import annotations

from .dice_ledger import ledger_batch, ledger_record, server_dice
from .players import (
    SeasonTotals,
    career_games_sql,
    enhancement_fit,
    enhancement_remove,
    player_call_up,
    player_lock_for_change,
    player_pick_actions,
    player_release,
    player_rename,
    player_season_totals_add,
    player_season_totals_replace,
    player_swap_string,
    players_play,
    players_progress,
)
from .teams import team_create

__all__ = [
    "SeasonTotals",
    "career_games_sql",
    "enhancement_fit",
    "enhancement_remove",
    "ledger_batch",
    "ledger_record",
    "player_call_up",
    "player_lock_for_change",
    "player_pick_actions",
    "player_release",
    "player_rename",
    "player_season_totals_add",
    "player_season_totals_replace",
    "player_swap_string",
    "players_play",
    "players_progress",
    "server_dice",
    "team_create",
]
