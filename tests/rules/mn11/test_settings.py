"""E-S2, E-S3, E-D3, E-D5, E-L1: the league options, their validation and the table's points."""

from __future__ import annotations

import dataclasses
import json
import subprocess
import sys

import pytest

from rules.mn11 import (
    HOME_SET_SIZE,
    LINEUP_SIZE,
    MAGIC_NUMBER_GOALS,
    RED_CARDS,
    DraftSeeding,
    Mn11Settings,
    Mn11TieBreaker,
    StarPool,
)
from rules.mn11.settings import STARS_FOR_A_LINEUP_WITHOUT_GK
from rules.standings import TableSettings, TieBreaker


def test_rules_package_imports_nothing_from_django() -> None:
    code = (
        "import sys, rules.mn11\n"
        "bad = sorted(m for m in sys.modules if m == 'django' or m.startswith('django.'))\n"
        "assert not bad, bad\n"
        "assert 'rules.magnoball' not in sys.modules\n"
    )
    proc = subprocess.run([sys.executable, "-c", code], capture_output=True, text=True, check=False)
    assert proc.returncode == 0, proc.stdout + proc.stderr


def test_defaults_follow_the_reference() -> None:
    settings = Mn11Settings()
    assert settings.errors() == {}
    assert settings.star_pool is StarPool.BASE_AND_EXPANSION
    assert settings.pool_size == 21
    assert settings.stars_per_team == 3
    assert settings.draft_snake
    assert settings.draft_seeding is DraftSeeding.REVERSE_STANDINGS
    assert settings.gk_expansion
    assert not settings.sent_off_suspension
    assert (settings.points_win, settings.points_draw, settings.points_loss) == (3, 1, 0)
    assert (settings.points_shootout_win, settings.points_shootout_loss) == (2, 1)


def test_e_d5_shootouts_off_in_league_matches_on_in_knockouts_by_default() -> None:
    settings = Mn11Settings()
    assert not settings.shootouts(knockout=False)
    assert settings.shootouts(knockout=True)


def test_e_l1_tie_breakers_in_the_reference_order() -> None:
    assert Mn11Settings().tie_breakers == (
        Mn11TieBreaker.POINTS,
        Mn11TieBreaker.HEAD_TO_HEAD,
        Mn11TieBreaker.GOAL_DIFFERENCE,
        Mn11TieBreaker.GOALS_FOR,
        Mn11TieBreaker.MAGIC_NUMBER_GOALS,
        Mn11TieBreaker.FEWER_RED_CARDS,
        Mn11TieBreaker.NAME,
    )
    assert Mn11TieBreaker.MAGIC_NUMBER_GOALS.label == "Magic Number goals"
    assert (RED_CARDS.key, RED_CARDS.fewer_is_better) == ("red_cards", True)
    assert Mn11TieBreaker.FEWER_RED_CARDS.table_breaker is RED_CARDS
    assert Mn11TieBreaker.GOALS_FOR.table_breaker is TieBreaker.SCORE_FOR


def test_e_l1_table_maps_shootout_points_onto_overtime_points_when_league_shootouts_on() -> None:
    table = Mn11Settings(shootout_league=True).table()
    assert table == TableSettings(
        points_win=3,
        points_overtime_win=2,
        points_draw=1,
        points_overtime_loss=1,
        points_loss=0,
        tie_breakers=(
            TieBreaker.POINTS,
            TieBreaker.HEAD_TO_HEAD,
            TieBreaker.SCORE_DIFFERENCE,
            TieBreaker.SCORE_FOR,
            MAGIC_NUMBER_GOALS,
            RED_CARDS,
            TieBreaker.NAME,
        ),
    )


def test_e_l1_table_without_league_shootouts_gives_overtime_a_draws_points() -> None:
    table = Mn11Settings(points_draw=0, points_shootout_win=2).table()
    assert (table.points_overtime_win, table.points_overtime_loss) == (0, 0)


