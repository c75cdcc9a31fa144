"""M-D2 … M-D7, M-P4, M-P6 … M-P8, M-E1: the effective roll and rolling it."""

from __future__ import annotations

from typing import Any

import pytest

from rules.magnoball import (
    Action,
    EnhancementKind,
    GoalZone,
    LoweringDieType,
    MoveMode,
    PlayerSnapshot,
    Position,
    ProgressionMode,
    RollKind,
    RollSpec,
    RuleSettings,
    ScriptedDice,
    StatCategory,
    Status,
    effective_roll,
    roll,
)

from .helpers import player

DEFAULT = RuleSettings()


def spec_of(
    p: PlayerSnapshot, kind: RollKind, settings: RuleSettings = DEFAULT, **kw: Any
) -> RollSpec:
    spec = effective_roll(p, kind, settings, **kw)
    assert spec is not None
    return spec


def test_m_p1_position_die_is_the_base_roll() -> None:
    assert spec_of(player(Position.WINGBACK), RollKind.MOVE).die == "d12"
    assert spec_of(player(Position.HEAVY_MAULER), RollKind.TACKLE).die == "2d6"
    assert spec_of(player(Position.GOALIE), RollKind.SAVE).die == "d20"


def test_m_d2_direction_higher_wins_for_shots_lower_for_tackles() -> None:
    fw = player(Position.FORWARD)
    assert spec_of(fw, RollKind.SHOT).higher_wins is True
    assert spec_of(fw, RollKind.TACKLE).higher_wins is False
    assert spec_of(fw, RollKind.STEAL).higher_wins is False
    assert spec_of(fw, RollKind.HAND_OFF).higher_wins is None


def test_m_p4_rookie_takes_the_worse_of_plus_minus_one() -> None:
    rookie = player(Position.HALFBACK, status=Status.ROOKIE)
    assert spec_of(rookie, RollKind.MOVE).modifier == -1
    assert spec_of(rookie, RollKind.TACKLE).modifier == +1
    assert spec_of(rookie, RollKind.BLOCK_PASS).modifier == +1
    assert spec_of(rookie, RollKind.HAND_OFF).modifier == 0


def test_m_p6_veteran_bonus_only_on_chosen_actions_in_the_helping_direction() -> None:
    vet = player(
        Position.HALFBACK,
        status=Status.VETERAN,
        veteran_actions=frozenset({Action.SCORING, Action.TACKLES}),
    )
    assert spec_of(vet, RollKind.SHOT).modifier == 1
    assert spec_of(vet, RollKind.TACKLE).modifier == -1
    assert spec_of(vet, RollKind.ASSAULT).modifier == -1
    assert spec_of(vet, RollKind.DEFEND).modifier == -1
    assert spec_of(vet, RollKind.PASS_THROW).modifier == 0


def test_m_p6_forward_striking_option_helps_strikes_only() -> None:
    fw = player(
        Position.FORWARD,
        status=Status.VETERAN,
        veteran_actions=frozenset({Action.STRIKING, Action.SCORING}),
        has_ball=True,
    )
    assert spec_of(fw, RollKind.STRIKE).modifier == -1
    assert spec_of(fw, RollKind.TACKLE).modifier == 0


def test_m_p6_picks_do_nothing_unless_veteran() -> None:
    pro = player(Position.FORWARD, veteran_actions=frozenset({Action.SCORING, Action.FACE_OFFS}))
    assert spec_of(pro, RollKind.SHOT).modifier == 0


def test_m_p7_stat_levels_count_only_in_stats_mode_and_cap_at_two_with_veteran() -> None:
    vet = player(
        Position.WINGBACK,
        status=Status.VETERAN,
        veteran_actions=frozenset({Action.SCORING, Action.PASSING}),
        stat_levels={StatCategory.SCORING: 2, StatCategory.STEALING: 1},
    )
    stats = RuleSettings(progression_mode=ProgressionMode.STATS)
    assert spec_of(vet, RollKind.SHOT, stats).modifier == 2  # 1 + 2 capped at 2
    assert spec_of(vet, RollKind.STEAL, stats).modifier == -1
    assert spec_of(vet, RollKind.SHOT).modifier == 1  # games mode ignores levels


