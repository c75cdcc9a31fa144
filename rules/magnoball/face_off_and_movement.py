"""Face-offs (M-G4) and movement rolls with Evading and Rushing (M-D5, M-G5)."""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass

from .dice import DiceSource, RollRecord
from .outcomes import RuleNotAllowedError
from .rolls import RollKind, RollSpecs, roll, roll_specs
from .settings import LoweringDieType, RuleSettings
from .snapshot import MoveMode, PlayerSnapshot
from .vocabulary import Position

__all__ = [
    "FaceOffOutcome",
    "MovementOutcome",
    "face_off",
    "move_mode_error",
    "movement_roll",
]


# Not frozen, with its own __init__: mypyc compiles that natively (a dataclass's runs
# interpreted); still equal and hashed by value (docs/performance.md, "Engine").
@dataclass(slots=True, unsafe_hash=True)
class FaceOffOutcome:
    """M-G4: who took possession, after how many rounds of rolling."""

    winner_key: str
    rounds: int
    rolls: tuple[RollRecord, ...]

    def __init__(self, winner_key: str, rounds: int, rolls: tuple[RollRecord, ...]) -> None:
        self.winner_key = winner_key
        self.rounds = rounds
        self.rolls = rolls


def face_off(
    dice: DiceSource,
    players: Sequence[PlayerSnapshot],
    settings: RuleSettings,
    *,
    specs: RollSpecs | None = None,
) -> FaceOffOutcome:
    """M-G4: every player in the face-off rolls; the highest takes possession.

    M-D4: only the tied leaders re-roll, until one leads alone. ``specs`` (default
    :func:`effective_roll`) gives the dice.
    """
    if not players:
        raise ValueError("a face-off needs at least one player")
    spec_of = specs or roll_specs(settings)
    face_off_specs = {p.key: spec_of(p, RollKind.FACE_OFF) for p in players}
    contenders = list(players)
    rolls: list[RollRecord] = []
    rounds = 0
    while True:
        rounds += 1
        results: list[tuple[int, PlayerSnapshot]] = []
        for player in contenders:
            spec = face_off_specs[player.key]
            assert spec is not None  # face-off rolls are never refused
            record = roll(dice, spec, "face_off", player.key, f"round {rounds}")
            rolls.append(record)
            results.append((record.result, player))
        best = max(r for r, _ in results)
        contenders = [p for r, p in results if r == best]
        if len(contenders) == 1:
            return FaceOffOutcome(contenders[0].key, rounds, tuple(rolls))


def move_mode_error(player: PlayerSnapshot, mode: MoveMode, settings: RuleSettings) -> str | None:
    """M-G5: ``None`` when ``player`` may move in ``mode``, else why not."""
    if mode is MoveMode.NORMAL:
        return None
    if not settings.evading_rushing:
        return "Evading and Rushing are not used in this season."
    if mode is MoveMode.RUSHING and player.position is Position.FORWARD:
        return "Forwards cannot Rush."
    if (
        mode is MoveMode.EVADING
        and player.position.is_mauler
        and settings.lowering_die_type is LoweringDieType.FORBID
    ):
        return f"A {player.position.label} cannot Evade without the Lowering Die Type option."
    return None


# Not frozen, with its own __init__: mypyc compiles that natively (a dataclass's runs
# interpreted); still equal and hashed by value (docs/performance.md, "Engine").
@dataclass(slots=True, unsafe_hash=True)
class MovementOutcome:
    """M-G3/M-D5: how many squares the player may move (0 on a Heavy Mauler malfunction)."""

    squares: int
    malfunction: bool
    mode: MoveMode
    roll: RollRecord

    def __init__(self, squares: int, malfunction: bool, mode: MoveMode, roll: RollRecord) -> None:
        self.squares = squares
        self.malfunction = malfunction
        self.mode = mode
        self.roll = roll


def movement_roll(
    dice: DiceSource,
    player: PlayerSnapshot,
    settings: RuleSettings,
    mode: MoveMode = MoveMode.NORMAL,
    *,
    specs: RollSpecs | None = None,
) -> MovementOutcome:
    """M-G3: roll the movement die (M-G5 Evading one type less, Rushing one type more).

    M-D5: a Heavy Mauler's doubles are a malfunction (no move; no fumble in MagnoBall). A
    Superstar Heavy Mauler re-rolls one die and the extra roll never malfunctions, so taking
    the better result he never malfunctions (M-D6). ``specs`` (default :func:`effective_roll`)
    gives the die.
    """
    error = move_mode_error(player, mode, settings)
    if error:
        raise RuleNotAllowedError(error)
    spec = (specs or roll_specs(settings))(player, RollKind.MOVE, mode=mode)
    if spec is None:  # pragma: no cover - move_mode_error already refused it
        raise RuleNotAllowedError("this movement is not allowed")
    record = roll(dice, spec, "movement", player.key, str(mode))
    faces = record.faces
    malfunction = spec.count == 2 and not spec.best_of_two and faces[0] == faces[1]
    if malfunction:
        record = RollRecord(
            record.purpose,
            record.die,
            faces,
            record.modifier,
            record.result,
            record.actor,
            f"{record.detail}; doubles: malfunction, no move",
        )
    return MovementOutcome(0 if malfunction else record.result, malfunction, mode, record)
