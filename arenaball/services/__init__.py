"""Arenaball's writes, one module per subject: a team's cars and crews (crews), its designs
(designs), a coach's own team entered (team_entry) or a signed-up coach's team made (join),
the pits and match reports (reports) and what a game leaves on the characters (aftermath).
Every write is named here, so callers import from ``arenaball.services``; the modules import
each other directly."""

from __future__ import annotations

from .aftermath import game_aftermath
from .crews import (
    character_release,
    character_rename,
    character_sign,
    team_cars_set,
    team_setup,
)
from .designs import design_delete, design_from_rules, design_save
from .join import CREATION_LINE, join_request_build
from .reports import (
    ARENABALL_RESULTS,
    pits_choose,
    report_check,
    report_correct,
    report_record,
    report_void,
)
from .team_entry import team_enter

__all__ = [
    "ARENABALL_RESULTS",
    "CREATION_LINE",
    "character_release",
    "character_rename",
    "character_sign",
    "design_delete",
    "design_from_rules",
    "design_save",
    "game_aftermath",
    "join_request_build",
    "pits_choose",
    "report_check",
    "report_correct",
    "report_record",
    "report_void",
    "team_cars_set",
    "team_enter",
    "team_setup",
]
