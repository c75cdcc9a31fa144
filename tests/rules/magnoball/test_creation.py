"""M-P2, M-P4, M-P8: team creation rolls."""

from __future__ import annotations

import pytest

from rules.magnoball import (
    FIRST_STRING,
    ROSTER_SIZE,
    SECOND_STRING,
    Position,
    RuleSettings,
    ScriptedDice,
    Status,
    roll_new_roster,
)

PRO_NO_STAR = (5, 1)  # a status face of 5 (Pro) then a Superstar face of 1 (no)


def _faces(*pairs: tuple[int, int]) -> list[int]:
    """Pairs for the first slots, then Pro / no-Superstar for the rest of the 18."""
    faces = [f for pair in pairs for f in pair]
    faces += list(PRO_NO_STAR) * (ROSTER_SIZE - len(pairs))
    return faces


def test_m_p2_roster_has_eighteen_slots_in_template_order() -> None:
    slots = roll_new_roster(ScriptedDice(_faces()), RuleSettings())
    assert [s.index for s in slots] == list(range(18))
    assert [s.position.abbreviation for s in slots] == (
        [
            "FW",
            "FW",
            "WB",
            "WB",
            "HB",
            "HB",
            "FB",
            "FB",
            "MA",
            "HM",
            "GK",
            "FW",
            "WB",
            "HB",
            "FB",
            "MA",
            "HM",
            "GK",
        ]
    )
    assert [s.first_string for s in slots] == [True] * 11 + [False] * 7
    assert sum(FIRST_STRING.values()) == 11
    assert sum(SECOND_STRING.values()) == 7
    assert FIRST_STRING[Position.MAULER] == 1
    assert FIRST_STRING[Position.FORWARD] == 2


def test_m_p4_status_twelve_makes_a_veteran() -> None:
    slots = roll_new_roster(ScriptedDice(_faces((12, 1))), RuleSettings())
    assert slots[0].status is Status.VETERAN
    assert slots[1].status is Status.PRO


@pytest.mark.parametrize("face", [1, 2])
def test_m_p4_status_one_or_two_makes_a_rookie(face: int) -> None:
    slots = roll_new_roster(ScriptedDice(_faces((face, 1))), RuleSettings())
    assert slots[0].status is Status.ROOKIE


@pytest.mark.parametrize("face", [3, 7, 11])
def test_m_p4_status_three_to_eleven_makes_a_pro(face: int) -> None:
    slots = roll_new_roster(ScriptedDice(_faces((face, 1))), RuleSettings())
    assert slots[0].status is Status.PRO


def test_m_p4_m_p8_both_settings_on_roll_thirty_six_d12_status_then_superstar() -> None:
    dice = ScriptedDice(_faces())
    slots = roll_new_roster(dice, RuleSettings())
    assert dice.exhausted
    assert dice.requests == [12] * 36
    purposes = [r.purpose for s in slots for r in s.rolls]
    assert purposes == ["status", "superstar"] * 18
    assert all(r.actor == f"slot-{s.index}" for s in slots for r in s.rolls)


def test_m_p8_a_fourth_superstar_twelve_is_rolled_but_ignored() -> None:
    dice = ScriptedDice(_faces((5, 12), (5, 12), (5, 12), (5, 12), (5, 12)))
    slots = roll_new_roster(dice, RuleSettings())
    assert [s.superstar for s in slots[:5]] == [True, True, True, False, False]
    ignored = slots[3].rolls[1]
    assert ignored.result == 12
    assert "ignored" in ignored.detail
    assert "3" in ignored.detail
    assert sum(s.superstar for s in slots) == 3


def test_m_p4_m_p8_settings_off_roll_nothing_and_everyone_is_a_pro() -> None:
    dice = ScriptedDice([])
    settings = RuleSettings(status_roll=False, superstars=False)
    slots = roll_new_roster(dice, settings)
    assert len(slots) == ROSTER_SIZE
    assert all(s.status is Status.PRO and not s.superstar and s.rolls == () for s in slots)
    assert dice.requests == []


def test_m_p4_only_status_roll_on_rolls_eighteen_dice() -> None:
    dice = ScriptedDice([5] * 18)
    slots = roll_new_roster(dice, RuleSettings(superstars=False))
    assert dice.exhausted
    assert all(len(s.rolls) == 1 and s.rolls[0].purpose == "status" for s in slots)


def test_m_d8_creation_rolls_are_json_able() -> None:
    slots = roll_new_roster(ScriptedDice(_faces((12, 12))), RuleSettings())
    record = slots[0].rolls[0].as_dict()
    assert record == {
        "purpose": "status",
        "die": "d12",
        "faces": [12],
        "modifier": 0,
        "result": 12,
        "actor": "slot-0",
        "detail": "Veteran",
    }
