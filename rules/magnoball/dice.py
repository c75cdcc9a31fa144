"""Dice sources, the die ladder and roll records (M-D1, M-D3, M-D7, M-D8).

A die is named by its number of sides (``6`` is a d6). Every rule takes a :class:`DiceSource`
so tests can script the faces and simulations can seed a ``random.Random``.
"""

from __future__ import annotations

import random
from collections.abc import Iterable
from dataclasses import dataclass
from typing import Final, Protocol

from .errors import DiceExhaustedError, FaceOutOfRangeError

__all__ = [
    "DIE_LADDER",
    "DIE_LADDER_WITH_D4",
    "DiceExhaustedError",
    "DiceSource",
    "FaceOutOfRangeError",
    "RandomDice",
    "RollRecord",
    "ScriptedDice",
    "apply_modifier",
    "die_label",
    "roll_die",
    "shift_die",
]

#: M-D1: the BattleBall ladder, lowest first. "One die type less/higher" moves one step.
DIE_LADDER: Final[tuple[int, ...]] = (6, 8, 10, 12, 20)
#: M-D7 ``d4`` option: the ladder gains a d4 below the d6 (for Maulers and Heavy Maulers).
DIE_LADDER_WITH_D4: Final[tuple[int, ...]] = (4, 6, 8, 10, 12, 20)


class DiceSource(Protocol):
    """Anything that rolls one die: a face from 1 to ``sides``."""

    def roll(self, sides: int) -> int: ...


class RandomDice:
    """A :class:`DiceSource` drawing from a seeded ``random.Random`` (reproducible, M-D8)."""

    __slots__ = ("_getrandbits", "_rng")

    def __init__(self, rng: random.Random) -> None:
        self._rng = rng
        self._getrandbits = rng.getrandbits

    def roll(self, sides: int) -> int:
        # Exactly ``rng.randrange(sides) + 1`` (CPython's _randbelow_with_getrandbits: draw
        # bit_length bits until below ``sides``), without its two Python-level calls: the
        # same faces from the same seed (tests/rules/magnoball/test_dice.py checks it).
        getrandbits = self._getrandbits
        bits = sides.bit_length()
        face = getrandbits(bits)
        while face >= sides:
            face = getrandbits(bits)
        return face + 1


def roll_die(dice: DiceSource, sides: int) -> int:
    """``dice.roll(sides)``. Compiled, the :class:`RandomDice` of every match is called
    natively; a method of a Protocol is a Python-level call (about 300 dice a match)."""
    if isinstance(dice, RandomDice):
        return dice.roll(sides)
    return dice.roll(sides)


class ScriptedDice:
    """Test dice: returns the given faces in order, checking each fits the die rolled."""

    __slots__ = ("_faces", "_position", "requests")

    def __init__(self, faces: Iterable[int]) -> None:
        self._faces: tuple[int, ...] = tuple(faces)
        self._position = 0
        #: The sides asked for, in order: lets a test check which dice a rule rolled.
        self.requests: list[int] = []

    def roll(self, sides: int) -> int:
        if self._position >= len(self._faces):
            raise DiceExhaustedError(
                f"scripted dice exhausted after {len(self._faces)} faces (asked for a d{sides})"
            )
        face = self._faces[self._position]
        if not 1 <= face <= sides:
            raise FaceOutOfRangeError(
                f"scripted face #{self._position + 1} is {face}, not on a d{sides}"
            )
        self._position += 1
        self.requests.append(sides)
        return face

    @property
    def remaining(self) -> int:
        """How many scripted faces have not been rolled yet."""
        return len(self._faces) - self._position

    @property
    def exhausted(self) -> bool:
        """True when every scripted face was consumed."""
        return self._position == len(self._faces)


@dataclass(slots=True, unsafe_hash=True)
class RollRecord:
    """M-D8: one recorded roll: why, which die, the faces, the modifier and the result.

    Never changed once made; not ``frozen``, with its own ``__init__``, for the compiled
    engine's speed (as :class:`~rules.magnoball.match_result.MatchEvent`).
    """

    purpose: str
    die: str
    faces: tuple[int, ...]
    modifier: int
    result: int
    actor: str | None = None
    detail: str = ""

    def __init__(
        self,
        purpose: str,
        die: str,
        faces: tuple[int, ...],
        modifier: int,
        result: int,
        actor: str | None = None,
        detail: str = "",
    ) -> None:
        self.purpose = purpose
        self.die = die
        self.faces = faces
        self.modifier = modifier
        self.result = result
        self.actor = actor
        self.detail = detail

    def as_dict(self) -> dict[str, object]:
        """A JSON-able dict (faces as a list)."""
        return {
            "purpose": self.purpose,
            "die": self.die,
            "faces": list(self.faces),
            "modifier": self.modifier,
            "result": self.result,
            "actor": self.actor,
            "detail": self.detail,
        }

    @classmethod
    def from_dict(cls, data: dict[str, object]) -> RollRecord:
        """Inverse of :meth:`as_dict`."""
        faces = data["faces"]
        assert isinstance(faces, list | tuple)
        actor = data.get("actor")
        return cls(
            purpose=str(data["purpose"]),
            die=str(data["die"]),
            faces=tuple(int(f) for f in faces),
            modifier=int(str(data["modifier"])),
            result=int(str(data["result"])),
            actor=None if actor is None else str(actor),
            detail=str(data.get("detail", "")),
        )


def die_label(sides: int, count: int = 1) -> str:
    """``die_label(6, 2) == "2d6"``; ``die_label(12) == "d12"``."""
    return f"{count}d{sides}" if count > 1 else f"d{sides}"


def apply_modifier(face: int, modifier: int) -> int:
    """M-D3: a modifier changes the number rolled; a result below 1 counts as 1, no upper cap."""
    result = face + modifier
    return result if result > 1 else 1


def shift_die(sides: int, steps: int, *, allow_d4: bool = False) -> int | None:
    """M-D1: move ``steps`` die types along the ladder (negative = lower).

    Above d20 stays d20. Below d6 returns ``None`` (not allowed) unless ``allow_d4`` (M-D7
    ``d4`` option), which adds exactly one rung, the d4.
    """
    ladder = DIE_LADDER_WITH_D4 if allow_d4 else DIE_LADDER
    if sides not in ladder:
        raise ValueError(f"d{sides} is not on the die ladder")
    index = ladder.index(sides) + steps
    if index >= len(ladder):
        return ladder[-1]
    if index < 0:
        return None
    return ladder[index]
