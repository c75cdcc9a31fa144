"""The shared vocabulary: positions, statuses, actions, stat categories, enhancements, roster.

Rule ids: M-P1 (positions and dice), M-P2 (roster template), M-P4 (status), M-P6/M-P8 (the
actions; who picks them and which: picks.py), M-P7 (stat categories), M-E1 (enhancements).
The string values are stored by the Django models: never rename a value.
"""

from __future__ import annotations

from collections.abc import Mapping
from enum import StrEnum
from types import MappingProxyType
from typing import Final

__all__ = [
    "FIRST_STRING",
    "FIRST_STRING_ORDER",
    "MAX_SUPERSTARS",
    "ROSTER_SIZE",
    "SECOND_STRING",
    "SECOND_STRING_ORDER",
    "Action",
    "EnhancementKind",
    "Position",
    "StatCategory",
    "Status",
    "roll_purpose_label",
]


class Position(StrEnum):
    """M-P1: the seven positions (BattleBall names in :attr:`battleball_name`)."""

    FORWARD = "forward"
    WINGBACK = "wingback"
    HALFBACK = "halfback"
    FULLBACK = "fullback"
    MAULER = "mauler"
    HEAVY_MAULER = "heavy_mauler"
    GOALIE = "goalie"

    @property
    def label(self) -> str:
        return _POSITION_LABELS[self]

    @property
    def abbreviation(self) -> str:
        """Two letters for tight tables: FW, WB, HB, FB, MA, HM, GK."""
        return _POSITION_ABBREVIATIONS[self]

    @property
    def battleball_name(self) -> str:
        return _BATTLEBALL_NAMES[self]

    @property
    def base_die(self) -> int:
        """M-P1: sides of the position's die (the Heavy Mauler rolls two of them, M-D5)."""
        return _BASE_DIE[self]

    @property
    def dice_count(self) -> int:
        """M-D5: the Heavy Mauler rolls two d6 and keeps the better; everyone else one die."""
        return 2 if self is Position.HEAVY_MAULER else 1

    @property
    def base_die_label(self) -> str:
        return "2d6" if self is Position.HEAVY_MAULER else f"d{self.base_die}"

    @property
    def injury_die(self) -> int:
        """M-P1/M-I1: the die for injury-duration rolls (Goalie d6, Heavy Mauler one d6)."""
        return 6 if self is Position.GOALIE else self.base_die

    @property
    def is_mauler(self) -> bool:
        """Maulers and Heavy Maulers: already at d6, so M-D7 governs their die-type penalties."""
        return self in (Position.MAULER, Position.HEAVY_MAULER)


_POSITION_LABELS: Final[Mapping[Position, str]] = {
    Position.FORWARD: "Forward",
    Position.WINGBACK: "Wingback",
    Position.HALFBACK: "Halfback",
    Position.FULLBACK: "Fullback",
    Position.MAULER: "Mauler",
    Position.HEAVY_MAULER: "Heavy Mauler",
    Position.GOALIE: "Goalie",
}
_POSITION_ABBREVIATIONS: Final[Mapping[Position, str]] = {
    Position.FORWARD: "FW",
    Position.WINGBACK: "WB",
    Position.HALFBACK: "HB",
    Position.FULLBACK: "FB",
    Position.MAULER: "MA",
    Position.HEAVY_MAULER: "HM",
    Position.GOALIE: "GK",
}
_BATTLEBALL_NAMES: Final[Mapping[Position, str]] = {
    Position.FORWARD: "Running Back",
    Position.WINGBACK: "Safety",
    Position.HALFBACK: "Linebacker",
    Position.FULLBACK: "Lineman",
    Position.MAULER: "Tackle",
    Position.HEAVY_MAULER: "Heavy Tackle",
    Position.GOALIE: "Running Back (Goalie)",
}
_BASE_DIE: Final[Mapping[Position, int]] = {
    Position.FORWARD: 20,
    Position.WINGBACK: 12,
    Position.HALFBACK: 10,
    Position.FULLBACK: 8,
    Position.MAULER: 6,
    Position.HEAVY_MAULER: 6,
    Position.GOALIE: 20,  # Decided in M-P1: keeps the Running Back's d20.
}


