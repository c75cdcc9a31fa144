"""E-D1, E-D2, E-L2: a tackle's strength, the referee's decision and its exact odds.

At the table the VAR card is drawn by hand; :func:`referee_decision` draws it from a seeded
``random.Random`` (recorded) for samples and aids, with the same odds as the table.
"""

from __future__ import annotations

import random
from dataclasses import dataclass
from fractions import Fraction

from .draws import DrawRecord, draw_one
from .vocabulary import TackleCategory, VarCard

__all__ = [
    "MAGIC_NUMBER",
    "RefereeDecision",
    "referee_decision",
    "referee_odds",
    "referee_options",
    "tackle_category",
    "tackle_strength",
]

#: An attack of exactly 11 cannot be stopped (and is always a Strong tackle, E-D1).
MAGIC_NUMBER = 11


def tackle_strength(*, attack_power: int, defence_power: int) -> int:
    """E-D1: Total Attack Power - Total Defence Power."""
    return attack_power - defence_power


def tackle_category(strength: int, *, magic_number: bool = False) -> TackleCategory:
    """E-D1, E-D2: Strong (3 or more, or a Magic Number attack), Weak (1 to 2), Clash (≤ 0)."""
    if magic_number or strength >= 3:
        return TackleCategory.STRONG
    if strength >= 1:
        return TackleCategory.WEAK
    return TackleCategory.CLASH


def referee_options(category: TackleCategory) -> tuple[VarCard, ...]:
    """E-D2: the decisions possible: a Strong tackle's Penalty Kick is given; a Weak one
    draws from {Penalty Kick, Free Kick}; a Clash from all three VAR cards."""
    if category is TackleCategory.STRONG:
        return (VarCard.PENALTY_KICK,)
    if category is TackleCategory.WEAK:
        return (VarCard.PENALTY_KICK, VarCard.FREE_KICK)
    return tuple(VarCard)


def referee_odds(strength: int, *, magic_number: bool = False) -> dict[VarCard, Fraction]:
    """E-L2: the exact chance of each decision given the tackle (every VAR card a key)."""
    options = referee_options(tackle_category(strength, magic_number=magic_number))
    return {card: Fraction(1, len(options)) if card in options else Fraction(0) for card in VarCard}


@dataclass(frozen=True, slots=True)
class RefereeDecision:
    """E-D2: the tackle's band, the decision, whether the defenders are warned, and the draw
    (None for a Strong tackle, where nothing is drawn)."""

    category: TackleCategory
    card: VarCard
    warning: bool
    draw: DrawRecord | None


def referee_decision(
    strength: int, *, magic_number: bool = False, rng: random.Random
) -> RefereeDecision:
    """E-D2: the referee's decision, a VAR card drawn from `rng` when the band calls for one."""
    category = tackle_category(strength, magic_number=magic_number)
    if category is TackleCategory.STRONG:
        return RefereeDecision(
            category=category, card=VarCard.PENALTY_KICK, warning=True, draw=None
        )
    options = [card.value for card in referee_options(category)]
    draw = draw_one(rng, options, purpose=f"E-D2 VAR card ({category.label})")
    return RefereeDecision(category=category, card=VarCard(draw.result), warning=False, draw=draw)
