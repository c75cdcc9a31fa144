"""Table dice: faces a coach rolled at the table, entered and checked, then played through the
engine's own rule functions (docs/rules-decisions.md, "Table dice").

A rule function takes any DiceSource, so the one rule implementation resolves server dice
and entered faces alike: `faces_resolve` hands it an :class:`EnteredDice` and refuses, with a
clear message, a face that is not on the die the rule asks for, too few faces (a tie that
re-rolls needs its re-roll, M-D4) or too many.
"""

from __future__ import annotations

from collections.abc import Callable, Sequence
from typing import Any, TypeVar

from league.errors import DomainError

T = TypeVar("T")

#: The most faces one entry may carry (force-healing ties re-roll; a new team rolls 36).
MAX_FACES = 60


class _TooFewFaces(Exception):
    def __init__(self, sides: int) -> None:
        self.sides = sides


class _FaceNotOnDie(Exception):
    def __init__(self, index: int, face: int, sides: int) -> None:
        self.index, self.face, self.sides = index, face, sides


class EnteredDice:
    """A DiceSource that returns the entered faces in order, checking each is on the die
    the rule rolls (M-D1: 1 to the die's sides)."""

    def __init__(self, faces: Sequence[int]) -> None:
        self._faces = tuple(faces)
        self._position = 0
        #: The dice the rule asked for, in order (for the messages).
        self.requests: list[int] = []

    def roll(self, sides: int) -> int:
        if self._position >= len(self._faces):
            raise _TooFewFaces(sides)
        face = self._faces[self._position]
        if not 1 <= face <= sides:
            raise _FaceNotOnDie(self._position, face, sides)
        self._position += 1
        self.requests.append(sides)
        return face

    @property
    def remaining(self) -> int:
        return len(self._faces) - self._position


def faces_clean(faces: Any, *, field: str = "faces") -> list[int]:
    """The entered faces as a list of whole numbers, or a refusal naming `field`."""
    if isinstance(faces, int) and not isinstance(faces, bool):
        faces = [faces]
    if (
        not isinstance(faces, list | tuple)
        or not faces
        or len(faces) > MAX_FACES
        or not all(isinstance(f, int) and not isinstance(f, bool) for f in faces)
    ):
        raise DomainError(
            "Enter the faces you rolled as whole numbers, in the order rolled.",
            code="bad_faces",
            field=field,
        )
    return list(faces)


def faces_resolve(
    faces: Any, rule: Callable[[EnteredDice], T], *, field: str = "faces", what: str = "roll"
) -> T:
    """Run `rule` on the entered `faces`; refuse (changing nothing) unless every face is on
    its die and the rule used exactly all of them."""
    entered = faces_clean(faces, field=field)
    dice = EnteredDice(entered)
    try:
        outcome = rule(dice)
    except _FaceNotOnDie as bad:
        which = (
            f"Face {bad.index + 1} of the {what} is {bad.face}, which"
            if len(entered) > 1
            else f"{bad.face}"
        )
        raise DomainError(
            f"{which} is not on a d{bad.sides}: enter 1 to {bad.sides}.",
            code="bad_faces",
            field=field,
        ) from None
    except _TooFewFaces as short:
        done = len(dice.requests)
        raise DomainError(
            f"Not enough faces for the {what}: after {done}, the rules roll a "
            f"d{short.sides} (a tie is rolled again, M-D4).",
            code="bad_faces",
            field=field,
        ) from None
    if dice.remaining:
        used = len(dice.requests)
        raise DomainError(
            f"Enter exactly {used} face{'s' if used != 1 else ''} for the {what}, "
            f"not {used + dice.remaining}.",
            code="bad_faces",
            field=field,
        )
    return outcome
