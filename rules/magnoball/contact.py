"""Tackles, assaults and strikes (M-T1 … M-T6) and stealing the ball (M-T4)."""

from __future__ import annotations

from dataclasses import dataclass
from enum import StrEnum
from typing import Final

from .dice import DiceSource, RollRecord
from .outcomes import Condition, RuleNotAllowedError
from .rolls import RollKind, RollSpecs, roll, roll_specs
from .settings import LoweringDieType, RuleSettings
from .snapshot import PlayerSnapshot

__all__ = [
    "BallAfterContact",
    "ContactKind",
    "ContactOutcome",
    "StealOutcome",
    "contact_error",
    "resolve_contact",
    "steal_ball",
]


class ContactKind(StrEnum):
    TACKLE = "tackle"  # M-T1
    ASSAULT = "assault"  # M-T5: one die type less, the assaulter is Stunned afterwards
    STRIKE = "strike"  # M-T6: the carrier assaults with the ball and is not Stunned on a win

    @property
    def roll_kind(self) -> RollKind:
        return _ROLL_KIND[self]


_ROLL_KIND: Final = {
    ContactKind.TACKLE: RollKind.TACKLE,
    ContactKind.ASSAULT: RollKind.ASSAULT,
    ContactKind.STRIKE: RollKind.STRIKE,
}


def contact_error(
    attacker: PlayerSnapshot, kind: ContactKind, settings: RuleSettings
) -> str | None:
    """``None`` when ``attacker`` may make this kind of contact (M-T5, M-T6, M-D7)."""
    if kind is ContactKind.TACKLE:
        return None
    if kind is ContactKind.ASSAULT and not settings.assault:
        return "Assault is not used in this season."
    if kind is ContactKind.STRIKE:
        if not settings.striking:
            return "Striking with the ball is not used in this season."
        if not attacker.has_ball:
            return "Only the ball carrier can strike with the ball."
    if attacker.position.is_mauler and settings.lowering_die_type is LoweringDieType.FORBID:
        return f"A {attacker.position.label} cannot {kind} without the Lowering Die Type option."
    return None


# Not frozen, with its own __init__: mypyc compiles that natively (a dataclass's runs
# interpreted); still equal and hashed by value (docs/performance.md, "Engine").
@dataclass(slots=True, unsafe_hash=True)
class StealOutcome:
    """M-T4: who took the ball (lower roll; ties re-roll)."""

    winner_key: str
    rolls: tuple[RollRecord, ...]

    def __init__(self, winner_key: str, rolls: tuple[RollRecord, ...]) -> None:
        self.winner_key = winner_key
        self.rolls = rolls


def steal_ball(
    dice: DiceSource,
    carrier: PlayerSnapshot,
    challenger: PlayerSnapshot,
    settings: RuleSettings,
    *,
    carrier_hurt: bool = False,
    challenger_hurt: bool = False,
    specs: RollSpecs | None = None,
) -> StealOutcome:
    """M-T4: both roll for the ball, lower takes it; a Hurt player rolls at +1 die type.

    The carrier rolls to resist (``RESIST_STEAL``: M-E1's EM Coil helps him only), the
    challenger to steal. M-D4: ties are re-rolled. ``specs`` (default :func:`effective_roll`)
    gives the dice.
    """
    spec_of = specs or roll_specs(settings)
    carrier_spec = spec_of(carrier, RollKind.RESIST_STEAL, hurt=carrier_hurt)
    challenger_spec = spec_of(challenger, RollKind.STEAL, hurt=challenger_hurt)
    assert carrier_spec is not None
    assert challenger_spec is not None
    rolls: list[RollRecord] = []
    while True:
        a = roll(dice, carrier_spec, "steal", carrier.key, "carrier")
        b = roll(dice, challenger_spec, "steal", challenger.key, "challenger")
        rolls += (a, b)
        if a.result != b.result:
            winner = carrier if a.result < b.result else challenger
            return StealOutcome(winner.key, tuple(rolls))


# Not frozen, with its own __init__: mypyc compiles that natively (a dataclass's runs
# interpreted); still equal and hashed by value (docs/performance.md, "Engine").
@dataclass(slots=True, unsafe_hash=True)
class BallAfterContact:
    """M-T4: where the ball goes after a contact in which a player held it.

    ``holder_key`` is ``None`` when the ball is loose on the carrier's square. When
    ``to_nearest_teammate`` the holder is leaving the field and the ball goes to his nearest
    team-mate on the field (the board knows who).
    """

    holder_key: str | None
    to_nearest_teammate: bool
    steal: StealOutcome | None

    def __init__(
        self,
        holder_key: str | None,
        to_nearest_teammate: bool,
        steal: StealOutcome | None,
    ) -> None:
        self.holder_key = holder_key
        self.to_nearest_teammate = to_nearest_teammate
        self.steal = steal


