"""Exact probabilities of common contests against large seeded samples, within 4 sigma.

The exact values are enumerated here, independently of the engine's own odds module.
"""

from __future__ import annotations

import itertools
import math
import random
from collections.abc import Callable, Iterable
from fractions import Fraction

from rules.magnoball import (
    Action,
    Condition,
    Position,
    RandomDice,
    RollKind,
    RuleSettings,
    Side,
    Status,
    beat_probability,
    effective_roll,
    resolve_contact,
    shoot,
)
from rules.magnoball.odds import float_distribution, result_distribution
from rules.magnoball.roll_spec import RollSpec

from .helpers import player

DEFAULT = RuleSettings()
N = 20_000


def faces(sides: int, count: int = 1) -> Iterable[tuple[int, ...]]:
    return itertools.product(range(1, sides + 1), repeat=count)


def exact(a: list[int], b: list[int], *, reroll_ties: bool) -> Fraction:
    """P(a > b) for equally likely results, ties rolled again when asked."""
    wins = sum(1 for x in a for y in b if x > y)
    ties = sum(1 for x in a for y in b if x == y)
    total = len(a) * len(b)
    if reroll_ties:
        return Fraction(wins, total - ties)
    return Fraction(wins, total)


def assert_within_4_sigma(hits: int, p: Fraction) -> None:
    pf = float(p)
    sigma = math.sqrt(pf * (1 - pf) / N)
    assert abs(hits / N - pf) <= 4 * sigma, (hits / N, pf, sigma)


def sample(seed: int, trial: Callable[[RandomDice], bool]) -> int:
    dice = RandomDice(random.Random(seed))
    return sum(trial(dice) for _ in range(N))


def test_m_s1_pro_forward_shot_from_a_centre_square_against_a_pro_goalie() -> None:
    p = exact([f for (f,) in faces(20)], [f for (f,) in faces(20)], reroll_ties=True)
    assert p == Fraction(1, 2)
    fw, gk = player(Position.FORWARD, "fw"), player(Position.GOALIE, "gk", side=Side.AWAY)
    assert_within_4_sigma(sample(1, lambda d: shoot(d, fw, gk, DEFAULT).goal), p)


def test_m_s1_forward_shot_from_two_squares_out_rolls_a_d10() -> None:
    p = exact(list(range(1, 11)), list(range(1, 21)), reroll_ties=True)
    fw, gk = player(Position.FORWARD, "fw"), player(Position.GOALIE, "gk", side=Side.AWAY)
    hits = sample(2, lambda d: shoot(d, fw, gk, DEFAULT, range_squares=2).goal)
    assert_within_4_sigma(hits, p)


def test_m_p4_rookie_shooter_takes_the_worse_of_plus_minus_one() -> None:
    rookie_results = [max(1, f - 1) for f in range(1, 21)]
    p = exact(rookie_results, list(range(1, 21)), reroll_ties=True)
    assert p < Fraction(1, 2)
    fw = player(Position.FORWARD, "fw", status=Status.ROOKIE)
    gk = player(Position.GOALIE, "gk", side=Side.AWAY)
    assert_within_4_sigma(sample(3, lambda d: shoot(d, fw, gk, DEFAULT).goal), p)


def test_m_d5_heavy_mauler_better_of_2d6_tackling_a_fullback() -> None:
    hm_results = [min(pair) for pair in faces(6, 2)]
    # The Heavy Mauler wins (Hurts or Incapacitates) when his result is lower.
    p = exact(list(range(1, 9)), hm_results, reroll_ties=False)
    hm, fb = player(Position.HEAVY_MAULER, "hm"), player(Position.FULLBACK, "fb", side=Side.AWAY)

    def trial(d: RandomDice) -> bool:
        outcome = resolve_contact(d, hm, fb, DEFAULT)
        return outcome.defender_condition in (Condition.HURT, Condition.INCAPACITATED) and (
            outcome.attacker_condition is Condition.FINE
        )

    assert_within_4_sigma(sample(4, trial), p)


def test_m_d6_superstar_shooter_takes_the_better_of_two() -> None:
    star_results = [max(pair) for pair in faces(12, 2)]
    p = exact(star_results, list(range(1, 21)), reroll_ties=True)
    wb = player(
        Position.WINGBACK,
        "wb",
        superstar=True,
        superstar_actions=frozenset({Action.SCORING, Action.MOVEMENT}),
    )
    gk = player(Position.GOALIE, "gk", side=Side.AWAY)
    assert_within_4_sigma(sample(5, lambda d: shoot(d, wb, gk, DEFAULT).goal), p)


def test_odds_module_agrees_with_enumeration() -> None:
    wb = player(
        Position.WINGBACK,
        "wb",
        superstar=True,
        superstar_actions=frozenset({Action.SCORING, Action.MOVEMENT}),
    )
    gk = player(Position.GOALIE, "gk", side=Side.AWAY)
    shot = effective_roll(wb, RollKind.SHOT, DEFAULT)
    save = effective_roll(gk, RollKind.SAVE, DEFAULT)
    assert shot is not None
    assert save is not None
    star_results = [max(pair) for pair in faces(12, 2)]
    expected = exact(star_results, list(range(1, 21)), reroll_ties=True)
    assert beat_probability(shot, save, reroll_ties=True) == expected


def test_float_odds_are_the_enumerated_fractions_rounded_once() -> None:
    """The coach's float odds are each result's exact chance rounded to a float once (the
    floats the engine's matches were recorded with), floors of 1 and the better of two
    included: enumerated here face by face."""
    for sides, count, modifier, higher_wins, best_of_two in itertools.product(
        (4, 6, 8, 10, 12, 20), (1, 2), (-3, -1, 0, 2), (True, False, None), (False, True)
    ):
        spec = RollSpec(sides, count, modifier, higher_wins, best_of_two)
        dice = count + (1 if best_of_two else 0)
        keep = min if higher_wins is False else max
        counts: dict[int, int] = {}
        for roll in faces(sides, dice):
            result = max(1, keep(roll) + modifier)
            counts[result] = counts.get(result, 0) + 1
        total = sides**dice
        expected = tuple(sorted((r, float(Fraction(n, total))) for r, n in counts.items()))
        assert float_distribution(spec) == expected
        assert result_distribution(spec) == {r: Fraction(n, total) for r, n in counts.items()}
