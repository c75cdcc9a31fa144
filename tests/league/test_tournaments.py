"""Tournaments (league/services/tournaments.py): the field, the group draw and schedule, the group
tables by the league's tie-breakers, the seeded knockout and the winner, simulated through
the season's jobs; each step's permissions and refusals."""

from __future__ import annotations

from collections import Counter
from unittest import mock

import pytest

from games.services import simulation_request_rest_of_season
from league.errors import DomainError, LeagueError, PermissionRefused
from league.models import AuditEntry, Fixture, Result, Round, Season, StandingRow, Team
from league.services.playoffs import playoffs_advance, playoffs_start
from league.services.season_end import season_close, season_rollover
from league.services.seasons import season_create, season_enter_team, season_update_rules
from league.services.tournaments import (
    tournament_add_guest_team,
    tournament_create,
    tournament_draw_groups,
    tournament_enter_team,
    tournament_generate_schedule,
    tournament_knockout_start,
    tournament_start,
)
from rosters.models import PlayerSeason
from tests.league.tournament_helpers import run_queued_jobs, tournament_with_field

pytestmark = pytest.mark.django_db


@pytest.fixture
def sent():
    with mock.patch("games.services.job_queue.app.send_task"):
        yield


def _play_stage(tournament: Season, actor) -> None:
    simulation_request_rest_of_season(season=tournament, actor=actor)
    run_queued_jobs(tournament)


def test_a_twelve_team_tournament_runs_from_its_groups_to_its_winner(world, sent):
    boss = world.commissioner
    cup = tournament_with_field(world, guests=10)
    groups = tournament_draw_groups(tournament=cup, actor=boss, seed=5)
    assert [g.name for g in groups] == ["Group A", "Group B", "Group C", "Group D"]
    sizes = Counter(StandingRow.objects.filter(season=cup).values_list("group__name", flat=True))
    assert sizes == {"Group A": 3, "Group B": 3, "Group C": 3, "Group D": 3}
    # The top four seeds head a group each.
    heads = StandingRow.objects.filter(season=cup, seed__lte=4).order_by("seed")
    assert [row.group.name for row in heads] == ["Group A", "Group B", "Group C", "Group D"]

    rounds = tournament_generate_schedule(tournament=cup, actor=boss)
    assert len(rounds) == 3  # a group of three: three rounds, one team resting each
    fixtures = Fixture.objects.filter(round__season=cup)
    assert fixtures.count() == 12
    for fixture in fixtures.select_related("home_team", "away_team"):
        home = StandingRow.objects.get(season=cup, team=fixture.home_team)
        away = StandingRow.objects.get(season=cup, team=fixture.away_team)
        assert home.group_id == away.group_id
    tournament_start(tournament=cup, actor=boss)
    _play_stage(cup, boss)
    assert not fixtures.exclude(status=Fixture.Status.PLAYED).exists()

    # Each group has its own table: positions 1 to 3, points from its own games only.
    for group in groups:
        rows = list(StandingRow.objects.filter(season=cup, group=group).order_by("position"))
        assert [row.position for row in rows] == [1, 2, 3]
        assert all(row.played == 2 for row in rows)

    first = tournament_knockout_start(tournament=cup, actor=boss)
    cup.refresh_from_db()
    assert cup.status == Season.Status.PLAYOFFS
    assert first.stage == Round.Stage.PLAYOFF
    seeded = list(
        StandingRow.objects.filter(season=cup, bracket_seed__isnull=False).order_by("bracket_seed")
    )
    assert [(r.position, r.group.name[-1]) for r in seeded] == [
        (1, "A"), (1, "B"), (1, "C"), (1, "D"), (2, "A"), (2, "B"), (2, "C"), (2, "D")
    ]  # fmt: skip
    pairs = [
        (f.home_team_id, f.away_team_id) for f in first.fixtures.order_by("id")
    ]  # winners against runners-up of another group, the winner at home
    assert pairs == [(seeded[i].team_id, seeded[7 - i].team_id) for i in range(4)]

    for _stage in range(3):
        _play_stage(cup, boss)
        outcome = playoffs_advance(season=cup, actor=boss)
    assert isinstance(outcome, Team)
    final = Round.objects.filter(season=cup, stage=Round.Stage.PLAYOFF).latest("number")
    assert final.fixtures.count() == 1
    result = Result.objects.get(fixture__round=final)
    assert outcome.pk in (result.fixture.home_team_id, result.fixture.away_team_id)
    finished = season_close(season=cup, actor=boss)
    assert finished.status == Season.Status.FINISHED
    assert finished.champion == outcome
    assert Result.objects.filter(fixture__round__season=cup).count() == 12 + 4 + 2 + 1
    actions = set(AuditEntry.objects.filter(object_id=str(cup.pk)).values_list("action", flat=True))
    assert {"tournament.create", "tournament.draw", "tournament.schedule"} <= actions
    assert {"tournament.knockout", "season.champion"} <= actions


