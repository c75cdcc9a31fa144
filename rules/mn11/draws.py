"""Random draws the service makes itself (an automatic draft pick, an order among tied
teams, a VAR card in a sample): from a seeded ``random.Random``, each one recorded."""

from __future__ import annotations

import random
from collections.abc import Mapping, Sequence
from dataclasses import dataclass

__all__ = ["DrawRecord", "draw_one"]


@dataclass(frozen=True, slots=True)
class DrawRecord:
    """One draw: why, the options in the order offered, the index drawn and its option."""

    purpose: str
    options: tuple[str, ...]
    index: int
    result: str
    actor: str | None = None

    def as_dict(self) -> dict[str, object]:
        """JSON-able (options as a list)."""
        return {
            "purpose": self.purpose,
            "options": list(self.options),
            "index": self.index,
            "result": self.result,
            "actor": self.actor,
        }

    @classmethod
    def from_dict(cls, data: Mapping[str, object]) -> DrawRecord:
        """Inverse of :meth:`as_dict`."""
        options = data["options"]
        assert isinstance(options, list | tuple)
        actor = data.get("actor")
        return cls(
            purpose=str(data["purpose"]),
            options=tuple(str(option) for option in options),
            index=int(str(data["index"])),
            result=str(data["result"]),
            actor=None if actor is None else str(actor),
        )


def draw_one(
    rng: random.Random, options: Sequence[str], *, purpose: str, actor: str | None = None
) -> DrawRecord:
    """Each option equally likely; raises ValueError when there is nothing to draw."""
    if not options:
        raise ValueError(f"Nothing to draw for {purpose}.")
    index = rng.randrange(len(options))
    return DrawRecord(
        purpose=purpose, options=tuple(options), index=index, result=options[index], actor=actor
    )
