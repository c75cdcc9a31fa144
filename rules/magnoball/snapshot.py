"""Player snapshots: what the engine knows about a player for one match (M-P4 … M-P8, M-E1).

The Django side builds one :class:`PlayerSnapshot` per player from its models; the simulator
copies them before a match, so the in-match state of a caller's snapshot is never changed.
"""

from __future__ import annotations

from collections.abc import Iterable, Mapping
from dataclasses import dataclass, field
from enum import StrEnum
from typing import Final

from .picks import superstar_action_pick_error, veteran_action_pick_error
from .settings import RuleSettings
from .vocabulary import (
    MAX_SUPERSTARS,
    Action,
    EnhancementKind,
    Position,
    StatCategory,
    Status,
)

__all__ = [
    "MoveMode",
    "PlayerSnapshot",
    "Side",
    "snapshot_errors",
    "stat_level",
    "stat_levels",
    "team_superstar_error",
]

Square = tuple[int, int]


class Side(StrEnum):
    """Which team a player plays for in a match."""

    HOME = "home"
    AWAY = "away"

    @property
    def other(self) -> Side:
        return _AWAY if self is _HOME else _HOME


#: The sides as finals (C statics when compiled): ``other`` looks up no module or class.
_HOME: Final = Side.HOME
_AWAY: Final = Side.AWAY


class MoveMode(StrEnum):
    """M-G5: how a player is moving (Evading and Rushing are markers on the board)."""

    NORMAL = "normal"
    EVADING = "evading"
    RUSHING = "rushing"


@dataclass(slots=True)
class PlayerSnapshot:
    """One player as the engine sees him: fixed traits, then in-match state.

    ``veteran_actions`` count only for a Veteran (M-P6); ``superstar_actions`` only when
    ``superstar`` (M-P8); ``stat_levels`` (0, 1 or 2 per category, M-P7) only when the season
    progresses by stats; ``enhancements`` are the ones allowed for this match (M-E1/M-E2).
    """

    key: str
    name: str
    side: Side
    position: Position
    status: Status = Status.PRO
    veteran_actions: frozenset[Action] = frozenset()
    superstar: bool = False
    superstar_actions: frozenset[Action] = frozenset()
    stat_levels: Mapping[StatCategory, int] = field(default_factory=dict)
    enhancements: frozenset[EnhancementKind] = frozenset()
    # --- in-match state (the simulator owns it) -----------------------------------------------
    on_field: bool = False
    square: Square | None = None
    in_goalie_box: bool = False
    substitute_goalie: bool = False
    stunned_until_turn: int = -1
    hurt: bool = False
    incapacitated: bool = False
    move_mode: MoveMode = MoveMode.NORMAL
    has_ball: bool = False
    took_field: bool = False

    # Its own __init__, the dataclass's signature: mypyc compiles it natively (a dataclass's
    # runs interpreted; the simulator copies every player at the start of a match).
    def __init__(
        self,
        key: str,
        name: str,
        side: Side,
        position: Position,
        status: Status = Status.PRO,
        veteran_actions: frozenset[Action] = frozenset(),
        superstar: bool = False,
        superstar_actions: frozenset[Action] = frozenset(),
        stat_levels: Mapping[StatCategory, int] | None = None,
        enhancements: frozenset[EnhancementKind] = frozenset(),
        on_field: bool = False,
        square: Square | None = None,
        in_goalie_box: bool = False,
        substitute_goalie: bool = False,
        stunned_until_turn: int = -1,
        hurt: bool = False,
        incapacitated: bool = False,
        move_mode: MoveMode = MoveMode.NORMAL,
        has_ball: bool = False,
        took_field: bool = False,
    ) -> None:
        self.key = key
        self.name = name
        self.side = side
        self.position = position
        self.status = status
        self.veteran_actions = veteran_actions
        self.superstar = superstar
        self.superstar_actions = superstar_actions
        self.stat_levels = {} if stat_levels is None else stat_levels
        self.enhancements = enhancements
        self.on_field = on_field
        self.square = square
        self.in_goalie_box = in_goalie_box
        self.substitute_goalie = substitute_goalie
        self.stunned_until_turn = stunned_until_turn
        self.hurt = hurt
        self.incapacitated = incapacitated
        self.move_mode = move_mode
        self.has_ball = has_ball
        self.took_field = took_field

    @property
    def label(self) -> str:
        return f"{self.name} ({self.position.abbreviation})"

    def is_stunned(self, turn: int) -> bool:
        """M-T2: stunned players cannot act or tackle until the end of their team's next turn."""
        return turn <= self.stunned_until_turn


def snapshot_errors(snapshot: PlayerSnapshot) -> list[str]:
    """Clear messages for a snapshot that breaks M-P6, M-P8 or M-E1; empty when valid."""
    errors = [*_veteran_errors(snapshot), *_superstar_errors(snapshot)]
    for category, level in snapshot.stat_levels.items():
        if level not in (0, 1, 2):
            errors.append(f"Stat level for {category.label} must be 0, 1 or 2.")
    for kind in snapshot.enhancements:
        if not kind.allowed_for(snapshot.position):
            errors.append(f"A {snapshot.position.label} may not carry {kind.label}.")
    return errors


def _veteran_errors(snapshot: PlayerSnapshot) -> list[str]:
    """M-P6: Veteran actions only on a Veteran, and a pick his position allows."""
    errors: list[str] = []
    if snapshot.veteran_actions:
        if snapshot.status is not Status.VETERAN:
            errors.append("Only a Veteran has Veteran actions.")
        message = veteran_action_pick_error(snapshot.position, sorted(snapshot.veteran_actions))
        if message:
            errors.append(message)
    return errors


def _superstar_errors(snapshot: PlayerSnapshot) -> list[str]:
    """M-P8: Superstar actions only on a Superstar, and an allowed pick."""
    errors: list[str] = []
    if snapshot.superstar_actions:
        if not snapshot.superstar:
            errors.append("Only a Superstar has Superstar actions.")
        message = superstar_action_pick_error(sorted(snapshot.superstar_actions))
        if message:
            errors.append(message)
    return errors


def team_superstar_error(snapshots: Iterable[PlayerSnapshot]) -> str | None:
    """M-P8: no team has more than 3 Superstars."""
    count = sum(1 for s in snapshots if s.superstar)
    if count > MAX_SUPERSTARS:
        return f"A team may have at most {MAX_SUPERSTARS} Superstars (has {count})."
    return None


def stat_level(successes: int, settings: RuleSettings) -> int:
    """M-P7: 0 below ``stat_level_1`` successes, 1 from it, 2 from ``stat_level_2`` (the cap)."""
    if successes >= settings.stat_level_2:
        return 2
    if successes >= settings.stat_level_1:
        return 1
    return 0


def stat_levels(
    successes: Mapping[StatCategory, int], settings: RuleSettings
) -> dict[StatCategory, int]:
    """M-P7: the level in every category from a player's successful actions."""
    return {c: stat_level(successes.get(c, 0), settings) for c in StatCategory}