def test_a_level_knockout_game_goes_to_the_higher_seed(world, sent):
    cup = tournament_with_field(world, guests=0, group_count=0)
    tournament_start(tournament=cup, actor=None)
    first = tournament_knockout_start(tournament=cup, actor=None)
    fixture = first.fixtures.get()
    assert fixture.home_team == world.home  # seed 1 at home
    Round.objects.filter(pk=first.pk).update(status=Round.Status.COMPLETE)
    Fixture.objects.filter(pk=fixture.pk).update(status=Fixture.Status.PLAYED)
    # A simulated overtime that ended level on the activation limit (M-G2).
    Result.objects.create(fixture=fixture, home_score=1, away_score=1, overtime=True)
    StandingRow.objects.filter(season=cup, team=world.home).update(bracket_seed=2)
    StandingRow.objects.filter(season=cup, team=world.away).update(bracket_seed=1)
    assert playoffs_advance(season=cup, actor=None) == world.away


def test_group_tables_use_the_league_tie_breakers_within_each_group_only(world, sent):
    cup = tournament_with_field(world, guests=4, group_count=2, group_qualifiers=1)
    tournament_draw_groups(tournament=cup, actor=None, seed=1)
    tournament_generate_schedule(tournament=cup, actor=None)
    tournament_start(tournament=cup, actor=None)
    _play_stage(cup, None)
    for group in cup.groups.all():
        rows = StandingRow.objects.filter(season=cup, group=group).order_by("position")
        assert [r.position for r in rows] == [1, 2, 3]
        # Every explanation compares teams of the group only.
        names = {r.team.name for r in rows}
        others = set(StandingRow.objects.filter(season=cup).values_list("team__name", flat=True))
        for row in rows:
            assert not any(name in row.explanation for name in others - names)


def test_a_one_group_tournament_is_won_by_its_leader(world, sent):
    cup = tournament_with_field(world, guests=1, group_count=1, group_qualifiers=0)
    tournament_draw_groups(tournament=cup, actor=None)
    tournament_generate_schedule(tournament=cup, actor=None)
    tournament_start(tournament=cup, actor=None)
    with pytest.raises(LeagueError, match="no knockout"):
        tournament_knockout_start(tournament=cup, actor=None)
    _play_stage(cup, None)
    leader = StandingRow.objects.get(season=cup, position=1).team
    assert season_close(season=cup, actor=None).champion == leader


def test_a_tournament_on_one_day_dates_every_round_on_it(world, sent):
    import datetime

    day = datetime.date(2026, 6, 6)
    cup = tournament_with_field(
        world, guests=2, group_count=1, group_qualifiers=2, starts_on=day, days_between_rounds=0
    )
    tournament_draw_groups(tournament=cup, actor=None)
    tournament_generate_schedule(tournament=cup, actor=None)
    tournament_start(tournament=cup, actor=None)
    _play_stage(cup, None)
    tournament_knockout_start(tournament=cup, actor=None)
    assert set(Round.objects.filter(season=cup).values_list("starts_on", flat=True)) == {day}


def test_games_of_an_exhibition_tournament_do_not_count_for_careers(world, sent):
    cup = tournament_with_field(world, guests=0, group_count=0, counts_for_careers=False)
    tournament_start(tournament=cup, actor=None)
    tournament_knockout_start(tournament=cup, actor=None)
    _play_stage(cup, None)
    home = world.home.players.get(shirt_number=1)
    assert PlayerSeason.objects.get(player=home, season=cup).games_played == 1
    home.refresh_from_db()
    assert home.games_played == 0
    assert not home.injuries.exists()


