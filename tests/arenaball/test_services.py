"""Arenaball's services end to end (rule ids A-T1 … A-L1): team set-up, designs, crews, match
reports with their refusals, and what a game leaves: points, levels, deaths, injuries, the
table."""

from __future__ import annotations

import dataclasses

import pytest
from django.test import Client

from arenaball.crew_input import CarChoice
from arenaball.design_input import FittingData, design_data_of
from arenaball.errors import ArenaballError
from arenaball.models import Car, Character, CharacterGame, Design
from arenaball.report_input import CasualtyData, GoalData, KillData, SubstitutionData
from arenaball.selectors import stored_design_check
from arenaball.services import (
    character_sign,
    design_save,
    pits_choose,
    report_correct,
    report_record,
    report_void,
    team_cars_set,
)
from league.errors import PermissionRefused
from league.models import AuditEntry, Fixture, Result, StandingRow
from tests.arenaball.world import arena_world, driver, gunner, play, win_report

pytestmark = pytest.mark.django_db


def test_a_new_team_has_the_seed_designs_six_crewed_cars_and_eight_characters():
    """A-T1, A-T2, A-T5: set up by the ruleset when the core creates the team."""
    team = arena_world(start=False).teams[0]
    cars = {car.slot: car for car in Car.objects.filter(team=team)}
    assert sorted(cars) == ["1", "2", "3", "4", "5", "GK"]
    assert {car.design.name for slot, car in cars.items() if slot != "GK"} == {"Track Car"}
    assert cars["GK"].design.name == "Goalkeeper"
    assert cars["GK"].gunner is not None
    assert Character.objects.filter(team=team).count() == 8
    for design in Design.objects.filter(team=team):
        assert stored_design_check(design).ok, design.name


def test_a_design_breaking_two_limits_is_refused_naming_both_and_nothing_changes():
    """A-T3 (budget) and A-T4 (no metal armour): every broken limit in one answer."""
    world = arena_world(start=False)
    team = world.teams[0]
    design = Design.objects.get(team=team, name="Track Car")
    data = design_data_of(design)
    armour = {**data.armour, "front": (60, "metal")}
    laser = FittingData(ref="ll", part="light_laser")
    illegal = dataclasses.replace(data, armour=armour, fittings=(*data.fittings, laser))
    with pytest.raises(ArenaballError) as refused:
        design_save(team=team, actor=world.coaches[0], data=illegal, design=design)
    codes = {problem.code for problem in refused.value.problems}
    assert {"over_budget", "metal_armour", "part_unpriced"} <= codes
    assert {"A-T3", "A-T4", "A-T5"} <= {problem.rule for problem in refused.value.problems}
    assert design_data_of(Design.objects.get(pk=design.pk)) == data


def test_only_the_teams_coach_or_a_commissioner_saves_its_designs():
    world = arena_world(start=False)
    team = world.teams[0]
    design = Design.objects.get(team=team, name="Track Car")
    data = dataclasses.replace(design_data_of(design), name="Track Car Mk II")
    for stranger in (world.coaches[1], world.outsider):
        with pytest.raises(PermissionRefused):
            design_save(team=team, actor=stranger, data=data)
    saved = design_save(team=team, actor=world.commissioner, data=data)
    assert saved.name == "Track Car Mk II"
    assert AuditEntry.objects.filter(
        action="arenaball.design.create", object_id=str(saved.pk)
    ).exists()


def test_crews_are_checked_as_a_whole_and_every_problem_named():
    """A-T2: a gunner only where the design seats one; nobody in two seats."""
    world = arena_world(start=False)
    team = world.teams[0]
    cars = {car.slot: car for car in Car.objects.filter(team=team)}
    choices = [CarChoice(s, c.design_id, c.driver_id, c.gunner_id) for s, c in cars.items()]
    twice = cars["1"].driver_id
    choices = [
        dataclasses.replace(choice, gunner=cars["GK"].gunner_id) if choice.slot == "2" else choice
        for choice in choices
    ]
    choices = [dataclasses.replace(c, driver=twice) if c.slot == "3" else c for c in choices]
    with pytest.raises(ArenaballError) as refused:
        team_cars_set(team=team, actor=world.coaches[0], cars=choices)
    assert {"gunner_without_seat", "crew_in_two_seats"} <= {p.code for p in refused.value.problems}


