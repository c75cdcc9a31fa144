"""M-P1, M-P6, M-P8, M-E1 vocabulary and the rule settings (M-D7 … M-L2)."""

from __future__ import annotations

import dataclasses
import json
import subprocess
import sys
from typing import Any

import pytest

import rules.magnoball as engine
from rules.magnoball import (
    Action,
    EnhancementKind,
    LoweringDieType,
    Position,
    ProgressionMode,
    RuleSettings,
    StatCategory,
    TieBreaker,
    superstar_action_pick_error,
    superstar_actions_allowed,
    veteran_action_pick_error,
    veteran_actions_allowed,
)


def test_engine_imports_nothing_from_django() -> None:
    code = (
        "import sys, rules.magnoball\n"
        "bad = sorted(m for m in sys.modules if m == 'django' or m.startswith('django.'))\n"
        "print(bad)\n"
        "assert not bad, bad\n"
    )
    proc = subprocess.run([sys.executable, "-c", code], capture_output=True, text=True, check=False)
    assert proc.returncode == 0, proc.stdout + proc.stderr


def test_engine_version_is_exported() -> None:
    assert engine.ENGINE_VERSION == "1.1.0"


def test_m_p1_position_dice_and_labels() -> None:
    assert [p.base_die for p in Position] == [20, 12, 10, 8, 6, 6, 20]
    assert Position.HEAVY_MAULER.label == "Heavy Mauler"
    assert Position.HEAVY_MAULER.base_die_label == "2d6"
    assert Position.GOALIE.injury_die == 6
    assert Position.FORWARD.battleball_name == "Running Back"


def test_m_p6_veteran_restrictions_by_position() -> None:
    assert veteran_actions_allowed(Position.GOALIE) == {Action.TACKLES, Action.SAVES}
    assert veteran_actions_allowed(Position.HEAVY_MAULER) == {
        Action.BLOCKING_PASSES,
        Action.STEALING,
    }
    forward = veteran_actions_allowed(Position.FORWARD)
    assert Action.STRIKING in forward
    assert Action.TACKLES not in forward
    assert Action.FACE_OFFS in forward
    assert Action.STEALING not in forward
    assert Action.SCORING not in veteran_actions_allowed(Position.FULLBACK)
    for position in Position:
        assert Action.MOVEMENT not in veteran_actions_allowed(position)


def test_m_p6_pick_validation_messages() -> None:
    assert veteran_action_pick_error(Position.GOALIE, ["tackles", "saves"]) is None
    assert "exactly two" in (veteran_action_pick_error(Position.GOALIE, ["saves"]) or "")
    assert "different" in (veteran_action_pick_error(Position.GOALIE, ["saves", "saves"]) or "")
    message = veteran_action_pick_error(Position.FORWARD, ["tackles", "scoring"])
    assert message is not None
    assert "not allowed" in message
    assert "Unknown" in (veteran_action_pick_error(Position.FORWARD, ["dance", "scoring"]) or "")


def test_m_p8_superstar_may_pick_movement_and_any_position_action() -> None:
    allowed = superstar_actions_allowed()
    assert Action.MOVEMENT in allowed
    assert Action.SAVES in allowed
    assert superstar_action_pick_error(["movement", "saves"]) is None
    assert superstar_action_pick_error(["movement"]) is not None


def test_m_p7_stat_categories_have_labels_and_actions() -> None:
    assert [c.value for c in StatCategory] == [
        "scoring",
        "face_offs",
        "passing",
        "blocking_passes",
        "tackles",
        "stealing",
        "saves",
    ]
    assert all(c.label and c.action.value == c.value for c in StatCategory)


def test_m_e1_deflector_field_is_goalie_only() -> None:
    assert EnhancementKind.DEFLECTOR_FIELD.allowed_positions == {Position.GOALIE}
    assert EnhancementKind.PULSE_MAGNET.allowed_for(Position.MAULER)
    assert all(k.label and k.effect for k in EnhancementKind)


def test_rule_settings_defaults_and_metadata() -> None:
    s = RuleSettings()
    assert s.lowering_die_type is LoweringDieType.FORBID
    assert s.progression_mode is ProgressionMode.GAMES
    assert (s.board_columns, s.board_rows, s.activation_limit) == (10, 20, 400)
    assert s.tie_breakers == tuple(TieBreaker)
    assert s.errors() == {}
    for f in dataclasses.fields(RuleSettings):
        assert f.metadata["rule"].startswith("M-"), f.name
        assert f.metadata["help"], f.name


def test_rule_settings_round_trip_through_json() -> None:
    s = RuleSettings(lowering_die_type=LoweringDieType.D4, goal_zones=True)
    data = json.loads(json.dumps(s.as_dict()))
    assert RuleSettings.from_mapping(data) == s


def test_rule_settings_from_mapping_rejects_unknown_keys_unless_asked() -> None:
    with pytest.raises(ValueError, match="colour"):
        RuleSettings.from_mapping({"colour": "red"})
    assert RuleSettings.from_mapping({"colour": "red"}, ignore_unknown=True) == RuleSettings()


@pytest.mark.parametrize(
    ("changes", "field"),
    [
        ({"board_columns": 5}, "board_columns"),
        ({"board_columns": 11}, "board_columns"),
        ({"board_rows": 61}, "board_rows"),
        ({"board_rows": 21}, "board_rows"),
        ({"activation_limit": 49}, "activation_limit"),
        ({"activations_per_turn": 6}, "activations_per_turn"),
        ({"stat_level_1": 20, "stat_level_2": 20}, "stat_level_2"),
        ({"rookie_to_pro_games": 30}, "pro_to_veteran_games"),
        ({"points_draw": 4}, "points_win"),
        ({"points_overtime_loss": 3}, "points_overtime_loss"),
        ({"points_win": 11}, "points_win"),
        ({"tie_breakers": ()}, "tie_breakers"),
        ({"tie_breakers": (TieBreaker.NAME, TieBreaker.POINTS)}, "tie_breakers"),
        ({"tie_breakers": (TieBreaker.POINTS, TieBreaker.POINTS, TieBreaker.NAME)}, "tie_breakers"),
    ],
)
def test_rule_settings_errors_name_the_bad_field(changes: dict[str, Any], field: str) -> None:
    errors = RuleSettings(**changes).errors()
    assert field in errors
    assert errors[field]