def test_games_of_a_counting_tournament_count_for_careers(world, sent):
    cup = tournament_with_field(world, guests=0, group_count=0)
    tournament_start(tournament=cup, actor=None)
    tournament_knockout_start(tournament=cup, actor=None)
    _play_stage(cup, None)
    home = world.home.players.get(shirt_number=1)
    home.refresh_from_db()
    assert home.games_played == 1


# --- Refusals -----------------------------------------------------------------------------


@pytest.mark.parametrize(
    ("groups", "qualifiers", "field"),
    [(3, 2, "group_qualifiers"), (2, 0, "group_qualifiers"), (17, 1, "group_count")],
)
def test_a_format_without_a_winner_or_a_bracket_is_refused(world, groups, qualifiers, field):
    with pytest.raises(LeagueError) as refused:
        tournament_create(
            league=world.league,
            name="Odd Cup",
            actor=world.commissioner,
            group_count=groups,
            group_qualifiers=qualifiers,
        )
    assert field in refused.value.fields
    assert not Season.objects.filter(name="Odd Cup").exists()


def test_groups_need_three_to_six_teams_each(world):
    cup = tournament_with_field(world, guests=9)  # 11 teams for 4 groups
    with pytest.raises(LeagueError, match=r"need 12 to 24 teams; .* has 11"):
        tournament_draw_groups(tournament=cup, actor=None)


def test_entries_close_at_the_draw_and_the_draw_at_the_schedule(world):
    cup = tournament_with_field(world, guests=4, group_count=2, group_qualifiers=1)
    tournament_draw_groups(tournament=cup, actor=None)
    tournament_draw_groups(tournament=cup, actor=None)  # redrawn while nothing is scheduled
    with pytest.raises(LeagueError, match="entries are closed"):
        tournament_add_guest_team(tournament=cup, name="Late Larks", short_name="LAT", actor=None)
    tournament_generate_schedule(tournament=cup, actor=None)
    with pytest.raises(LeagueError, match="can no longer be redrawn"):
        tournament_draw_groups(tournament=cup, actor=None)


def test_the_knockout_waits_for_every_group_game(world, sent):
    cup = tournament_with_field(world, guests=4, group_count=2, group_qualifiers=1)
    tournament_draw_groups(tournament=cup, actor=None)
    tournament_generate_schedule(tournament=cup, actor=None)
    with pytest.raises(LeagueError, match="not in its group stage"):
        tournament_knockout_start(tournament=cup, actor=None)
    tournament_start(tournament=cup, actor=None)
    with pytest.raises(LeagueError, match="6 group games still to play"):
        tournament_knockout_start(tournament=cup, actor=None)
    with pytest.raises(LeagueError, match="advance to the knockout first"):
        season_close(season=cup, actor=None)


def test_starting_needs_the_draw_and_the_schedule(world):
    cup = tournament_with_field(world, guests=4, group_count=2, group_qualifiers=1)
    with pytest.raises(LeagueError, match="Draw the groups"):
        tournament_start(tournament=cup, actor=None)
    tournament_draw_groups(tournament=cup, actor=None)
    with pytest.raises(LeagueError, match="Generate the group schedule"):
        tournament_start(tournament=cup, actor=None)


def test_a_knockout_of_the_field_needs_a_power_of_two(world):
    cup = tournament_with_field(world, guests=1, group_count=0)
    with pytest.raises(LeagueError, match=r"needs 2, 4, 8, 16 or 32 teams; .* has 3"):
        tournament_start(tournament=cup, actor=None)


def test_a_team_enters_once_and_a_seed_once(world):
    cup = tournament_with_field(world, guests=0)
    with pytest.raises(LeagueError, match="already in"):
        tournament_enter_team(tournament=cup, team=world.home, actor=None)
    other = tournament_add_guest_team(
        tournament=cup, name="Marl Moles", short_name="MAR", actor=None
    )
    assert other.guest_of == cup
    with pytest.raises(DomainError, match=r"already exists|name"):
        tournament_add_guest_team(tournament=cup, name="Marl Moles", short_name="MRL", actor=None)
    second = tournament_create(league=world.league, name="Autumn Cup", actor=None)
    with pytest.raises(LeagueError, match="guest team of another tournament"):
        tournament_enter_team(tournament=second, team=other, actor=None)
    tournament_enter_team(tournament=second, team=world.home, actor=None, seed=3)
    with pytest.raises(LeagueError, match="Seed 3 is taken"):
        tournament_enter_team(tournament=second, team=world.away, actor=None, seed=3)


