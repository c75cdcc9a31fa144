"""E-D1, E-D2, E-L2: tackle strength, the referee's decision and its exact odds."""

from __future__ import annotations

import math
import random
from fractions import Fraction

import pytest

from rules.mn11 import (
    MAGIC_NUMBER,
    TackleCategory,
    VarCard,
    referee_decision,
    referee_odds,
    referee_options,
    tackle_category,
    tackle_strength,
)

N = 20_000


def test_e_d1_tackle_strength_is_attack_minus_defence() -> None:
    assert tackle_strength(attack_power=9, defence_power=6) == 3
    assert tackle_strength(attack_power=5, defence_power=8) == -3


@pytest.mark.parametrize(
    ("strength", "category"),
    [
        (7, TackleCategory.STRONG),
        (3, TackleCategory.STRONG),
        (2, TackleCategory.WEAK),
        (1, TackleCategory.WEAK),
        (0, TackleCategory.CLASH),
        (-4, TackleCategory.CLASH),
    ],
)
def test_e_d1_tackle_bands(strength: int, category: TackleCategory) -> None:
    assert tackle_category(strength) is category


def test_e_d1_a_magic_number_attack_is_always_a_strong_tackle() -> None:
    assert MAGIC_NUMBER == 11
    assert tackle_category(-2, magic_number=True) is TackleCategory.STRONG
    assert tackle_category(1, magic_number=True) is TackleCategory.STRONG


def test_e_d2_referee_options_per_band() -> None:
    assert referee_options(TackleCategory.STRONG) == (VarCard.PENALTY_KICK,)
    assert referee_options(TackleCategory.WEAK) == (VarCard.PENALTY_KICK, VarCard.FREE_KICK)
    assert referee_options(TackleCategory.CLASH) == (
        VarCard.PENALTY_KICK,
        VarCard.FREE_KICK,
        VarCard.NO_FOUL,
    )


def test_e_d2_strong_tackle_gives_a_penalty_and_a_warning_with_nothing_drawn() -> None:
    rng = random.Random(1)
    state = rng.getstate()
    decision = referee_decision(4, rng=rng)
    assert (decision.card, decision.warning, decision.draw) == (VarCard.PENALTY_KICK, True, None)
    assert rng.getstate() == state
    assert referee_decision(0, magic_number=True, rng=rng).warning


def test_e_d2_weak_and_clash_draw_a_var_card_recorded_without_a_warning() -> None:
    decision = referee_decision(1, rng=random.Random(5))
    assert decision.category is TackleCategory.WEAK
    assert not decision.warning
    assert decision.draw is not None
    assert decision.draw.options == ("penalty_kick", "free_kick")
    assert decision.card is VarCard(decision.draw.result)
    clash = referee_decision(-1, rng=random.Random(5))
    assert clash.draw is not None
    assert clash.draw.options == ("penalty_kick", "free_kick", "no_foul")
    assert clash.draw.purpose == "E-D2 VAR card (Clash)"


def test_e_l2_exact_odds_match_the_reference_fractions() -> None:
    half, third = Fraction(1, 2), Fraction(1, 3)
    assert referee_odds(5) == {
        VarCard.PENALTY_KICK: Fraction(1),
        VarCard.FREE_KICK: Fraction(0),
        VarCard.NO_FOUL: Fraction(0),
    }
    assert referee_odds(-3, magic_number=True)[VarCard.PENALTY_KICK] == 1
    # "a Weak tackle is a penalty half the time"
    assert referee_odds(2) == {
        VarCard.PENALTY_KICK: half,
        VarCard.FREE_KICK: half,
        VarCard.NO_FOUL: Fraction(0),
    }
    # "a Clash is a penalty, a free kick or no foul a third of the time each"
    assert referee_odds(0) == dict.fromkeys(VarCard, third)
    for strength in range(-10, 12):
        assert sum(referee_odds(strength).values()) == 1


@pytest.mark.parametrize("strength", [2, 1, 0, -5])
def test_e_l2_seeded_sample_of_decisions_within_4_sigma(strength: int) -> None:
    rng = random.Random(strength + 100)
    counts = dict.fromkeys(VarCard, 0)
    for _ in range(N):
        counts[referee_decision(strength, rng=rng).card] += 1
    for card, p in referee_odds(strength).items():
        sigma = math.sqrt(float(p) * (1 - float(p)) / N)
        assert abs(counts[card] / N - float(p)) <= 4 * sigma, (card, counts[card], p)
