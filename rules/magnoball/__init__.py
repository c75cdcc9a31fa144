# ruff: noqa: E402  (the engine modules are imported after use_compiled chose their build)
"""MagnoBall rules engine: pure Python, imports nothing from Django.

Rules are cited by the ids of docs/rules-magnoball.md (M-D1 … M-L2). The modules may run
compiled by mypyc when built for these very sources (``engine_build``; docs/performance.md).
"""

from .engine_build import ENGINE_BUILD, ENGINE_BUILD_REASON, use_compiled

use_compiled(__path__)  # before any engine module is imported


from .batch import SeriesStats, run_series
from .between_matches import (
    ForceHealOutcome,
    IncapacitationOutcome,
    InjuryDurationOutcome,
    InspectionOutcome,
    PermanentInjuryOutcome,
    force_heal,
    injury_duration,
    inspect_player,
    permanent_injury,
    roll_incapacitation,
    status_after_games,
)
from .board import Board
from .coach import Coach
from .contact import (
    BallAfterContact,
    ContactKind,
    ContactOutcome,
    StealOutcome,
    contact_error,
    resolve_contact,
    steal_ball,
)
from .creation import (
    NewPlayerSlot,
    StatusRoll,
    SuperstarRoll,
    roll_new_roster,
    roll_status,
    roll_superstar,
    roster_template,
    status_for_face,
)
from .dice import (
    DIE_LADDER,
    DIE_LADDER_WITH_D4,
    DiceExhaustedError,
    DiceSource,
    FaceOutOfRangeError,
    RandomDice,
    RollRecord,
    ScriptedDice,
    apply_modifier,
    die_label,
    shift_die,
)
from .face_off_and_movement import (
    FaceOffOutcome,
    MovementOutcome,
    face_off,
    move_mode_error,
    movement_roll,
)
from .match_result import (
    MatchEvent,
    MatchInjury,
    MatchResult,
    PlayerStatLine,
    TeamSheet,
    TeamTotals,
)
from .odds import beat_probability, result_distribution, tie_probability
from .outcomes import Condition, RuleNotAllowedError
from .passing import HandOffOutcome, PassOutcome, hand_off, pass_ball
from .picks import (
    superstar_action_pick_error,
    superstar_actions_allowed,
    veteran_action_pick_error,
    veteran_actions_allowed,
)
from .roll_spec import RollSpec, plain_spec
from .rolls import GoalZone, RollKind, effective_roll, roll
from .scoring import ShotOutcome, shoot, shot_error, walk_in_points
from .settings import LoweringDieType, ProgressionMode, RuleSettings, TieBreaker
from .simulator import MatchSetupError, simulate_match
from .snapshot import (
    MoveMode,
    PlayerSnapshot,
    Side,
    snapshot_errors,
    stat_level,
    stat_levels,
    team_superstar_error,
)
from .teams import standard_team
from .version import ENGINE_VERSION
from .vocabulary import (
    FIRST_STRING,
    FIRST_STRING_ORDER,
    MAX_SUPERSTARS,
    ROSTER_SIZE,
    SECOND_STRING,
    SECOND_STRING_ORDER,
    Action,
    EnhancementKind,
    Position,
    StatCategory,
    Status,
)

__all__ = [
    "DIE_LADDER",
    "DIE_LADDER_WITH_D4",
    "ENGINE_BUILD",
    "ENGINE_BUILD_REASON",
    "ENGINE_VERSION",
    "FIRST_STRING",
    "FIRST_STRING_ORDER",
    "MAX_SUPERSTARS",
    "ROSTER_SIZE",
    "SECOND_STRING",
    "SECOND_STRING_ORDER",
    "Action",
    "BallAfterContact",
    "Board",
    "Coach",
    "Condition",
    "ContactKind",
    "ContactOutcome",
    "DiceExhaustedError",
    "DiceSource",
    "EnhancementKind",
    "FaceOffOutcome",
    "FaceOutOfRangeError",
    "ForceHealOutcome",
    "GoalZone",
    "HandOffOutcome",
    "IncapacitationOutcome",
    "InjuryDurationOutcome",
    "InspectionOutcome",
    "LoweringDieType",
    "MatchEvent",
    "MatchInjury",
    "MatchResult",
    "MatchSetupError",
    "MoveMode",
    "MovementOutcome",
    "NewPlayerSlot",
    "PassOutcome",
    "PermanentInjuryOutcome",
    "PlayerSnapshot",
    "PlayerStatLine",
    "Position",
    "ProgressionMode",
    "RandomDice",
    "RollKind",
    "RollRecord",
    "RollSpec",
    "RuleNotAllowedError",
    "RuleSettings",
    "ScriptedDice",
    "SeriesStats",
    "ShotOutcome",
    "Side",
    "StatCategory",
    "Status",
    "StatusRoll",
    "StealOutcome",
    "SuperstarRoll",
    "TeamSheet",
    "TeamTotals",
    "TieBreaker",
    "apply_modifier",
    "beat_probability",
    "contact_error",
    "die_label",
    "effective_roll",
    "face_off",
    "force_heal",
    "hand_off",
    "injury_duration",
    "inspect_player",
    "move_mode_error",
    "movement_roll",
    "pass_ball",
    "permanent_injury",
    "plain_spec",
    "resolve_contact",
    "result_distribution",
    "roll",
    "roll_incapacitation",
    "roll_new_roster",
    "roll_status",
    "roll_superstar",
    "roster_template",
    "run_series",
    "shift_die",
    "shoot",
    "shot_error",
    "simulate_match",
    "snapshot_errors",
    "standard_team",
    "stat_level",
    "stat_levels",
    "status_after_games",
    "status_for_face",
    "steal_ball",
    "superstar_action_pick_error",
    "superstar_actions_allowed",
    "team_superstar_error",
    "tie_probability",
    "veteran_action_pick_error",
    "veteran_actions_allowed",
    "walk_in_points",
]