def test_m_p4_m_p7_rookie_penalty_sits_outside_the_cap() -> None:
    rookie = player(Position.WINGBACK, status=Status.ROOKIE, stat_levels={StatCategory.SCORING: 2})
    stats = RuleSettings(progression_mode=ProgressionMode.STATS)
    assert spec_of(rookie, RollKind.SHOT, stats).modifier == 1


@pytest.mark.parametrize(
    ("kind", "enhancement", "modifier"),
    [
        (RollKind.SHOT, EnhancementKind.PULSE_MAGNET, 1),
        (RollKind.MOVE, EnhancementKind.MYOMER_ACTUATORS, 1),
        (RollKind.FACE_OFF, EnhancementKind.EM_COIL, 1),
        (RollKind.RESIST_STEAL, EnhancementKind.EM_COIL, -1),
        (RollKind.STEAL, EnhancementKind.EM_COIL, 0),  # M-E1: to *resist* only
        (RollKind.TACKLE, EnhancementKind.LOADED_GAUNTLETS, -1),
        (RollKind.DEFEND, EnhancementKind.LOADED_GAUNTLETS, 0),
        (RollKind.PASS_THROW, EnhancementKind.LASER_TARGETING, 1),
        (RollKind.BLOCK_PASS, EnhancementKind.LASER_TARGETING, -1),
    ],
)
def test_m_e1_enhancement_effects(
    kind: RollKind, enhancement: EnhancementKind, modifier: int
) -> None:
    p = player(Position.HALFBACK, enhancements=frozenset({enhancement}))
    assert spec_of(p, kind).modifier == modifier
    assert spec_of(p, kind, RuleSettings(enhancements=False)).modifier == 0


def test_m_e1_deflector_field_helps_saves() -> None:
    gk = player(Position.GOALIE, enhancements=frozenset({EnhancementKind.DEFLECTOR_FIELD}))
    assert spec_of(gk, RollKind.SAVE).modifier == 1


def test_m_g5_evading_moves_one_type_less_and_is_tackled_one_type_less() -> None:
    wb = player(Position.WINGBACK, move_mode=MoveMode.EVADING)
    assert spec_of(wb, RollKind.MOVE).die == "d10"
    assert spec_of(wb, RollKind.DEFEND).die == "d10"
    assert spec_of(wb, RollKind.TACKLE).die == "d12"  # no effect on tackling


def test_m_g5_rushing_moves_tackles_and_is_tackled_one_type_more() -> None:
    hb = player(Position.HALFBACK, move_mode=MoveMode.RUSHING)
    assert spec_of(hb, RollKind.MOVE).die == "d12"
    assert spec_of(hb, RollKind.TACKLE).die == "d12"
    assert spec_of(hb, RollKind.DEFEND).die == "d12"


def test_m_d5_rushing_heavy_mauler_moves_on_a_single_d8() -> None:
    hm = player(Position.HEAVY_MAULER, move_mode=MoveMode.RUSHING)
    assert spec_of(hm, RollKind.MOVE).die == "d8"
    assert spec_of(hm, RollKind.TACKLE).die == "2d8"


def test_m_t5_assault_rolls_one_die_type_less() -> None:
    assert spec_of(player(Position.WINGBACK), RollKind.ASSAULT).die == "d10"
    assert spec_of(player(Position.FORWARD), RollKind.STRIKE).die == "d12"


@pytest.mark.parametrize(
    ("lowering", "die", "modifier"),
    [(LoweringDieType.D4, "d4", 0), (LoweringDieType.MINUS_ONE, "d6", -1)],
)
def test_m_d7_mauler_one_type_penalty_options(
    lowering: LoweringDieType, die: str, modifier: int
) -> None:
    settings = RuleSettings(lowering_die_type=lowering)
    spec = spec_of(player(Position.MAULER), RollKind.ASSAULT, settings)
    assert (spec.die, spec.modifier) == (die, modifier)
    hm = spec_of(player(Position.HEAVY_MAULER), RollKind.SHOT, settings, zone=GoalZone.ACE)
    assert hm.die == ("2d4" if lowering is LoweringDieType.D4 else "2d6")


