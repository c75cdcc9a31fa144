"""The settings (every `(setting)` of the reference) and A-L1's table settings."""

from __future__ import annotations

import json
import re
from pathlib import Path

import pytest

from rules.arenaball import KILLS, ArenaballSettings, ArenaballTieBreaker
from rules.standings import TableSettings, TieBreaker

RULE_IDS = (
    *("A-T1", "A-T2", "A-T3", "A-T4", "A-T5"),
    *("A-G1", "A-G2", "A-G3", "A-G4", "A-G5"),
    *("A-P1", "A-P2", "A-P3", "A-L1"),
)


def test_defaults_are_the_references() -> None:
    settings = ArenaballSettings()
    assert settings.errors() == {}
    assert settings.is_valid()
    assert (settings.one_track_design, settings.budget, settings.target_points) == (
        True,
        20_000,
        5,
    )
    assert (settings.substitutes, settings.points_per_kill, settings.points_per_level) == (
        True,
        1,
        30,
    )
    assert settings.injury_games_missed == 1
    assert not settings.time_limit_games


def test_every_setting_names_its_rule() -> None:
    help_ = ArenaballSettings.field_help()
    assert {entry["rule"] for entry in help_.values()} == {
        "A-T1",
        "A-T3",
        "A-T4",
        "A-G1",
        "A-G5",
        "A-G4",
        "A-P1",
        "A-P2",
        "A-P3",
        "A-L1",
    }
    assert all(entry["help"] for entry in help_.values())


def test_errors_name_each_bad_field() -> None:
    bad = ArenaballSettings(
        budget=0,
        target_points=0,
        one_track_design="yes",
        points_per_level=2.5,
    )
    errors = bad.errors()
    assert set(errors) == {"budget", "target_points", "one_track_design", "points_per_level"}
    assert errors["budget"] == "Must be between 1,000 and 1,000,000."
    assert errors["one_track_design"] == "Must be true or false."
    assert not bad.is_valid()


def test_a_l1_points_win_two_draw_one_loss_nothing_in_order() -> None:
    assert ArenaballSettings(points_draw=3).errors() == {
        "points_draw": "Points must satisfy win ≥ draw ≥ loss: a draw may earn at most the 2 "
        "of a win."
    }
    assert set(ArenaballSettings(points_draw=0, points_loss=1).errors()) == {"points_loss"}


def test_a_l1_table_settings_for_the_shared_standings() -> None:
    table = ArenaballSettings().table()
    assert table == TableSettings(
        points_win=2,
        points_overtime_win=2,
        points_draw=1,
        points_overtime_loss=0,
        points_loss=0,
        tie_breakers=(
            TieBreaker.POINTS,
            TieBreaker.HEAD_TO_HEAD,
            TieBreaker.SCORE_DIFFERENCE,
            TieBreaker.SCORE_FOR,
            KILLS,
            TieBreaker.NAME,
        ),
    )


def test_a_l1_tie_breakers_are_points_h2h_difference_for_kills_name() -> None:
    settings = ArenaballSettings()
    assert [t.value for t in settings.tie_breakers] == [
        "points",
        "head_to_head",
        "score_difference",
        "score_for",
        "kills",
        "name",
    ]
    assert ArenaballTieBreaker.KILLS.label == "Kills"
    assert ArenaballTieBreaker.HEAD_TO_HEAD.label == "Head-to-head points"
    no_kills = ArenaballSettings(
        tie_breakers=(ArenaballTieBreaker.POINTS, ArenaballTieBreaker.NAME)
    )
    assert no_kills.table().tie_breakers == (TieBreaker.POINTS, TieBreaker.NAME)


@pytest.mark.parametrize(
    ("tie_breakers", "message"),
    [
        ((), "at least one"),
        ((ArenaballTieBreaker.NAME, ArenaballTieBreaker.NAME), "only once"),
        ((ArenaballTieBreaker.KILLS,), "must be team name"),
        (("wins",), "Unknown tie-breaker"),
    ],
)
def test_a_l1_tie_breaker_errors(tie_breakers: tuple[object, ...], message: str) -> None:
    errors = ArenaballSettings(tie_breakers=tie_breakers).errors()
    assert message in errors["tie_breakers"]


def test_settings_round_trip_through_json() -> None:
    settings = ArenaballSettings(
        budget=25_000,
        tie_breakers=(ArenaballTieBreaker.KILLS, ArenaballTieBreaker.NAME),
    )
    data = json.loads(json.dumps(settings.as_dict()))
    assert data["tie_breakers"] == ["kills", "name"]
    assert ArenaballSettings.from_mapping(data) == settings
    assert ArenaballSettings.from_mapping({"tie_breakers": "kills, name"}).tie_breakers == (
        ArenaballTieBreaker.KILLS,
        ArenaballTieBreaker.NAME,
    )
    with pytest.raises(ValueError, match="unknown rule settings: colour"):
        ArenaballSettings.from_mapping({"colour": "red"})
    assert ArenaballSettings.from_mapping({"colour": "red"}, ignore_unknown=True) == (
        ArenaballSettings()
    )


def test_every_rule_id_is_named_by_a_test() -> None:
    """Each A- id of the reference appears in a test name or docstring of this package."""
    text = "\n".join(path.read_text() for path in Path(__file__).parent.glob("test_*.py"))
    named = set(re.findall(r"def test_(a_[tgpl]\d)_", text))
    missing = [rule for rule in RULE_IDS if rule.lower().replace("-", "_") not in named]
    assert missing == []


def test_the_seeds_variants_are_options_off_by_default() -> None:
    """Issue #45: no substitutes, grenades allowed, track cars of different designs, peds on
    roller skates: each off by default and named when a season plays it."""
    assert ArenaballSettings().variants() == ()
    every = ArenaballSettings(
        substitutes=False, grenades=True, one_track_design=False, roller_skaters=True
    )
    assert every.variants() == (
        "No substitutes (A-G4)",
        "Grenades allowed (A-T4)",
        "Track cars of different designs (A-T1)",
        "Peds on roller skates with their aluminium ball (A-G5)",
    )
    assert every.errors() == {}
