"""Arenaball's (A-P1) and Magic Number Eleven's (E-R1) season awards, from games reported
through their services, named when the season closes; ties shared."""

from __future__ import annotations

import pytest

from arenaball.models import CharacterGame
from league.honours.models import SeasonAward
from league.services.season_end import season_close
from tests.arenaball.world import arena_world, driver, gunner
from tests.arenaball.world import play as arena_play
from tests.mn11.world import goal, mn11_world
from tests.mn11.world import play as mn11_play

pytestmark = pytest.mark.django_db


def _won(season):
    by_award: dict[str, list[tuple[str, int, bool]]] = {}
    for award in SeasonAward.objects.filter(season=season).order_by("name"):
        by_award.setdefault(award.award, []).append((award.name, award.figure, award.shared))
    return by_award


def test_arenaball_driver_and_gunner_of_the_year(client):
    world = arena_world()
    fixture = world.fixture()
    arena_play(fixture, actor=world.commissioner)  # home 5-0: car 1's driver 1 goal, car 2's 2
    season_close(season=world.season, actor=world.commissioner)
    home = fixture.home_team

    won = _won(world.season)
    top_driver = driver(home, "2")
    # A-P1: a Driver point a goal, and one for the win.
    assert won["driver_of_the_year"] == [(top_driver.name, 3, False)]
    award = SeasonAward.objects.get(season=world.season, award="driver_of_the_year")
    assert award.text == "3 Driver points in 1 game"
    assert award.holder == f"character:{top_driver.pk}"
    assert award.team == home
    # The winning side's one gunner who took part earned a Gunner point for the win.
    (game,) = CharacterGame.objects.filter(fixture=fixture, gunner__gt=0)
    assert game.character == gunner(home)
    assert won["gunner_of_the_year"] == [(gunner(home).name, 1, False)]
    team_page = client.get(f"/teams/{home.pk}/").content.decode()
    assert "Driver of the year</strong>, Arena 2026" in team_page
    character_page = client.get(f"/arenaball/characters/{top_driver.pk}/").content.decode()
    assert "Driver of the year</strong>, Arena 2026" in character_page


def test_mn11_golden_boot_and_magic_number_king(client):
    world = mn11_world(rounds=2)
    first = world.fixture(1)
    # Home's card 9 twice, Star Player base-01 once with a Magic Number (E-R1).
    mn11_play(
        first,
        home_score=3,
        events=[
            goal("home", 1, "home-9"),
            goal("home", 2, "home-9"),
            goal("home", 2, "base-01", "magic_number"),
        ],
    )
    second = world.fixture(2)
    mn11_play(
        second,
        home_score=1,
        away_score=0,
        events=[goal("home", 1, "base-02", "magic_number")],
    )
    season_close(season=world.season, actor=world.commissioner)
    won = _won(world.season)

    first_home = first.home_team.short_name
    assert won["golden_boot"] == [(f"Home Player Card 9 ({first_home})", 2, False)]
    kings = won["magic_number_king"]
    assert [figure for _, figure, _ in kings] == [1, 1]
    assert all(shared for *_, shared in kings)
    assert {name.split(" (")[0] for name, _, _ in kings} == {"Star Player 1", "Star Player 2"}
    boot = SeasonAward.objects.get(season=world.season, award="golden_boot")
    assert boot.holder == f"card:{first.home_team_id}:home-9"
    assert boot.text == "2 goals"
