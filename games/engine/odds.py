"""Exact odds of rolls and contests, for coach policies and for pages that show chances.

Pure functions of :class:`RollSpec`; callers that need speed keep their own cache.
"""

from __future__ import annotations

from fractions import Fraction

from .rolls import RollSpec

__all__ = ["beat_probability", "result_distribution", "tie_probability"]


def result_distribution(spec: RollSpec) -> dict[int, Fraction]:
    """Exact distribution of ``roll(spec).result`` (M-D3 floor of 1, M-D5/M-D6 better of)."""
    sides = spec.sides
    dice = spec.count + (1 if spec.best_of_two else 0)
    keep_low = spec.higher_wins is False
    distribution: dict[int, Fraction] = {}
    for face in range(1, sides + 1):
        if keep_low:  # P(min == face)
            p = Fraction(sides - face + 1, sides) ** dice - Fraction(sides - face, sides) ** dice
        else:  # P(max == face)
            p = Fraction(face, sides) ** dice - Fraction(face - 1, sides) ** dice
        result = max(1, face + spec.modifier)
        distribution[result] = distribution.get(result, Fraction(0)) + p
    return distribution


def _compare(a: RollSpec, b: RollSpec) -> tuple[Fraction, Fraction]:
    da, db = result_distribution(a), result_distribution(b)
    greater = Fraction(0)
    equal = Fraction(0)
    for x, px in da.items():
        for y, py in db.items():
            if x > y:
                greater += px * py
            elif x == y:
                equal += px * py
    return greater, equal


def tie_probability(a: RollSpec, b: RollSpec) -> Fraction:
    """P(the two results are equal)."""
    return _compare(a, b)[1]


def beat_probability(a: RollSpec, b: RollSpec, *, reroll_ties: bool = False) -> Fraction:
    """P(a's result is higher than b's); with ``reroll_ties`` the tie is rolled again (M-D4)."""
    greater, equal = _compare(a, b)
    if reroll_ties:
        if equal == 1:
            raise ValueError("the two rolls always tie")
        return greater / (1 - equal)
    return greater