def test_a_guest_team_enters_no_league_season(world):
    cup = tournament_with_field(world, guests=1)
    guest = cup.guest_teams.get()
    draft = season_create(league=world.league, name="2027", actor=None)
    with pytest.raises(LeagueError, match="guest team of another tournament"):
        season_enter_team(season=draft, team=guest, actor=None)
    assert not draft.standings.exists()


def test_tournament_services_refuse_a_league_season(world):
    with pytest.raises(LeagueError, match="not a tournament"):
        tournament_draw_groups(tournament=world.season, actor=None)


def test_league_playoffs_and_rollover_refuse_a_tournament(world, sent):
    cup = tournament_with_field(world, guests=0, group_count=0)
    tournament_start(tournament=cup, actor=None)
    with pytest.raises(LeagueError, match="is a tournament"):
        playoffs_start(season=cup, actor=None)
    tournament_knockout_start(tournament=cup, actor=None)
    _play_stage(cup, None)
    playoffs_advance(season=cup, actor=None)
    season_close(season=cup, actor=None)
    with pytest.raises(LeagueError, match="does not roll over"):
        season_rollover(season=cup, name="Cup 2", actor=None)


# --- Permissions: only a commissioner of the league runs a tournament ---------------------


def _steps(world, cup):
    team = world.home
    return {
        "create": lambda actor: tournament_create(league=world.league, name="X Cup", actor=actor),
        "enter": lambda actor: tournament_enter_team(tournament=cup, team=team, actor=actor),
        "guest": lambda actor: tournament_add_guest_team(
            tournament=cup, name="Guest Gulls", short_name="GUE", actor=actor
        ),
        "draw": lambda actor: tournament_draw_groups(tournament=cup, actor=actor),
        "schedule": lambda actor: tournament_generate_schedule(tournament=cup, actor=actor),
        "start": lambda actor: tournament_start(tournament=cup, actor=actor),
        "knockout": lambda actor: tournament_knockout_start(tournament=cup, actor=actor),
    }


@pytest.mark.parametrize("role", ["home_coach", "outsider"])
@pytest.mark.parametrize(
    "step", ["create", "enter", "guest", "draw", "schedule", "start", "knockout"]
)
def test_coaches_and_outsiders_may_not_run_a_tournament(world, role, step):
    cup = tournament_create(league=world.league, name="Spring Cup", actor=world.commissioner)
    before = AuditEntry.objects.count()
    with pytest.raises(PermissionRefused, match="Only a commissioner"):
        _steps(world, cup)[step](getattr(world, role))
    assert AuditEntry.objects.count() == before


def test_a_commissioner_runs_each_step(world, sent):
    boss = world.commissioner
    cup = tournament_create(
        league=world.league, name="Spring Cup", actor=boss, group_count=1, group_qualifiers=2
    )
    steps = _steps(world, cup)
    steps["enter"](boss)
    steps["guest"](boss)
    tournament_enter_team(tournament=cup, team=world.away, actor=boss)
    steps["draw"](boss)
    steps["schedule"](boss)
    steps["start"](boss)
    _play_stage(cup, boss)
    first = steps["knockout"](boss)
    assert first.fixtures.count() == 1
    assert steps["create"](boss).is_tournament


def test_a_guest_team_rolled_at_the_table_needs_its_faces(world):
    cup = tournament_create(league=world.league, name="Table Cup", actor=None)
    season_update_rules(season=cup, changes={"coaches_roll_creation": True}, actor=None)
    with pytest.raises(DomainError, match="d12"):
        tournament_add_guest_team(tournament=cup, name="Guest Gulls", short_name="GUE", actor=None)
    assert not cup.guest_teams.exists()
    assert not cup.standings.exists()