def test_a_report_is_checked_against_the_line_ups_and_changes_nothing_when_wrong():
    """A-G1, A-G4, A-G5: goals add up, the scorer drove, a substitute only after a kill."""
    world = arena_world()
    fixture = world.fixture()
    home = fixture.home_team
    report = win_report(
        fixture,
        goals=(
            GoalData(home.pk, gunner(home).pk, "centre"),
            GoalData(home.pk, driver(home, "2").pk, "outer"),
        ),
        substitutions=(SubstitutionData(home.pk, "4", "1", "killed"),),
    )
    with pytest.raises(ArenaballError) as refused:
        report_record(fixture=fixture, data=report, actor=world.coaches[0])
    codes = {problem.code for problem in refused.value.problems}
    assert {
        "score_mismatch",
        "scorer_not_driver",
        "substitute_without_kill",
        "not_finished",
    } <= codes
    assert "goals.0.scorer" in refused.value.fields
    assert not Result.objects.filter(fixture=fixture).exists()
    assert not CharacterGame.objects.exists()


def test_outsiders_may_not_report():
    world = arena_world()
    with pytest.raises(PermissionRefused):
        play(world.fixture(), actor=world.outsider)


def test_points_after_a_game():
    """A-P1: goals give Driver points; winners who took part a skill and a Prestige point; a
    kill a point in the skill used and Prestige."""
    world = arena_world()
    fixture = world.fixture()
    home, away = fixture.home_team, fixture.away_team
    keeper_gunner = gunner(home)
    play(
        fixture,
        actor=world.coaches[0],
        kills=(
            KillData(away.pk, "1", home.pk, "GK", keeper_gunner.pk, "weapon", "rocket launcher"),
        ),
    )
    scorer = Character.objects.get(pk=driver(home, "2").pk)
    assert (scorer.driver_points, scorer.prestige, scorer.goals, scorer.games) == (3, 1, 2, 1)
    keeper_gunner.refresh_from_db()
    assert (keeper_gunner.gunner_points, keeper_gunner.prestige, keeper_gunner.kills) == (2, 2, 1)
    loser = Character.objects.get(pk=driver(away, "1").pk)
    assert (loser.driver_points, loser.prestige, loser.games) == (0, 0, 1)
    assert not CharacterGame.objects.filter(character=driver(home, "4")).exists()  # in the pits


def test_the_dead_leave_for_the_graveyard_and_the_injured_miss_the_next_game():
    """A-P3 and A-G3: a dead character leaves the roster and his seat; an injured one may
    not play the team's next game; a correction that takes the death away brings him back."""
    world = arena_world(teams=3)
    fixture = world.fixture(1)
    away = fixture.away_team
    dead, hurt = driver(away, "1"), driver(away, "2")
    home = fixture.home_team
    play(
        fixture,
        actor=world.commissioner,
        kills=(KillData(away.pk, "1", home.pk, "1", driver(home, "1").pk, "ram"),),
        casualties=(
            CasualtyData(away.pk, dead.pk, "dead"),
            CasualtyData(away.pk, hurt.pk, "injured"),
        ),
    )
    dead.refresh_from_db()
    hurt.refresh_from_db()
    assert dead.state == Character.State.DEAD
    assert dead.died_in_id == fixture.pk
    assert Car.objects.get(team=away, slot="1").driver is None
    assert hurt.games_to_miss == 1

    next_game = (
        Fixture.objects.filter(round__season=world.season)
        .exclude(pk=fixture.pk)
        .filter(home_team=away)
        .first()
        or Fixture.objects.filter(round__season=world.season, away_team=away)
        .exclude(pk=fixture.pk)
        .first()
    )
    assert next_game is not None
    other = next_game.away_team if next_game.home_team_id == away.pk else next_game.home_team
    scores = (
        {"home_score": 5, "away_score": 0}
        if other == next_game.home_team
        else {"home_score": 0, "away_score": 5}
    )
    goals = (
        GoalData(other.pk, driver(other, "1").pk, "centre"),
        GoalData(other.pk, driver(other, "1").pk, "centre"),
    )
    with pytest.raises(ArenaballError) as refused:
        report_record(
            fixture=next_game,
            data=win_report(next_game, goals=goals, **scores),
            actor=world.commissioner,
        )
    assert {"driver_missing", "character_unavailable"} <= {p.code for p in refused.value.problems}

    report_correct(
        fixture=fixture,
        data=win_report(
            fixture, kills=(KillData(away.pk, "1", home.pk, "1", driver(home, "1").pk, "ram"),)
        ),
        actor=world.commissioner,
    )
    dead.refresh_from_db()
    hurt.refresh_from_db()
    assert dead.state == Character.State.ACTIVE
    assert hurt.games_to_miss == 0


def test_a_replacement_is_signed_while_the_roster_has_room():
    """A-T2 (decided: 12 characters), A-P3: the coach signs a replacement."""
    world = arena_world(start=False)
    team = world.teams[0]
    for index in range(4):
        character_sign(team=team, actor=world.coaches[0], name=f"Rookie {index}")
    with pytest.raises(ArenaballError, match="full"):
        character_sign(team=team, actor=world.coaches[0], name="One too many")


