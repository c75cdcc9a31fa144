"""M-I1 … M-I3, M-E2, M-P5, M-P7: between matches."""

from __future__ import annotations

import pytest

from rules.magnoball import (
    EnhancementKind,
    Position,
    ProgressionMode,
    RuleNotAllowedError,
    RuleSettings,
    ScriptedDice,
    StatCategory,
    Status,
    force_heal,
    injury_duration,
    inspect_player,
    permanent_injury,
    roll_incapacitation,
    stat_level,
    stat_levels,
    status_after_games,
)

DEFAULT = RuleSettings()


@pytest.mark.parametrize(("face", "games"), [(1, 0), (2, 1), (7, 3), (12, 6)])
def test_m_i1_injury_duration_is_half_the_roll_rounded_down(face: int, games: int) -> None:
    outcome = injury_duration(ScriptedDice([face]), Position.WINGBACK, actor="p")
    assert outcome.games_out == games
    assert outcome.roll.die == "d12"
    assert outcome.roll.purpose == "injury_duration"


def test_m_i1_goalie_and_heavy_mauler_roll_one_d6() -> None:
    for position in (Position.GOALIE, Position.HEAVY_MAULER):
        dice = ScriptedDice([6])
        assert injury_duration(dice, position).games_out == 3
        assert dice.requests == [6]


def test_m_i2_a_one_on_the_second_roll_ends_the_career() -> None:
    assert permanent_injury(ScriptedDice([1]), Position.FORWARD, DEFAULT).career_over
    assert not permanent_injury(ScriptedDice([2]), Position.FORWARD, DEFAULT).career_over
    off = permanent_injury(
        ScriptedDice([]), Position.FORWARD, RuleSettings(permanent_injuries=False)
    )
    assert off.roll is None
    assert not off.career_over


def test_m_i1_m_i2_incapacitation_rolls_duration_then_permanence() -> None:
    outcome = roll_incapacitation(ScriptedDice([9, 1]), Position.HALFBACK, DEFAULT, actor="p")
    assert outcome.duration.games_out == 4
    assert outcome.permanent.career_over
    assert [r.purpose for r in outcome.rolls] == ["injury_duration", "permanent_injury"]


def test_m_i3_force_healing_higher_than_the_d10_heals_and_ties_re_roll() -> None:
    dice = ScriptedDice([5, 5, 12, 4])
    outcome = force_heal(dice, Position.WINGBACK, DEFAULT)
    assert outcome.healed
    assert len(outcome.rolls) == 4
    assert dice.requests == [12, 10, 12, 10]
    assert not force_heal(ScriptedDice([3, 8]), Position.WINGBACK, DEFAULT).healed


def test_m_i3_goalie_force_heals_on_a_d6() -> None:
    dice = ScriptedDice([6, 5])
    assert force_heal(dice, Position.GOALIE, DEFAULT).healed
    assert dice.requests == [6, 10]


def test_m_i3_setting_off_refuses_force_healing() -> None:
    with pytest.raises(RuleNotAllowedError):
        force_heal(ScriptedDice([6, 5]), Position.GOALIE, RuleSettings(force_healing=False))


@pytest.mark.parametrize(
    ("own", "opposing", "detected"), [(3, 7, True), (7, 7, False), (8, 2, False)]
)
def test_m_e2_only_a_higher_opposing_roll_detects(own: int, opposing: int, detected: bool) -> None:
    outcome = inspect_player(ScriptedDice([own, opposing]), [EnhancementKind.EM_COIL])
    assert outcome.detected is detected
    assert [r.die for r in outcome.rolls] == ["d10", "d10"]


def test_m_e2_one_inspection_per_player_reveals_all_his_enhancements() -> None:
    """M-E2 (seed: "a d10 for each player equipped"): two enhancements, one pair of rolls;
    the detection reveals both."""
    dice = ScriptedDice([3, 8])
    kinds = [EnhancementKind.PULSE_MAGNET, EnhancementKind.EM_COIL]
    outcome = inspect_player(dice, kinds, actor="p1")
    assert dice.exhausted
    assert len(outcome.rolls) == 2
    assert outcome.detected
    assert set(outcome.enhancements) == set(kinds)
    assert all(r.actor == "p1" for r in outcome.rolls)


def test_m_e2_a_player_without_enhancements_is_not_inspected() -> None:
    with pytest.raises(ValueError, match="carries enhancements"):
        inspect_player(ScriptedDice([3, 8]), [])


@pytest.mark.parametrize(
    ("status", "games", "expected"),
    [
        (Status.ROOKIE, 2, Status.ROOKIE),
        (Status.ROOKIE, 3, Status.PRO),
        (Status.PRO, 24, Status.PRO),
        (Status.PRO, 25, Status.VETERAN),
        (Status.ROOKIE, 30, Status.VETERAN),
        (Status.VETERAN, 0, Status.VETERAN),
    ],
)
def test_m_p5_status_after_games(status: Status, games: int, expected: Status) -> None:
    assert status_after_games(status, games, DEFAULT) is expected


def test_m_p5_m_p7_stats_mode_makes_no_veteran_by_games() -> None:
    stats = RuleSettings(progression_mode=ProgressionMode.STATS)
    assert status_after_games(Status.PRO, 100, stats) is Status.PRO
    assert status_after_games(Status.ROOKIE, 3, stats) is Status.PRO


def test_m_p7_stat_levels_from_successes() -> None:
    assert [stat_level(n, DEFAULT) for n in (0, 9, 10, 19, 20, 500)] == [0, 0, 1, 1, 2, 2]
    levels = stat_levels({StatCategory.TACKLES: 12}, DEFAULT)
    assert levels[StatCategory.TACKLES] == 1
    assert levels[StatCategory.SAVES] == 0
    assert set(levels) == set(StatCategory)
