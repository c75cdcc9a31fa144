"""CSV imports in Arenaball and Magic Number Eleven leagues: past results through each
game's own report service, its refusals named by row and column; teams by the core."""

from __future__ import annotations

import pytest

from league.exchange.csv_import import csv_results_import, csv_teams_import
from league.exchange.problems import ImportRefused
from league.models import Fixture, Result, Team
from tests.arenaball.world import arena_world, driver
from tests.mn11.world import mn11_world

HEADS = "round,home,away,home_score,away_score,overtime\n"


def _line(fixture: Fixture, home: int, away: int, overtime: str = "") -> str:
    return (
        f"{fixture.round.number},{fixture.home_team},{fixture.away_team},{home},{away},{overtime}\n"
    )


@pytest.mark.django_db
def test_an_arenaball_score_alone_is_refused_by_its_report_rules_by_column() -> None:
    # A-G4 and A-G5: a report lists its goals and pits; a CSV row carries only the score,
    # so the game's own check refuses it, each reason beside its column, and nothing is kept.
    arena = arena_world()
    fixture = arena.fixture(1)
    data = (HEADS + _line(fixture, 3, 1)).encode()
    with pytest.raises(ImportRefused) as refused:
        csv_results_import(season=arena.season, data=data, actor=arena.commissioner, dry_run=False)
    fields = [(p.where, p.field) for p in refused.value.problems]
    assert fields == [
        ("row 2", "home.pits"),
        ("row 2", "away.pits"),
        ("row 2", "home_score"),
        ("row 2", "away_score"),
        ("row 2", "goals"),
    ]
    assert "add up to 0, not 3" in refused.value.problems[2].message
    assert not Result.objects.exists()


@pytest.mark.django_db
def test_an_arenaball_game_with_its_pits_and_goals_is_recorded_by_its_report_service() -> None:
    arena = arena_world()
    fixture = arena.fixture(1)
    home = fixture.home_team
    first, second = driver(home, "1").name, driver(home, "2").name
    data = (
        "round,home,away,home_score,away_score,home_pits,away_pits,home_goals,away_goals\n"
        f"1,{home},{fixture.away_team},5,0,4 5,4 5,"
        f"{first}:centre; {second}:outer; {second}:outer,\n"
    ).encode()
    report = csv_results_import(season=arena.season, data=data, actor=arena.commissioner,
                                dry_run=False)  # fmt: skip
    assert report.created == [f"{fixture}: 5–0"]
    result = Result.objects.get(fixture=fixture)
    assert (result.home_score, result.away_score) == (5, 0)
    assert driver(home, "2").goals == 2  # A-P1: his career follows the report
    assert arena.season.standings.get(team=home).points > 0


@pytest.mark.django_db
def test_an_arenaball_goal_by_nobody_on_the_roster_is_named_by_its_column() -> None:
    arena = arena_world()
    fixture = arena.fixture(1)
    data = (
        "round,home,away,home_score,away_score,home_pits,away_pits,home_goals\n"
        f"1,{fixture.home_team},{fixture.away_team},3,0,4 5,4 5,Nobody:centre\n"
    ).encode()
    with pytest.raises(ImportRefused) as refused:
        csv_results_import(season=arena.season, data=data, actor=arena.commissioner,
                           dry_run=True)  # fmt: skip
    assert [str(p) for p in refused.value.problems] == [
        f"row 2, home_goals: {fixture.home_team} has no character “Nobody”."
    ]


@pytest.mark.django_db
def test_arenaball_has_no_overtime_column_value() -> None:
    arena = arena_world()
    data = (HEADS + _line(arena.fixture(1), 3, 1, "yes")).encode()
    with pytest.raises(ImportRefused) as refused:
        csv_results_import(season=arena.season, data=data, actor=arena.commissioner, dry_run=True)
    assert [str(p) for p in refused.value.problems] == [
        "row 2, overtime: This game has no overtime."
    ]


