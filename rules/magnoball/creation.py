"""Team creation: the 18 roster slots and their status and Superstar rolls (M-P2, M-P4, M-P8)."""

from __future__ import annotations

from dataclasses import dataclass

from .dice import DiceSource, RollRecord
from .settings import RuleSettings
from .vocabulary import (
    FIRST_STRING_ORDER,
    MAX_SUPERSTARS,
    SECOND_STRING_ORDER,
    Position,
    Status,
)

__all__ = [
    "NewPlayerSlot",
    "StatusRoll",
    "SuperstarRoll",
    "roll_new_roster",
    "roll_status",
    "roll_superstar",
    "roster_template",
    "status_for_face",
]


@dataclass(frozen=True, slots=True)
class StatusRoll:
    """M-P4: the d12 status roll and the status it gives."""

    status: Status
    roll: RollRecord


@dataclass(frozen=True, slots=True)
class SuperstarRoll:
    """M-P8: the d12 Superstar roll; ``ignored`` when a 12 came with 3 Superstars already."""

    superstar: bool
    ignored: bool
    roll: RollRecord


@dataclass(frozen=True, slots=True)
class NewPlayerSlot:
    """One of the 18 roster slots of a new team, with the rolls that decided it."""

    index: int
    position: Position
    first_string: bool
    status: Status
    superstar: bool
    rolls: tuple[RollRecord, ...]


def roster_template() -> tuple[tuple[Position, bool], ...]:
    """M-P2: (position, first_string) for the 18 slots, first string first."""
    return tuple((p, True) for p in FIRST_STRING_ORDER) + tuple(
        (p, False) for p in SECOND_STRING_ORDER
    )


def status_for_face(face: int) -> Status:
    """M-P4: d12 1-2 Rookie, 3-11 Pro, 12 Veteran."""
    if face <= 2:
        return Status.ROOKIE
    if face == 12:
        return Status.VETERAN
    return Status.PRO


def roll_status(dice: DiceSource, *, actor: str | None = None) -> StatusRoll:
    """M-P4: roll d12 for a new player's status."""
    face = dice.roll(12)
    status = status_for_face(face)
    record = RollRecord("status", "d12", (face,), 0, face, actor, status.label)
    return StatusRoll(status, record)


def roll_superstar(
    dice: DiceSource, *, superstars_so_far: int, actor: str | None = None
) -> SuperstarRoll:
    """M-P8: roll d12; a 12 makes a Superstar unless the team already has 3 (Decided: ignored)."""
    face = dice.roll(12)
    if face != 12:
        record = RollRecord("superstar", "d12", (face,), 0, face, actor, "not a Superstar")
        return SuperstarRoll(False, False, record)
    if superstars_so_far >= MAX_SUPERSTARS:
        detail = f"12 ignored: the team already has {MAX_SUPERSTARS} Superstars"
        record = RollRecord("superstar", "d12", (face,), 0, face, actor, detail)
        return SuperstarRoll(False, True, record)
    record = RollRecord("superstar", "d12", (face,), 0, face, actor, "Superstar")
    return SuperstarRoll(True, False, record)


def roll_new_roster(dice: DiceSource, settings: RuleSettings) -> tuple[NewPlayerSlot, ...]:
    """M-P2/M-P4/M-P8: the 18 slots of a new team, rolled slot by slot in template order.

    For each slot: the status d12 (when ``settings.status_roll``, else Pro), then the Superstar
    d12 (when ``settings.superstars``). Roll actors are ``"slot-<index>"``.
    """
    slots: list[NewPlayerSlot] = []
    superstars = 0
    for index, (position, first_string) in enumerate(roster_template()):
        actor = f"slot-{index}"
        rolls: list[RollRecord] = []
        status = Status.PRO
        if settings.status_roll:
            status_roll = roll_status(dice, actor=actor)
            status = status_roll.status
            rolls.append(status_roll.roll)
        superstar = False
        if settings.superstars:
            star = roll_superstar(dice, superstars_so_far=superstars, actor=actor)
            superstar = star.superstar
            superstars += superstar
            rolls.append(star.roll)
        slots.append(NewPlayerSlot(index, position, first_string, status, superstar, tuple(rolls)))
    return tuple(slots)
