"""M-G4, M-G5, M-T1 … M-T9, M-S1 … M-S5: every action with scripted dice."""

from __future__ import annotations

from typing import Any

import pytest

from rules.magnoball import (
    Action,
    Condition,
    ContactKind,
    ContactOutcome,
    EnhancementKind,
    GoalZone,
    LoweringDieType,
    MoveMode,
    PlayerSnapshot,
    Position,
    RuleNotAllowedError,
    RuleSettings,
    ScriptedDice,
    Side,
    face_off,
    hand_off,
    move_mode_error,
    movement_roll,
    pass_ball,
    resolve_contact,
    shoot,
    shot_error,
    steal_ball,
    walk_in_points,
)

from .helpers import player

DEFAULT = RuleSettings()


def away(position: Position, key: str, **kw: Any) -> PlayerSnapshot:
    return player(position, key, side=Side.AWAY, **kw)


# --- M-G4 face-off ------------------------------------------------------------------------


def test_m_g4_highest_face_off_roll_takes_possession() -> None:
    players = [player(Position.FORWARD, "h1"), away(Position.FORWARD, "a1")]
    outcome = face_off(ScriptedDice([7, 15]), players, DEFAULT)
    assert outcome.winner_key == "a1"
    assert outcome.rounds == 1


def test_m_g4_m_d4_only_tied_leaders_re_roll() -> None:
    players = [
        player(Position.FORWARD, "h1"),
        player(Position.FORWARD, "h2"),
        away(Position.FORWARD, "a1"),
        away(Position.FORWARD, "a2"),
    ]
    dice = ScriptedDice([18, 3, 18, 5, 4, 9])
    outcome = face_off(dice, players, DEFAULT)
    assert outcome.winner_key == "a1"
    assert outcome.rounds == 2
    assert [r.actor for r in outcome.rolls[4:]] == ["h1", "a1"]
    assert dice.exhausted


# --- M-G5 / M-D5 movement -----------------------------------------------------------------


def test_m_g5_forwards_cannot_rush_and_maulers_need_m_d7_to_evade() -> None:
    assert move_mode_error(player(Position.FORWARD), MoveMode.RUSHING, DEFAULT)
    assert move_mode_error(player(Position.MAULER), MoveMode.EVADING, DEFAULT)
    d4 = RuleSettings(lowering_die_type=LoweringDieType.D4)
    assert move_mode_error(player(Position.MAULER), MoveMode.EVADING, d4) is None
    off = RuleSettings(evading_rushing=False)
    assert move_mode_error(player(Position.WINGBACK), MoveMode.EVADING, off)
    with pytest.raises(RuleNotAllowedError, match="Rush"):
        movement_roll(ScriptedDice([5]), player(Position.FORWARD), DEFAULT, MoveMode.RUSHING)


def test_m_g5_evading_forward_moves_on_a_d12() -> None:
    dice = ScriptedDice([11])
    outcome = movement_roll(dice, player(Position.FORWARD), DEFAULT, MoveMode.EVADING)
    assert outcome.squares == 11
    assert dice.requests == [12]


def test_m_d5_heavy_mauler_doubles_malfunction_and_do_not_move() -> None:
    outcome = movement_roll(ScriptedDice([4, 4]), player(Position.HEAVY_MAULER), DEFAULT)
    assert outcome.malfunction
    assert outcome.squares == 0
    assert "malfunction" in outcome.roll.detail
    assert not movement_roll(
        ScriptedDice([4, 5]), player(Position.HEAVY_MAULER), DEFAULT
    ).malfunction


def test_m_d6_superstar_heavy_mauler_extra_roll_never_malfunctions() -> None:
    hm = player(
        Position.HEAVY_MAULER,
        superstar=True,
        superstar_actions=frozenset({Action.MOVEMENT, Action.STEALING}),
    )
    outcome = movement_roll(ScriptedDice([4, 4, 4]), hm, DEFAULT)
    assert not outcome.malfunction
    assert outcome.squares == 4


def test_m_d5_rushing_heavy_mauler_single_d8_cannot_malfunction() -> None:
    dice = ScriptedDice([8])
    outcome = movement_roll(dice, player(Position.HEAVY_MAULER), DEFAULT, MoveMode.RUSHING)
    assert (outcome.squares, outcome.malfunction, dice.requests) == (8, False, [8])


# --- M-T1 … M-T3 tackles ----------------------------------------------------------------------


def tackle(faces: list[int], **kw: Any) -> ContactOutcome:
    tackler = player(Position.HALFBACK, "t")
    target = away(Position.WINGBACK, "x", **kw)
    return resolve_contact(ScriptedDice(faces), tackler, target, DEFAULT)


