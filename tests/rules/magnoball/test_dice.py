"""M-D1, M-D3, M-D7, M-D8: dice sources, ladder and records."""

from __future__ import annotations

import random

import pytest

from rules.magnoball import (
    DiceExhaustedError,
    FaceOutOfRangeError,
    RandomDice,
    RollRecord,
    ScriptedDice,
    apply_modifier,
    die_label,
    shift_die,
)


def test_m_d8_scripted_dice_return_faces_in_order_and_report_exhaustion() -> None:
    dice = ScriptedDice([3, 6])
    assert not dice.exhausted
    assert dice.remaining == 2
    assert dice.roll(6) == 3
    assert dice.roll(20) == 6
    assert dice.exhausted
    with pytest.raises(DiceExhaustedError, match="exhausted"):
        dice.roll(6)


def test_m_d8_scripted_face_must_fit_the_die() -> None:
    with pytest.raises(FaceOutOfRangeError, match="d6"):
        ScriptedDice([7]).roll(6)
    with pytest.raises(FaceOutOfRangeError):
        ScriptedDice([0]).roll(6)


def test_m_d8_random_dice_are_reproducible_and_cover_every_face() -> None:
    a = RandomDice(random.Random(7))
    b = RandomDice(random.Random(7))
    rolls = [a.roll(6) for _ in range(600)]
    assert rolls == [b.roll(6) for _ in range(600)]
    assert set(rolls) == {1, 2, 3, 4, 5, 6}


def test_m_d8_random_dice_draw_what_randrange_draws_from_the_same_seed() -> None:
    """The engine's dice skip ``randrange``'s Python-level calls; the faces must not change."""
    dice = RandomDice(random.Random(11))
    reference = random.Random(11)
    sides = [4, 6, 8, 10, 12, 20, 2, 3, 5, 7] * 300
    assert [dice.roll(s) for s in sides] == [reference.randrange(s) + 1 for s in sides]


def test_m_d1_ladder_shifts_one_type_and_stays_at_d20() -> None:
    assert shift_die(12, -1) == 10
    assert shift_die(10, 1) == 12
    assert shift_die(12, 1) == 20
    assert shift_die(20, 1) == 20
    assert shift_die(20, -4) == 6


def test_m_d1_below_d6_is_not_allowed_without_the_d4() -> None:
    assert shift_die(6, -1) is None
    assert shift_die(8, -2) is None


def test_m_d7_d4_option_adds_one_rung() -> None:
    assert shift_die(6, -1, allow_d4=True) == 4
    assert shift_die(6, -2, allow_d4=True) is None


def test_m_d3_modified_result_below_one_counts_as_one_with_no_upper_cap() -> None:
    assert apply_modifier(1, -1) == 1
    assert apply_modifier(2, -3) == 1
    assert apply_modifier(20, 2) == 22


def test_m_d8_roll_record_round_trips_through_a_dict() -> None:
    record = RollRecord("tackle", "2d6", (3, 5), -1, 2, "p1", "x")
    assert RollRecord.from_dict(record.as_dict()) == record
    assert die_label(6, 2) == "2d6"
    assert die_label(20) == "d20"


def test_m_d8_roll_records_and_events_compare_and_hash_by_value() -> None:
    """Not frozen (for the compiled engine's speed), they still act as values."""
    from rules.magnoball import MatchEvent, Side

    a = RollRecord("shot", "d12", (7,), 0, 7, "h-0", "normal")
    b = RollRecord("shot", "d12", (7,), 0, 7, "h-0", "normal")
    assert a == b
    assert len({a, b}) == 1
    e = MatchEvent("move", 1, 3, Side.HOME, ("h-0",), (1, 2), (2, 3), None, "moves 1", (0,))
    f = MatchEvent("move", 1, 3, Side.HOME, ("h-0",), (1, 2), (2, 3), None, "moves 1", (0,))
    assert e == f
    assert hash(e) == hash(f)
    assert e != MatchEvent("move", 1, 3, Side.HOME, ("h-0",), (1, 2), (2, 4), None, "moves 1")