def test_m_d7_forbid_refuses_a_mauler_assault() -> None:
    assert effective_roll(player(Position.MAULER), RollKind.ASSAULT, DEFAULT) is None


def test_m_d7_only_maulers_use_the_option_and_never_for_range() -> None:
    settings = RuleSettings(lowering_die_type=LoweringDieType.D4, goal_zones=True)
    mauler = player(Position.MAULER)
    assert effective_roll(mauler, RollKind.SHOT, settings, range_squares=1) is None
    fullback = player(Position.FULLBACK)
    assert (
        effective_roll(fullback, RollKind.SHOT, settings, range_squares=1, zone=GoalZone.ACE)
        is None
    )


def test_m_s1_range_lowers_the_shot_die_and_stops_below_d6() -> None:
    fw = player(Position.FORWARD)
    assert spec_of(fw, RollKind.SHOT, range_squares=2).die == "d10"
    assert spec_of(fw, RollKind.SHOT, range_squares=4).die == "d6"
    assert effective_roll(fw, RollKind.SHOT, DEFAULT, range_squares=5) is None


def test_m_s5_substitute_goalie_saves_one_type_less_and_is_never_refused() -> None:
    assert spec_of(player(Position.WINGBACK, substitute_goalie=True), RollKind.SAVE).die == "d10"
    mauler = spec_of(player(Position.MAULER, substitute_goalie=True), RollKind.SAVE)
    assert (mauler.die, mauler.modifier) == ("d6", -1)


def test_m_t4_hurt_player_steals_at_one_type_more() -> None:
    assert spec_of(player(Position.FULLBACK), RollKind.STEAL, hurt=True).die == "d10"


def test_m_d3_modifier_floor_of_one() -> None:
    spec = spec_of(player(Position.MAULER, status=Status.ROOKIE), RollKind.MOVE)
    record = roll(ScriptedDice([1]), spec, "movement", "m")
    assert (record.faces, record.modifier, record.result) == ((1,), -1, 1)


def test_m_d5_heavy_mauler_keeps_the_better_of_two_d6() -> None:
    hm = player(Position.HEAVY_MAULER)
    assert roll(ScriptedDice([2, 5]), spec_of(hm, RollKind.MOVE), "m").result == 5
    assert roll(ScriptedDice([2, 5]), spec_of(hm, RollKind.TACKLE), "t").result == 2


def test_m_d6_superstar_rolls_twice_on_chosen_actions_only() -> None:
    star = player(
        Position.HALFBACK,
        superstar=True,
        superstar_actions=frozenset({Action.TACKLES, Action.SCORING}),
    )
    tackle = roll(ScriptedDice([7, 3]), spec_of(star, RollKind.TACKLE), "tackle")
    assert (tackle.faces, tackle.result) == ((7, 3), 3)
    shot = roll(ScriptedDice([7, 3]), spec_of(star, RollKind.SHOT), "shot")
    assert shot.result == 7
    move = ScriptedDice([4, 9])
    assert roll(move, spec_of(star, RollKind.MOVE), "move").result == 4
    assert move.remaining == 1
    off = RuleSettings(superstars=False)
    assert not spec_of(star, RollKind.TACKLE, off).best_of_two


def test_m_d6_superstar_heavy_mauler_re_rolls_one_die() -> None:
    hm = player(
        Position.HEAVY_MAULER,
        superstar=True,
        superstar_actions=frozenset({Action.MOVEMENT, Action.TACKLES}),
    )
    record = roll(ScriptedDice([2, 3, 6]), spec_of(hm, RollKind.MOVE), "movement")
    assert (record.die, record.faces, record.result) == ("2d6", (2, 3, 6), 6)


def test_m_d8_roll_record_explains_the_modifiers() -> None:
    rookie = player(Position.FORWARD, status=Status.ROOKIE, move_mode=MoveMode.EVADING)
    record = roll(ScriptedDice([10]), spec_of(rookie, RollKind.MOVE), "movement", "fw")
    assert record.die == "d12"
    assert "Evading" in record.detail
    assert "Rookie" in record.detail
    assert record.result == 9