@pytest.mark.django_db
def test_a_magic_number_eleven_score_alone_is_refused_by_e_r1_by_column() -> None:
    eleven = mn11_world()
    fixture = eleven.fixture(1)
    data = (HEADS + _line(fixture, 2, 1)).encode()
    with pytest.raises(ImportRefused) as refused:
        csv_results_import(
            season=eleven.season, data=data, actor=eleven.commissioner, dry_run=False
        )
    problems = {p.field: p.message for p in refused.value.problems}
    assert problems["home_score"] == (
        f"The goals recorded for {fixture.home_team.name} add up to 0, not 2. (E-R1)"
    )
    assert set(problems) == {"away_set", "gk_home", "gk_away", "home_score", "away_score"}
    assert not Result.objects.exists()


def test_a_magic_number_eleven_match_with_its_sets_cards_and_goals_is_recorded(
    db: None,
) -> None:
    eleven = mn11_world()
    fixture = eleven.fixture(1)
    data = (
        "round,home,away,home_score,away_score,away_set,gk_home,gk_away,goals\n"
        f"1,{fixture.home_team},{fixture.away_team},2,0,base,defence_cover,build_up,"
        "home:1:home-9; home:2:base-01:magic_number\n"
    ).encode()
    report = csv_results_import(season=eleven.season, data=data, actor=eleven.commissioner,
                                dry_run=False)  # fmt: skip
    assert report.created == [f"{fixture}: 2–0"]
    result = Result.objects.get(fixture=fixture)
    assert result.mn11_report.events.filter(kind="goal").count() == 2
    assert eleven.season.standings.get(team=fixture.home_team).points == 3


def test_a_magic_number_eleven_goal_written_wrong_is_named_by_its_column(db: None) -> None:
    eleven = mn11_world()
    fixture = eleven.fixture(1)
    data = (
        "round,home,away,home_score,away_score,away_set,gk_home,gk_away,goals\n"
        f"1,{fixture.home_team},{fixture.away_team},1,0,base,defence_cover,build_up,home-9\n"
    ).encode()
    with pytest.raises(ImportRefused) as refused:
        csv_results_import(season=eleven.season, data=data, actor=eleven.commissioner,
                           dry_run=True)  # fmt: skip
    (problem,) = refused.value.problems
    assert (problem.where, problem.field) == ("row 2", "goals")
    assert problem.message.startswith("“home-9”: write a goal as “home:1:card”")


def test_a_level_score_with_overtime_is_refused_before_any_game_rule(db: None) -> None:
    eleven = mn11_world()
    data = (HEADS + _line(eleven.fixture(1), 1, 1, "yes")).encode()
    with pytest.raises(ImportRefused) as refused:
        csv_results_import(season=eleven.season, data=data, actor=eleven.commissioner, dry_run=True)
    assert [str(p) for p in refused.value.problems] == [
        "row 2, overtime: A game won in overtime cannot end level."
    ]


@pytest.mark.django_db
def test_arenaball_teams_come_from_the_core_and_refuse_player_rows() -> None:
    arena = arena_world(start=False)
    draft = arena.season
    data = b"team,short_name,coach\nRust Riders,RUS,coach-0\n"
    report = csv_teams_import(season=draft, data=data, actor=arena.commissioner, dry_run=False)
    assert report.created == ["Rust Riders"]
    assert Team.objects.get(name="Rust Riders").arenaball_characters.exists()  # set up (A-T2)
    with pytest.raises(ImportRefused) as refused:
        csv_teams_import(
            season=draft,
            data=b"team,short_name,player,position\nDust Devils,DUS,Ann,driver\n",
            actor=arena.commissioner,
            dry_run=True,
        )
    (problem,) = refused.value.problems
    assert (problem.where, problem.field) == ("row 2", "player")
    assert "Arenaball rosters are made by the game itself" in problem.message