def test_m_t2_tackler_lower_hurts_the_target() -> None:
    outcome = tackle([3, 8])
    assert (outcome.attacker_condition, outcome.defender_condition) == (
        Condition.FINE,
        Condition.HURT,
    )
    assert outcome.winner_key == "t"


def test_m_t2_tackler_result_of_1_incapacitates_target() -> None:
    outcome = tackle([1, 8])
    assert outcome.defender_condition is Condition.INCAPACITATED


def test_m_t2_tackler_higher_is_only_stunned() -> None:
    outcome = tackle([9, 4])
    assert (outcome.attacker_condition, outcome.defender_condition) == (
        Condition.STUNNED,
        Condition.FINE,
    )
    assert outcome.winner_key == "x"


def test_m_t2_tackler_higher_is_hurt_when_the_target_rolls_1() -> None:
    assert tackle([9, 1]).attacker_condition is Condition.HURT


def test_m_t3_a_tie_hurts_both() -> None:
    outcome = tackle([5, 5])
    assert outcome.attacker_condition is outcome.defender_condition is Condition.HURT
    assert outcome.winner_key is None
    assert outcome.ball is None


def test_m_t3_m_t4_a_tie_with_the_ball_rolls_for_it_and_the_winner_leaves_it_to_a_teammate() -> (
    None
):
    # tie 5-5, then steal: carrier (target, Hurt: d20) 2, tackler (Hurt: d12) 6
    dice = ScriptedDice([5, 5, 2, 6])
    tackler = player(Position.HALFBACK, "t")
    target = away(Position.FORWARD, "x", has_ball=True)
    outcome = resolve_contact(dice, tackler, target, DEFAULT)
    assert outcome.ball is not None
    assert outcome.ball.holder_key == "x"
    assert outcome.ball.to_nearest_teammate
    assert dice.requests == [10, 20, 20, 12]


def test_m_t4_hurt_carrier_steals_at_plus_one_die_type() -> None:
    # tackler 2 beats the carrier's 9: carrier Hurt; steal: carrier d10->d12, tackler d10
    dice = ScriptedDice([2, 9, 4, 7])
    tackler = player(Position.HALFBACK, "t")
    carrier = away(Position.HALFBACK, "x", has_ball=True)
    outcome = resolve_contact(dice, tackler, carrier, DEFAULT)
    assert outcome.defender_condition is Condition.HURT
    assert dice.requests == [10, 10, 12, 10]
    assert outcome.ball is not None
    assert outcome.ball.holder_key == "x"  # the Hurt carrier kept it (4 < 7) ...
    assert outcome.ball.to_nearest_teammate  # ... and it goes to his nearest team-mate


def test_m_t4_incapacitated_carrier_loses_the_ball_with_no_roll() -> None:
    dice = ScriptedDice([1, 9])
    outcome = resolve_contact(
        dice, player(Position.HALFBACK, "t"), away(Position.HALFBACK, "x", has_ball=True), DEFAULT
    )
    assert outcome.ball is not None
    assert outcome.ball.holder_key == "t"
    assert outcome.ball.steal is None
    assert dice.exhausted


def test_m_t4_stunned_carrier_keeps_the_ball() -> None:
    carrier = player(Position.HALFBACK, "c", has_ball=True)
    outcome = resolve_contact(ScriptedDice([9, 4]), carrier, away(Position.HALFBACK, "x"), DEFAULT)
    assert outcome.attacker_condition is Condition.STUNNED
    assert outcome.ball is not None
    assert outcome.ball.holder_key == "c"


def test_m_t4_m_d4_steal_ties_re_roll_and_lower_takes_the_ball() -> None:
    dice = ScriptedDice([4, 4, 6, 2])
    outcome = steal_ball(
        dice, player(Position.FULLBACK, "c"), away(Position.FULLBACK, "x"), DEFAULT
    )
    assert outcome.winner_key == "x"
    assert len(outcome.rolls) == 4


def test_m_e1_em_coil_helps_only_the_carrier_resist_a_steal() -> None:
    """M-E1 (seed: "-1 to resist Stealing the Ball"): the coil's -1 is the carrier's; a
    challenger with a coil rolls his plain die."""
    coil = frozenset({EnhancementKind.EM_COIL})
    # The carrier's coil turns his 5 into 4, under the challenger's 5: he keeps the ball.
    carrier = player(Position.FULLBACK, "c", enhancements=coil)
    outcome = steal_ball(ScriptedDice([5, 5]), carrier, away(Position.FULLBACK, "x"), DEFAULT)
    assert outcome.winner_key == "c"
    assert [r.modifier for r in outcome.rolls] == [-1, 0]
    # The challenger's coil does nothing: 5 v 5 is a tie and re-rolls (then 6 v 2).
    dice = ScriptedDice([5, 5, 6, 2])
    challenger = away(Position.FULLBACK, "x", enhancements=coil)
    outcome = steal_ball(dice, player(Position.FULLBACK, "c"), challenger, DEFAULT)
    assert [r.modifier for r in outcome.rolls] == [0, 0, 0, 0]
    assert outcome.winner_key == "x"