# Not frozen, with its own __init__: mypyc compiles that natively (a dataclass's runs
# interpreted); still equal and hashed by value (docs/performance.md, "Engine").
@dataclass(slots=True, unsafe_hash=True)
class ContactOutcome:
    """M-T1 … M-T6: the two results, each player's condition and the ball."""

    kind: ContactKind
    attacker_key: str
    defender_key: str
    attacker_result: int
    defender_result: int
    attacker_condition: Condition
    defender_condition: Condition
    ball: BallAfterContact | None
    rolls: tuple[RollRecord, ...]

    def __init__(
        self,
        kind: ContactKind,
        attacker_key: str,
        defender_key: str,
        attacker_result: int,
        defender_result: int,
        attacker_condition: Condition,
        defender_condition: Condition,
        ball: BallAfterContact | None,
        rolls: tuple[RollRecord, ...],
    ) -> None:
        self.kind = kind
        self.attacker_key = attacker_key
        self.defender_key = defender_key
        self.attacker_result = attacker_result
        self.defender_result = defender_result
        self.attacker_condition = attacker_condition
        self.defender_condition = defender_condition
        self.ball = ball
        self.rolls = rolls

    @property
    def winner_key(self) -> str | None:
        """The player who won the roll (lower result; M-P7 credits him a tackle); ties: None."""
        if self.attacker_result < self.defender_result:
            return self.attacker_key
        if self.defender_result < self.attacker_result:
            return self.defender_key
        return None


def _conditions(kind: ContactKind, attacker: int, defender: int) -> tuple[Condition, Condition]:
    """M-T2/M-T3/M-T5/M-T6: (attacker, defender) conditions from the two results."""
    if attacker < defender:
        target = Condition.INCAPACITATED if attacker == 1 else Condition.HURT
        # M-T5: an assaulter is Stunned even when he wins; M-T6: a striker is not.
        return (Condition.STUNNED if kind is ContactKind.ASSAULT else Condition.FINE), target
    if attacker > defender:
        return (Condition.HURT if defender == 1 else Condition.STUNNED), Condition.FINE
    return Condition.HURT, Condition.HURT  # M-T3: a tie hurts both


def resolve_contact(
    dice: DiceSource,
    attacker: PlayerSnapshot,
    defender: PlayerSnapshot,
    settings: RuleSettings,
    kind: ContactKind = ContactKind.TACKLE,
    *,
    specs: RollSpecs | None = None,
) -> ContactOutcome:
    """M-T1: attacker and defender roll, lower wins; M-T2/M-T3 outcomes; M-T4 for the ball.

    Each player's Evading/Rushing marker (``move_mode``) and ``has_ball`` are read from the
    snapshots; ``specs`` (default :func:`effective_roll`) gives the dice. Raises
    :class:`RuleNotAllowedError` for a contact the rules forbid.
    """
    error = contact_error(attacker, kind, settings)
    if error:
        raise RuleNotAllowedError(error)
    spec_of = specs or roll_specs(settings)
    attack_spec = spec_of(attacker, _ROLL_KIND[kind])
    defend_spec = spec_of(defender, RollKind.DEFEND)
    if attack_spec is None or defend_spec is None:  # pragma: no cover - contact_error refused
        raise RuleNotAllowedError(f"this {kind} is not allowed")
    # str(kind) is its value: Enum.value is a property that runs interpreted in the compiled
    # engine (docs/performance.md); the engine's StrEnums are formatted with str() alike.
    a = roll(dice, attack_spec, str(kind), attacker.key, "attacker")
    d = roll(dice, defend_spec, str(kind), defender.key, "defender")
    attacker_condition, defender_condition = _conditions(kind, a.result, d.result)
    rolls = [a, d]
    ball = None
    carrier = attacker if attacker.has_ball else defender if defender.has_ball else None
    if carrier is not None:
        ball = _ball_after(
            dice,
            settings,
            spec_of,
            attacker,
            defender,
            carrier,
            attacker_condition,
            defender_condition,
        )
        if ball.steal is not None:
            rolls += ball.steal.rolls
    return ContactOutcome(
        kind,
        attacker.key,
        defender.key,
        a.result,
        d.result,
        attacker_condition,
        defender_condition,
        ball,
        tuple(rolls),
    )


def _ball_after(
    dice: DiceSource,
    settings: RuleSettings,
    specs: RollSpecs,
    attacker: PlayerSnapshot,
    defender: PlayerSnapshot,
    carrier: PlayerSnapshot,
    attacker_condition: Condition,
    defender_condition: Condition,
) -> BallAfterContact:
    """M-T4 for the carrier of a contact."""
    other = defender if carrier is attacker else attacker
    carrier_condition = attacker_condition if carrier is attacker else defender_condition
    other_condition = defender_condition if carrier is attacker else attacker_condition
    incapacitated = Condition.INCAPACITATED
    if carrier_condition is incapacitated:
        if other_condition is incapacitated:
            return BallAfterContact(None, False, None)
        # The opponent takes the ball with no roll (to a team-mate if he is leaving himself).
        return BallAfterContact(other.key, other_condition.leaves_field, None)
    tie = attacker_condition is Condition.HURT and defender_condition is Condition.HURT
    if carrier_condition is not Condition.HURT and not tie:
        return BallAfterContact(carrier.key, False, None)  # Fine or Stunned: he keeps it
    steal = steal_ball(
        dice,
        carrier,
        other,
        settings,
        carrier_hurt=carrier_condition is Condition.HURT,
        challenger_hurt=other_condition is Condition.HURT,
        specs=specs,
    )
    winner_condition = carrier_condition if steal.winner_key == carrier.key else other_condition
    return BallAfterContact(steal.winner_key, winner_condition.leaves_field, steal)