class Status(StrEnum):
    """M-P4: Rookie (worse of ±1 on every action roll), Pro, Veteran (two chosen actions)."""

    ROOKIE = "rookie"
    PRO = "pro"
    VETERAN = "veteran"

    @property
    def label(self) -> str:
        return self.value.capitalize()


class Action(StrEnum):
    """M-P6/M-P8: the actions a Veteran or a Superstar may pick.

    ``TACKLES`` covers tackles, assaults and striking with the ball; ``STRIKING`` is the
    Forward's striking-only Veteran option; ``MOVEMENT`` is for Superstars only.
    """

    SCORING = "scoring"
    FACE_OFFS = "face_offs"
    PASSING = "passing"
    BLOCKING_PASSES = "blocking_passes"
    TACKLES = "tackles"
    STRIKING = "striking"
    STEALING = "stealing"
    SAVES = "saves"
    MOVEMENT = "movement"

    @property
    def label(self) -> str:
        return _ACTION_LABELS[self]

    @property
    def abbreviation(self) -> str:
        """Two letters, the same on every table (roster rolls, stat lines, game logs)."""
        return _ACTION_ABBREVIATIONS[self]

    @property
    def veteran_modifier(self) -> int:
        """M-P6: the Veteran modifier as written (+1 higher-wins, -1 lower-wins)."""
        return 1 if self in _HIGHER_WINS_ACTIONS else -1


_HIGHER_WINS_ACTIONS: Final = frozenset(
    {Action.SCORING, Action.FACE_OFFS, Action.PASSING, Action.SAVES, Action.MOVEMENT}
)

_ACTION_ABBREVIATIONS: Final[Mapping[Action, str]] = {
    Action.SCORING: "Sh",
    Action.FACE_OFFS: "FO",
    Action.PASSING: "Ps",
    Action.BLOCKING_PASSES: "BP",
    Action.TACKLES: "Tk",
    Action.STRIKING: "SB",
    Action.STEALING: "St",
    Action.SAVES: "Sv",
    Action.MOVEMENT: "Mv",
}

_ACTION_LABELS: Final[Mapping[Action, str]] = {
    Action.SCORING: "Scoring",
    Action.FACE_OFFS: "Face-offs",
    Action.PASSING: "Passing",
    Action.BLOCKING_PASSES: "Blocking passes",
    Action.TACKLES: "Tackles, assaults and striking",
    Action.STRIKING: "Striking with the ball",
    Action.STEALING: "Stealing the ball",
    Action.SAVES: "Saves",
    Action.MOVEMENT: "Movement",
}


class StatCategory(StrEnum):
    """M-P7: categories counted on stat lines (attempts and successes) and for stat levels."""

    SCORING = "scoring"
    FACE_OFFS = "face_offs"
    PASSING = "passing"
    BLOCKING_PASSES = "blocking_passes"
    TACKLES = "tackles"
    STEALING = "stealing"
    SAVES = "saves"

    @property
    def label(self) -> str:
        return _STAT_LABELS[self]

    @property
    def action(self) -> Action:
        """The action whose rolls this category's level modifies."""
        return Action(self.value)

    @property
    def abbreviation(self) -> str:
        """Its action's two letters (Sh, FO, Ps, BP, Tk, St, Sv): one set for every table."""
        return self.action.abbreviation


_STAT_LABELS: Final[Mapping[StatCategory, str]] = {
    StatCategory.SCORING: "Scoring",
    StatCategory.FACE_OFFS: "Face-offs",
    StatCategory.PASSING: "Passing",
    StatCategory.BLOCKING_PASSES: "Blocking passes",
    StatCategory.TACKLES: "Tackles",
    StatCategory.STEALING: "Stealing the ball",
    StatCategory.SAVES: "Saves",
}


