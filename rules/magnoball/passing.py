"""Hand-offs (M-T7), passes (M-T8) and blocking a pass (M-T9)."""

from __future__ import annotations

from dataclasses import dataclass

from .dice import DiceSource, RollRecord
from .outcomes import RuleNotAllowedError
from .rolls import RollKind, RollSpecs, roll, roll_specs
from .settings import RuleSettings
from .snapshot import PlayerSnapshot

__all__ = ["HandOffOutcome", "PassOutcome", "hand_off", "pass_ball"]


# Not frozen, with its own __init__: mypyc compiles that natively (a dataclass's runs
# interpreted); still equal and hashed by value (docs/performance.md, "Engine").
@dataclass(slots=True, unsafe_hash=True)
class HandOffOutcome:
    """M-T7: equal results fumble (the ball is loose next to the receiver)."""

    fumble: bool
    rolls: tuple[RollRecord, ...]

    def __init__(self, fumble: bool, rolls: tuple[RollRecord, ...]) -> None:
        self.fumble = fumble
        self.rolls = rolls


def hand_off(
    dice: DiceSource,
    giver: PlayerSnapshot,
    receiver: PlayerSnapshot,
    settings: RuleSettings,
    *,
    specs: RollSpecs | None = None,
) -> HandOffOutcome:
    """M-T7: hand-off to an adjacent team-mate: both roll their die; equal results fumble.

    No side wants a higher or lower number, so no bonus or Superstar re-roll applies
    (Decided); a Heavy Mauler keeps the higher of his two dice. ``specs`` (default
    :func:`effective_roll`) gives the dice.
    """
    spec_of = specs or roll_specs(settings)
    giver_spec = spec_of(giver, RollKind.HAND_OFF)
    receiver_spec = spec_of(receiver, RollKind.HAND_OFF)
    assert giver_spec is not None
    assert receiver_spec is not None
    a = roll(dice, giver_spec, "hand_off", giver.key, "giver")
    b = roll(dice, receiver_spec, "hand_off", receiver.key, "receiver")
    return HandOffOutcome(a.result == b.result, (a, b))


# Not frozen, with its own __init__: mypyc compiles that natively (a dataclass's runs
# interpreted); still equal and hashed by value (docs/performance.md, "Engine").
@dataclass(slots=True, unsafe_hash=True)
class PassOutcome:
    """M-T8/M-T9: the pass total and what became of the ball.

    ``completed``: the receiver has it. ``intercepted``: the blocker has it. ``blocked`` (not
    intercepted): loose next to the blocker. Otherwise (a failed pass): loose next to the
    receiver.
    """

    total: int
    distance: int
    completed: bool
    blocked: bool
    intercepted: bool
    blocker_key: str | None
    rolls: tuple[RollRecord, ...]

    def __init__(
        self,
        total: int,
        distance: int,
        completed: bool,
        blocked: bool,
        intercepted: bool,
        blocker_key: str | None,
        rolls: tuple[RollRecord, ...],
    ) -> None:
        self.total = total
        self.distance = distance
        self.completed = completed
        self.blocked = blocked
        self.intercepted = intercepted
        self.blocker_key = blocker_key
        self.rolls = rolls


def pass_ball(
    dice: DiceSource,
    passer: PlayerSnapshot,
    receiver: PlayerSnapshot,
    distance: int,
    settings: RuleSettings,
    blocker: PlayerSnapshot | None = None,
    *,
    specs: RollSpecs | None = None,
) -> PassOutcome:
    """M-T8: the football d6 (thrown by the passer) plus the receiver's die must exceed
    ``distance``. M-T9: an eligible ``blocker`` then rolls: below the total blocks, a 1
    intercepts.

    Decided: Passing bonuses apply to both rolls of the pass (the passer's on the d6, the
    receiver's on his die); the block is rolled only against a pass that would arrive.
    ``specs`` (default :func:`effective_roll`) gives the dice.
    """
    if blocker is not None and not settings.pass_blocking:
        raise RuleNotAllowedError("Blocking passes is not used in this season.")
    spec_of = specs or roll_specs(settings)
    throw_spec = spec_of(passer, RollKind.PASS_THROW)
    catch_spec = spec_of(receiver, RollKind.PASS_CATCH)
    assert throw_spec is not None
    assert catch_spec is not None
    throw = roll(dice, throw_spec, "pass", passer.key, "football d6")
    catch = roll(dice, catch_spec, "pass", receiver.key, "receiver")
    total = throw.result + catch.result
    rolls = [throw, catch]
    if total <= distance:
        return PassOutcome(total, distance, False, False, False, None, tuple(rolls))
    if blocker is not None:
        block_spec = spec_of(blocker, RollKind.BLOCK_PASS)
        assert block_spec is not None
        block = roll(dice, block_spec, "block_pass", blocker.key, f"against {total}")
        rolls.append(block)
        if block.result < total:
            intercepted = block.result == 1
            return PassOutcome(total, distance, False, True, intercepted, blocker.key, tuple(rolls))
        return PassOutcome(total, distance, True, False, False, blocker.key, tuple(rolls))
    return PassOutcome(total, distance, True, False, False, None, tuple(rolls))