# --- M-T5 / M-T6 ----------------------------------------------------------------------------


def test_m_t5_assaulter_is_stunned_even_when_he_wins() -> None:
    dice = ScriptedDice([2, 8])
    outcome = resolve_contact(
        dice,
        player(Position.WINGBACK, "a"),
        away(Position.WINGBACK, "x"),
        DEFAULT,
        ContactKind.ASSAULT,
    )
    assert (outcome.attacker_condition, outcome.defender_condition) == (
        Condition.STUNNED,
        Condition.HURT,
    )
    assert dice.requests == [10, 12]


def test_m_t5_m_d7_maulers_cannot_assault_unless_the_option_allows() -> None:
    with pytest.raises(RuleNotAllowedError, match="Lowering Die Type"):
        resolve_contact(
            ScriptedDice([1, 1]),
            player(Position.MAULER, "m"),
            away(Position.WINGBACK, "x"),
            DEFAULT,
            ContactKind.ASSAULT,
        )
    d4 = RuleSettings(lowering_die_type=LoweringDieType.D4)
    dice = ScriptedDice([1, 3])
    resolve_contact(
        dice, player(Position.MAULER, "m"), away(Position.WINGBACK, "x"), d4, ContactKind.ASSAULT
    )
    assert dice.requests == [4, 12]


def test_m_t5_assault_setting_off_refuses_it() -> None:
    with pytest.raises(RuleNotAllowedError, match="Assault"):
        resolve_contact(
            ScriptedDice([1, 1]),
            player(Position.WINGBACK, "a"),
            away(Position.WINGBACK, "x"),
            RuleSettings(assault=False),
            ContactKind.ASSAULT,
        )


def test_m_t6_striker_keeps_the_ball_and_is_not_stunned_after_winning() -> None:
    striker = player(Position.FORWARD, "s", has_ball=True)
    dice = ScriptedDice([3, 9])
    outcome = resolve_contact(
        dice, striker, away(Position.WINGBACK, "x"), DEFAULT, ContactKind.STRIKE
    )
    assert outcome.attacker_condition is Condition.FINE
    assert outcome.defender_condition is Condition.HURT
    assert outcome.ball is not None
    assert outcome.ball.holder_key == "s"
    assert dice.requests == [12, 12]


def test_m_t6_striker_who_loses_is_stunned_or_hurt_on_a_target_1() -> None:
    striker = player(Position.FORWARD, "s", has_ball=True)
    lost = resolve_contact(
        ScriptedDice([9, 3]), striker, away(Position.WINGBACK, "x"), DEFAULT, ContactKind.STRIKE
    )
    assert lost.attacker_condition is Condition.STUNNED
    hurt = resolve_contact(
        ScriptedDice([9, 1, 5, 5, 3, 8]),
        striker,
        away(Position.WINGBACK, "x"),
        DEFAULT,
        ContactKind.STRIKE,
    )
    assert hurt.attacker_condition is Condition.HURT
    assert hurt.ball is not None
    assert hurt.ball.steal is not None


def test_m_t6_only_the_carrier_strikes() -> None:
    with pytest.raises(RuleNotAllowedError, match="carrier"):
        resolve_contact(
            ScriptedDice([1, 1]),
            player(Position.FORWARD, "s"),
            away(Position.WINGBACK, "x"),
            DEFAULT,
            ContactKind.STRIKE,
        )


# --- M-T7 … M-T9 ------------------------------------------------------------------------------


def test_m_t7_equal_hand_off_results_fumble() -> None:
    giver, receiver = player(Position.FORWARD, "g"), player(Position.WINGBACK, "r")
    assert hand_off(ScriptedDice([6, 6]), giver, receiver, DEFAULT).fumble
    assert not hand_off(ScriptedDice([6, 7]), giver, receiver, DEFAULT).fumble


def test_m_t8_pass_total_must_exceed_the_distance() -> None:
    passer, receiver = player(Position.FORWARD, "p"), player(Position.FULLBACK, "r")
    dice = ScriptedDice([2, 3])
    done = pass_ball(dice, passer, receiver, 4, DEFAULT)
    assert (done.total, done.completed) == (5, True)
    assert dice.requests == [6, 8]
    failed = pass_ball(ScriptedDice([2, 3]), passer, receiver, 5, DEFAULT)
    assert not failed.completed
    assert not failed.blocked


def test_m_t9_blocker_rolling_under_the_total_blocks() -> None:
    passer, receiver = player(Position.FORWARD, "p"), player(Position.FULLBACK, "r")
    blocker = away(Position.HALFBACK, "b")
    blocked = pass_ball(ScriptedDice([4, 5, 8]), passer, receiver, 3, DEFAULT, blocker)
    assert (blocked.blocked, blocked.intercepted, blocked.completed) == (True, False, False)
    missed = pass_ball(ScriptedDice([4, 5, 9]), passer, receiver, 3, DEFAULT, blocker)
    assert missed.completed