class EnhancementKind(StrEnum):
    """M-E1: the six enhancements; a player carries at most one of each kind."""

    PULSE_MAGNET = "pulse_magnet"
    MYOMER_ACTUATORS = "myomer_actuators"
    EM_COIL = "em_coil"
    LOADED_GAUNTLETS = "loaded_gauntlets"
    LASER_TARGETING = "laser_targeting"
    DEFLECTOR_FIELD = "deflector_field"

    @property
    def label(self) -> str:
        return _ENHANCEMENT_LABELS[self][0]

    @property
    def effect(self) -> str:
        """One line for the roster page."""
        return _ENHANCEMENT_LABELS[self][1]

    @property
    def allowed_positions(self) -> frozenset[Position]:
        if self is EnhancementKind.DEFLECTOR_FIELD:
            return frozenset({Position.GOALIE})
        return frozenset(Position)

    def allowed_for(self, position: Position) -> bool:
        return position in self.allowed_positions


_ENHANCEMENT_LABELS: Final[Mapping[EnhancementKind, tuple[str, str]]] = {
    EnhancementKind.PULSE_MAGNET: ("Pulse Magnet", "+1 to Scoring"),
    EnhancementKind.MYOMER_ACTUATORS: ("Myomer Actuators", "+1 to Movement"),
    EnhancementKind.EM_COIL: ("EM Coil", "+1 to Face-offs; -1 to resist Stealing the Ball"),
    EnhancementKind.LOADED_GAUNTLETS: (
        "Loaded Gauntlets",
        "-1 to Tackles, Assaults and Strikes (as the attacker)",
    ),
    EnhancementKind.LASER_TARGETING: ("Laser Targeting", "+1 to Passing; -1 to Blocking Passes"),
    EnhancementKind.DEFLECTOR_FIELD: ("Deflector Field", "+1 to Saves (Goalie only)"),
}


# --- The dice ledger's purposes ----------------------------------------------------------------

#: What each stored roll purpose (rules.magnoball.rolls.RollKind values and the rolls made
#: between matches and at creation) reads as on a page.
_ROLL_PURPOSES: Final[Mapping[str, str]] = {
    "movement": "Movement",
    "face_off": "Face-off",
    "shot": "Shot at goal",
    "ricochet": "Ricochet",
    "save": "Save",
    "pass_throw": "Pass (the throw)",
    "pass_catch": "Pass (the catch)",
    "hand_off": "Hand-off",
    "block_pass": "Blocking a pass",
    "tackle": "Tackle",
    "assault": "Assault",
    "strike": "Striking with the ball",
    "defend": "Defending",
    "steal": "Stealing the ball",
    "resist_steal": "Keeping the ball",
    "scatter": "Loose ball scatter",
    "status": "Status at creation",
    "superstar": "Superstar roll",
    "injury_duration": "Injury: games out",
    "permanent_injury": "Injury: career over?",
    "force_heal": "Force-healing",
    "inspection": "Inspection",
}


def roll_purpose_label(purpose: str) -> str:
    """A stored roll purpose in words (an unknown one with its underscores as spaces)."""
    return _ROLL_PURPOSES.get(purpose) or purpose.replace("_", " ").capitalize()


# --- M-P2 roster template ---------------------------------------------------------------------

#: M-P2: first string, in the order the team-creation rolls are made.
FIRST_STRING_ORDER: Final[tuple[Position, ...]] = (
    Position.FORWARD,
    Position.FORWARD,
    Position.WINGBACK,
    Position.WINGBACK,
    Position.HALFBACK,
    Position.HALFBACK,
    Position.FULLBACK,
    Position.FULLBACK,
    Position.MAULER,
    Position.HEAVY_MAULER,
    Position.GOALIE,
)
#: M-P2: second string, one of each position.
SECOND_STRING_ORDER: Final[tuple[Position, ...]] = tuple(Position)


def _count(order: tuple[Position, ...]) -> Mapping[Position, int]:
    return MappingProxyType({p: order.count(p) for p in Position})


FIRST_STRING: Final[Mapping[Position, int]] = _count(FIRST_STRING_ORDER)
SECOND_STRING: Final[Mapping[Position, int]] = _count(SECOND_STRING_ORDER)
ROSTER_SIZE: Final = 18
MAX_SUPERSTARS: Final = 3
