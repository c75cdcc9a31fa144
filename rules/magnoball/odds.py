"""Exact odds of rolls and contests, for coach policies and for pages that show chances.

Pure functions of :class:`RollSpec`. The float versions are memoised (``lru_cache``): the
cache only remembers answers of pure functions, so it never changes behaviour.
"""

from __future__ import annotations

from fractions import Fraction
from functools import lru_cache

from .roll_spec import RollSpec

__all__ = [
    "beat_probability",
    "float_distribution",
    "mean_result",
    "result_distribution",
    "sum_exceeds_chance",
    "tie_probability",
    "win_chance",
]


def _weights(spec: RollSpec) -> tuple[dict[int, int], int]:
    """``roll(spec).result``'s distribution as whole-number weights over ``sides ** dice``
    (M-D3 floor of 1, M-D5/M-D6 better of): exact, with no :class:`Fraction` made per face."""
    sides = spec.sides
    dice = spec.count + (1 if spec.best_of_two else 0)
    keep_low = spec.higher_wins is False
    weights: dict[int, int] = {}
    for face in range(1, sides + 1):
        if keep_low:  # ways for min == face
            w = (sides - face + 1) ** dice - (sides - face) ** dice
        else:  # ways for max == face
            w = face**dice - (face - 1) ** dice
        result = max(1, face + spec.modifier)
        weights[result] = weights.get(result, 0) + w
    return weights, sides**dice


def result_distribution(spec: RollSpec) -> dict[int, Fraction]:
    """Exact distribution of ``roll(spec).result`` (M-D3 floor of 1, M-D5/M-D6 better of)."""
    weights, total = _weights(spec)
    return {result: Fraction(w, total) for result, w in weights.items()}


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


# --- fast float odds for coach policies (memoised: pure functions of hashable specs) ---------


@lru_cache(maxsize=8192)
def float_distribution(spec: RollSpec) -> tuple[tuple[int, float], ...]:
    """:func:`result_distribution` as floats, sorted by result."""
    # int / int is correctly rounded, as float(Fraction) is: the very same floats.
    weights, total = _weights(spec)
    return tuple(sorted((r, w / total) for r, w in weights.items()))


@lru_cache(maxsize=65536)
def win_chance(a: RollSpec, b: RollSpec, reroll_ties: bool = False) -> float:
    """P(a's result beats b's in a's direction: higher, or lower when ``a.higher_wins`` is
    False); with ``reroll_ties`` the tie is rolled again."""
    low_wins = a.higher_wins is False
    greater = equal = 0.0
    db = float_distribution(b)  # once, not once per face of a
    for x, px in float_distribution(a):
        for y, py in db:
            if x == y:
                equal += px * py
            elif (x < y) if low_wins else (x > y):
                greater += px * py
    if reroll_ties:
        return greater / (1.0 - equal) if equal < 1.0 else 0.0
    return greater


@lru_cache(maxsize=65536)
def sum_exceeds_chance(a: RollSpec, b: RollSpec, target: int) -> float:
    """P(a + b > target): M-T8's pass total against the distance."""
    db = float_distribution(b)  # once, not once per face of a
    return sum(px * py for x, px in float_distribution(a) for y, py in db if x + y > target)


@lru_cache(maxsize=8192)
def mean_result(spec: RollSpec) -> float:
    return sum(r * p for r, p in float_distribution(spec))
