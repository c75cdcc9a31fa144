"""Arenaball rules: pure Python, imports nothing from Django.

Rules are cited by the ids of the Arenaball reference (A-T1 … A-L1): designs and their
limits, teams and crews, match reports, points and casualties after a game, the settings.
There is no match simulator: games are played at the table with Car Wars' own rules.
"""

from .aftermath import (
    Career,
    CarryOver,
    PointsAward,
    career_after,
    carry_over,
    game_points,
    misses_after,
    skill_level,
)
from .catalogue import ARMOUR, HAND_WEAPON_MAX_WEIGHT, Component, SheetContents
from .design_check import DesignCheck, LimitState, check_design
from .designs import Armour, Design, Fitting
from .pricing import DesignTotals, design_totals
from .problems import Problem
from .reference_designs import GOALKEEPER, GOALKEEPER_SHEET, SHEETS, TRACK_CAR, TRACK_CAR_SHEET
from .report import (
    Casualty,
    Goal,
    Kill,
    MatchReport,
    Substitution,
    game_kills,
    report_errors,
    table_game,
    team_kills,
    took_part,
    took_part_seats,
)
from .settings import KILLS, VARIANTS, ArenaballSettings, ArenaballTieBreaker
from .shipped import CATALOGUE, catalogue_get
from .teams import MatchLineup, TeamCar, lineup_errors, team_errors
from .vocabulary import (
    CAR_SLOTS,
    GOALKEEPER_SLOT,
    HULL_KINDS,
    PITS_CARS,
    ROSTER_SIZE,
    TRACK_SLOTS,
    ArmourMaterial,
    Ball,
    CarRole,
    ComponentKind,
    CrewState,
    KillHow,
    LeftBecause,
    Mounting,
    Plate,
    Seat,
    Side,
    WeaponClass,
)

__all__ = [
    "ARMOUR",
    "CAR_SLOTS",
    "CATALOGUE",
    "GOALKEEPER",
    "GOALKEEPER_SHEET",
    "GOALKEEPER_SLOT",
    "HAND_WEAPON_MAX_WEIGHT",
    "HULL_KINDS",
    "KILLS",
    "PITS_CARS",
    "ROSTER_SIZE",
    "SHEETS",
    "TRACK_CAR",
    "TRACK_CAR_SHEET",
    "TRACK_SLOTS",
    "VARIANTS",
    "ArenaballSettings",
    "ArenaballTieBreaker",
    "Armour",
    "ArmourMaterial",
    "Ball",
    "CarRole",
    "Career",
    "CarryOver",
    "Casualty",
    "Component",
    "ComponentKind",
    "CrewState",
    "Design",
    "DesignCheck",
    "DesignTotals",
    "Fitting",
    "Goal",
    "Kill",
    "KillHow",
    "LeftBecause",
    "LimitState",
    "MatchLineup",
    "MatchReport",
    "Mounting",
    "Plate",
    "PointsAward",
    "Problem",
    "Seat",
    "SheetContents",
    "Side",
    "Substitution",
    "TeamCar",
    "WeaponClass",
    "career_after",
    "carry_over",
    "catalogue_get",
    "check_design",
    "design_totals",
    "game_kills",
    "game_points",
    "lineup_errors",
    "misses_after",
    "report_errors",
    "skill_level",
    "table_game",
    "team_errors",
    "team_kills",
    "took_part",
    "took_part_seats",
]