def test_void_takes_everything_away_again():
    world = arena_world()
    fixture = world.fixture()
    play(fixture, actor=world.coaches[0])
    report_void(fixture=fixture, actor=world.commissioner)
    assert not CharacterGame.objects.exists()
    assert Character.objects.filter(driver_points__gt=0).count() == 0
    row = StandingRow.objects.get(season=world.season, team=fixture.home_team)
    assert (row.played, row.points) == (0, 0)


def test_kills_break_a_tie_in_the_standings():
    """A-L1: level on points, head-to-head, difference and points for: kills decide."""
    world = arena_world(teams=4)
    season = world.season
    games = list(
        Fixture.objects.filter(round__season=season, round__number=1).select_related(
            "home_team", "away_team"
        )
    )
    first, second = games
    play(first, actor=world.commissioner)
    away = second.away_team
    play(
        second,
        actor=world.commissioner,
        kills=(
            KillData(
                away.pk, "3", second.home_team.pk, "1", driver(second.home_team, "1").pk, "ram"
            ),
        ),
    )
    rows = {row.team_id: row for row in StandingRow.objects.filter(season=season)}
    assert (rows[second.home_team_id].position or 0) < (rows[first.home_team_id].position or 0)
    assert (
        "kills" in rows[second.home_team_id].explanation.lower()
        or "kills" in rows[first.home_team_id].explanation.lower()
    )


def test_a_coach_chooses_only_his_own_teams_pits():
    """A-G4: each coach chooses his team's two cars in the pits; a commissioner either."""
    world = arena_world()
    fixture = world.fixture()
    home, away = fixture.home_team, fixture.away_team
    home_coach = home.coach
    assert home_coach is not None
    with pytest.raises(PermissionRefused):
        pits_choose(fixture=fixture, team=away, actor=home_coach, slots=["4", "5"])
    pits_choose(fixture=fixture, team=home, actor=home_coach, slots=["4", "5"])
    pits_choose(fixture=fixture, team=away, actor=world.commissioner, slots=["3", "5"])
    with pytest.raises(ArenaballError, match="2 track cars"):
        pits_choose(fixture=fixture, team=home, actor=home_coach, slots=["GK"])


def test_the_season_overview_names_its_leaders():
    """A-P1: goals, kills and Prestige over the season's games."""
    world = arena_world()
    fixture = world.fixture()
    home, away = fixture.home_team, fixture.away_team
    killer = driver(home, "1")
    play(
        fixture,
        actor=world.coaches[0],
        kills=(KillData(away.pk, "2", home.pk, "1", killer.pk, "ram"),),
    )
    page = Client().get(f"/leagues/{world.league.slug}/{world.season.slug}/")
    leaders = page.context["leaders"]
    assert leaders["goals"][0].character == driver(home, "2")
    assert leaders["kills"][0].character == killer
    assert b"Kills (A-G2)" in page.content


def test_a_rollover_keeps_the_teams_cars_crews_careers_and_injuries():
    """A-P3: an injury carries into the next season; the characters keep their careers."""
    from league.services.playoffs import playoffs_advance, playoffs_start
    from league.services.rounds import round_open
    from league.services.season_end import season_close, season_rollover

    world = arena_world(teams=2, playoff_teams=2)
    season = world.season
    fixture = world.fixture()
    away = fixture.away_team
    hurt = driver(away, "3")
    play(fixture, actor=world.commissioner, casualties=(CasualtyData(away.pk, hurt.pk, "injured"),))
    playoffs_start(season=season, actor=world.commissioner)
    final = season.rounds.get(stage="playoff")
    round_open(round_=final, actor=world.commissioner)
    (game,) = final.fixtures.select_related("home_team", "away_team")
    seated = {pk for car in Car.objects.filter(team=away) for pk in (car.driver_id, car.gunner_id)}
    reserve = Character.objects.filter(team=away).exclude(pk__in=seated).first()
    assert reserve is not None
    team_cars_set(
        team=away,
        actor=away.coach,
        cars=[
            CarChoice(
                car.slot,
                car.design_id,
                reserve.pk if car.slot == "3" else car.driver_id,
                car.gunner_id,
            )
            for car in Car.objects.filter(team=away)
        ],
    )  # the injured character sits the final out, a reserve drives his car
    play(game, actor=world.commissioner)
    playoffs_advance(season=season, actor=world.commissioner)
    closed = season_close(season=season, actor=world.commissioner)
    following = season_rollover(season=closed, name="Arena 2027", actor=world.commissioner)
    hurt.refresh_from_db()
    assert hurt.games_to_miss == 0  # he missed the final, his one game (A-P3)
    assert Car.objects.filter(team=away).count() == 6
    assert StandingRow.objects.filter(season=following).count() == 2
    assert following.arenaball_settings.target_points == 5
    scorer = driver(game.home_team, "1")
    assert scorer.goals > 0