def test_m_t9_blocker_rolling_1_intercepts() -> None:
    passer, receiver = player(Position.FORWARD, "p"), player(Position.FULLBACK, "r")
    outcome = pass_ball(
        ScriptedDice([4, 5, 1]), passer, receiver, 3, DEFAULT, away(Position.HALFBACK, "b")
    )
    assert outcome.intercepted
    assert outcome.blocker_key == "b"


def test_m_t9_blocking_setting_off_refuses_a_blocker() -> None:
    with pytest.raises(RuleNotAllowedError):
        pass_ball(
            ScriptedDice([4, 5, 1]),
            player(Position.FORWARD, "p"),
            player(Position.FULLBACK, "r"),
            3,
            RuleSettings(pass_blocking=False),
            away(Position.HALFBACK, "b"),
        )


# --- M-S1 … M-S5 ------------------------------------------------------------------------------


def gk(**kw: Any) -> PlayerSnapshot:
    return away(Position.GOALIE, "gk", **kw)


def test_m_s1_m_s2_higher_shot_scores_one_without_goal_zones() -> None:
    outcome = shoot(ScriptedDice([14, 9]), player(Position.FORWARD, "fw"), gk(), DEFAULT)
    assert outcome.goal
    assert outcome.points == 1


def test_m_s1_m_d4_shot_save_ties_re_roll_and_higher_save_stops_it() -> None:
    dice = ScriptedDice([9, 9, 5, 17])
    outcome = shoot(dice, player(Position.FORWARD, "fw"), gk(), DEFAULT)
    assert outcome.saved
    assert outcome.points == 0
    assert len(outcome.rolls) == 4


def test_m_s1_range_lowers_the_shooter_die() -> None:
    dice = ScriptedDice([10, 3])
    shoot(dice, player(Position.FORWARD, "fw"), gk(), DEFAULT, range_squares=2)
    assert dice.requests == [10, 20]
    assert shot_error(player(Position.FORWARD), DEFAULT, range_squares=5)


def test_m_s3_goal_zones_points_and_restrictions() -> None:
    zones = RuleSettings(goal_zones=True)
    wb = player(Position.WINGBACK, "wb")
    assert shoot(ScriptedDice([9, 3]), wb, gk(), zones).points == 2
    wide = ScriptedDice([9, 3])
    assert shoot(wide, wb, gk(), zones, zone=GoalZone.WIDE).points == 1
    assert wide.requests == [20, 20]
    ace = ScriptedDice([9, 3])
    assert shoot(ace, wb, gk(), zones, zone=GoalZone.ACE).points == 3
    assert ace.requests == [10, 20]
    assert shot_error(player(Position.FORWARD), zones, zone=GoalZone.WIDE)
    assert shot_error(player(Position.MAULER), zones, zone=GoalZone.ACE)
    assert shot_error(wb, DEFAULT, zone=GoalZone.ACE)


def test_m_s4_ricochet_tie_fails_and_the_goalie_saves_with_no_roll() -> None:
    settings = RuleSettings(ricochet=True)
    dice = ScriptedDice([8, 8])
    outcome = shoot(dice, player(Position.FORWARD, "fw"), gk(), settings, ricochet=True)
    assert outcome.ricochet_failed
    assert outcome.saved
    assert dice.exhausted


def test_m_s4_successful_ricochet_makes_the_goalie_save_one_type_less() -> None:
    settings = RuleSettings(ricochet=True, goal_zones=True)
    dice = ScriptedDice([9, 8, 6, 5])
    outcome = shoot(
        dice, player(Position.WINGBACK, "wb"), gk(), settings, ricochet=True, zone=GoalZone.ACE
    )
    assert outcome.goal
    assert outcome.points == 3
    assert dice.requests == [10, 12, 10, 12]  # the Acing penalty on both rolls, GK d20 -> d12


def test_m_s5_empty_goalie_box_scores_with_no_roll() -> None:
    outcome = shoot(ScriptedDice([]), player(Position.FORWARD, "fw"), None, DEFAULT)
    assert outcome.goal
    assert outcome.empty_box
    assert walk_in_points(DEFAULT) == 1
    assert walk_in_points(RuleSettings(goal_zones=True)) == 2


def test_m_s5_substitute_goalie_saves_one_type_less() -> None:
    dice = ScriptedDice([3, 9])
    sub = away(Position.WINGBACK, "sub", substitute_goalie=True)
    shoot(dice, player(Position.FORWARD, "fw"), sub, DEFAULT)
    assert dice.requests == [20, 10]
