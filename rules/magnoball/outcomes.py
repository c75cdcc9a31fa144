"""Small shared outcome vocabulary: conditions after contact and errors for disabled rules."""

from __future__ import annotations

from enum import StrEnum

from .errors import RuleNotAllowedError

__all__ = ["Condition", "RuleNotAllowedError"]


class Condition(StrEnum):
    """M-T2: what a tackle leaves a player as."""

    FINE = "fine"
    STUNNED = "stunned"  # stays on his square, cannot act or tackle until his team's next turn ends
    HURT = "hurt"  # off for the rest of the half
    INCAPACITATED = "incapacitated"  # off for the match, then M-I1/M-I2

    @property
    def leaves_field(self) -> bool:
        return self in (Condition.HURT, Condition.INCAPACITATED)
