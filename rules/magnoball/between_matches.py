"""Between matches: injuries (M-I1 … M-I3), inspections (M-E2) and progression (M-P5, M-P7)."""

from __future__ import annotations

from collections.abc import Iterable
from dataclasses import dataclass

from .dice import DiceSource, RollRecord, die_label
from .outcomes import RuleNotAllowedError
from .settings import ProgressionMode, RuleSettings
from .vocabulary import EnhancementKind, Position, Status

__all__ = [
    "ForceHealOutcome",
    "IncapacitationOutcome",
    "InjuryDurationOutcome",
    "InspectionOutcome",
    "PermanentInjuryOutcome",
    "force_heal",
    "injury_duration",
    "inspect_player",
    "permanent_injury",
    "roll_incapacitation",
    "status_after_games",
]


@dataclass(frozen=True, slots=True)
class InjuryDurationOutcome:
    """M-I1: games missed (0: back for the next game)."""

    games_out: int
    roll: RollRecord


def injury_duration(
    dice: DiceSource, position: Position, *, actor: str | None = None
) -> InjuryDurationOutcome:
    """M-I1: roll the player's die type (Goalie d6, Heavy Mauler one d6) and halve it, rounding
    down: the games he misses; a 1 means back for the next game."""
    sides = position.injury_die
    face = dice.roll(sides)
    games = face // 2
    detail = f"out {games} game{'s' if games != 1 else ''}" if games else "back for the next game"
    record = RollRecord("injury_duration", die_label(sides), (face,), 0, face, actor, detail)
    return InjuryDurationOutcome(games, record)


@dataclass(frozen=True, slots=True)
class PermanentInjuryOutcome:
    """M-I2: a 1 on the same die ends the career; no roll when the setting is off."""

    career_over: bool
    roll: RollRecord | None


def permanent_injury(
    dice: DiceSource, position: Position, settings: RuleSettings, *, actor: str | None = None
) -> PermanentInjuryOutcome:
    """M-I2: when Incapacitated, roll the M-I1 die again; a 1 ends his career."""
    if not settings.permanent_injuries:
        return PermanentInjuryOutcome(False, None)
    sides = position.injury_die
    face = dice.roll(sides)
    detail = "career over" if face == 1 else "not permanent"
    record = RollRecord("permanent_injury", die_label(sides), (face,), 0, face, actor, detail)
    return PermanentInjuryOutcome(face == 1, record)


@dataclass(frozen=True, slots=True)
class IncapacitationOutcome:
    """M-I1 then M-I2 for one Incapacitated player, as the league service rolls them."""

    duration: InjuryDurationOutcome
    permanent: PermanentInjuryOutcome

    @property
    def rolls(self) -> tuple[RollRecord, ...]:
        extra = (self.permanent.roll,) if self.permanent.roll else ()
        return (self.duration.roll, *extra)


def roll_incapacitation(
    dice: DiceSource, position: Position, settings: RuleSettings, *, actor: str | None = None
) -> IncapacitationOutcome:
    """M-I1 and M-I2 in that order."""
    duration = injury_duration(dice, position, actor=actor)
    return IncapacitationOutcome(duration, permanent_injury(dice, position, settings, actor=actor))


@dataclass(frozen=True, slots=True)
class ForceHealOutcome:
    """M-I3: ``healed`` undoes the injury (games out and a career-ending injury)."""

    healed: bool
    rolls: tuple[RollRecord, ...]


def force_heal(
    dice: DiceSource, position: Position, settings: RuleSettings, *, actor: str | None = None
) -> ForceHealOutcome:
    """M-I3: roll the player's die type against a d10; higher heals, lower leaves the injury,
    ties re-roll (M-D4). The die is the M-I1 one (Goalie d6, Heavy Mauler one d6; Decided)."""
    if not settings.force_healing:
        raise RuleNotAllowedError("Force-healing is not used in this season.")
    sides = position.injury_die
    rolls: list[RollRecord] = []
    while True:
        face = dice.roll(sides)
        d10 = dice.roll(10)
        rolls.append(RollRecord("force_heal", die_label(sides), (face,), 0, face, actor, "player"))
        rolls.append(RollRecord("force_heal", "d10", (d10,), 0, d10, None, "d10 to beat"))
        if face != d10:
            return ForceHealOutcome(face > d10, tuple(rolls))


@dataclass(frozen=True, slots=True)
class InspectionOutcome:
    """M-E2: one player's inspection; ``detected`` (only when the opposing coach rolled
    higher) reveals every one of his ``enhancements``."""

    enhancements: tuple[EnhancementKind, ...]
    detected: bool
    rolls: tuple[RollRecord, ...]


def inspect_player(
    dice: DiceSource, enhancements: Iterable[EnhancementKind], *, actor: str | None = None
) -> InspectionOutcome:
    """M-E2: one inspection per player who carries enhancements (seed: "the Coach must roll a
    d10 for each player equipped with such an enhancement"): the owner's coach rolls d10,
    then the opposing coach d10; a tie does not detect; a detection reveals them all."""
    kinds = tuple(sorted(set(enhancements)))
    if not kinds:
        raise ValueError("only a player who carries enhancements is inspected")
    own = dice.roll(10)
    opposing = dice.roll(10)
    detected = opposing > own
    label = ", ".join(kind.label for kind in kinds)
    rolls = (
        RollRecord("inspection", "d10", (own,), 0, own, actor, f"{label}: owner's coach"),
        RollRecord(
            "inspection",
            "d10",
            (opposing,),
            0,
            opposing,
            actor,
            f"{label}: opposing coach, {'detected' if detected else 'not detected'}",
        ),
    )
    return InspectionOutcome(kinds, detected, rolls)


def status_after_games(status: Status, games_played: int, settings: RuleSettings) -> Status:
    """M-P5: Rookie → Pro after ``rookie_to_pro_games``, Pro → Veteran after
    ``pro_to_veteran_games`` (career games played). Status never goes down.

    Decided: in ``stats`` mode (M-P7) Rookies still become Pros by games, but nobody becomes a
    Veteran by games (stat levels give the bonuses instead).
    """
    if games_played < 0:
        raise ValueError("games_played cannot be negative")
    if status is Status.ROOKIE and games_played >= settings.rookie_to_pro_games:
        status = Status.PRO
    if (
        status is Status.PRO
        and settings.progression_mode is ProgressionMode.GAMES
        and games_played >= settings.pro_to_veteran_games
    ):
        status = Status.VETERAN
    return status