def test_e_s2_stars_per_team_must_let_two_teams_complete_the_draft() -> None:
    assert Mn11Settings(star_pool=StarPool.BASE, stars_per_team=6).errors() == {}
    errors = Mn11Settings(star_pool=StarPool.BASE, stars_per_team=7).errors()
    assert errors == {
        "stars_per_team": "Must be at most 6, so two teams can sign from a pool of 12."
    }
    assert Mn11Settings(stars_per_team=0).errors() == {
        "stars_per_team": "Must be between 1 and 10."
    }


def test_e_s3_without_gk_cards_each_team_needs_the_stars_to_field_eleven() -> None:
    """11 Player Cards from a set of 9 need 2 Star Players (with GK cards, 10 need 1)."""
    assert LINEUP_SIZE - HOME_SET_SIZE == STARS_FOR_A_LINEUP_WITHOUT_GK
    assert Mn11Settings(stars_per_team=1).errors() == {}
    assert Mn11Settings(gk_expansion=False, stars_per_team=1).errors() == {
        "stars_per_team": "Without GK cards a line-up is 11 Player Cards: with the set's 9, "
        "each team needs at least 2 Star Players."
    }


@pytest.mark.parametrize(
    ("changes", "field"),
    [
        ({"points_shootout_win": 4}, "points_shootout_win"),
        ({"points_shootout_loss": 3}, "points_shootout_win"),
        ({"points_loss": 2, "points_shootout_loss": 1}, "points_shootout_loss"),
        ({"points_draw": 4}, "points_draw"),
        ({"points_win": 11}, "points_win"),
        ({"gk_expansion": 1}, "gk_expansion"),
        ({"star_pool": "base"}, "star_pool"),
        ({"draft_seeding": "random"}, "draft_seeding"),
        ({"stars_per_team": True}, "stars_per_team"),
    ],
)
def test_invalid_settings_name_their_field(changes: dict[str, object], field: str) -> None:
    settings = dataclasses.replace(Mn11Settings(), **changes)
    assert field in settings.errors()
    assert not settings.is_valid()


@pytest.mark.parametrize(
    "tie_breakers",
    [
        (),
        (Mn11TieBreaker.POINTS,),
        (Mn11TieBreaker.NAME, Mn11TieBreaker.NAME),
        (TieBreaker.POINTS, Mn11TieBreaker.NAME),
        ["points", "name"],
    ],
)
def test_e_l1_tie_breakers_end_with_name_once_each(tie_breakers: object) -> None:
    settings = Mn11Settings(tie_breakers=tie_breakers)
    assert "tie_breakers" in settings.errors()


def test_settings_round_trip_through_json() -> None:
    settings = Mn11Settings(
        star_pool=StarPool.BASE,
        draft_seeding=DraftSeeding.RANDOM,
        tie_breakers=(Mn11TieBreaker.FEWER_RED_CARDS, Mn11TieBreaker.NAME),
    )
    data = json.loads(json.dumps(settings.as_dict()))
    assert data["tie_breakers"] == ["fewer_red_cards", "name"]
    assert Mn11Settings.from_mapping(data) == settings
    assert Mn11Settings.from_mapping({"tie_breakers": "points, name"}).tie_breakers == (
        Mn11TieBreaker.POINTS,
        Mn11TieBreaker.NAME,
    )


def test_from_mapping_refuses_unknown_keys_unless_told() -> None:
    with pytest.raises(ValueError, match="unknown rule settings: board_rows"):
        Mn11Settings.from_mapping({"board_rows": 20})
    assert Mn11Settings.from_mapping({"board_rows": 20}, ignore_unknown=True) == Mn11Settings()


def test_every_setting_cites_its_rule() -> None:
    help_ = Mn11Settings.field_help()
    assert set(help_) == {f.name for f in dataclasses.fields(Mn11Settings)}
    assert all(entry["rule"].startswith("E-") and entry["help"] for entry in help_.values())
