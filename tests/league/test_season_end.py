"""From the last regular game to the champion and the next season: the knockout bracket,
closing and rollover."""

from __future__ import annotations

import pytest

from games.errors import GamesError
from games.selectors import round_open_refusal
from games.services import PlayerLine, ResultReport, result_record, round_open
from injuries.models import Injury
from league.errors import LeagueError
from league.models import Fixture, Round, Season, StandingRow, Team
from league.services.playoffs import (
    playoffs_advance,
    playoffs_advance_refusal,
    playoffs_start,
    playoffs_start_refusal,
)
from league.services.rounds import round_next_to_open
from league.services.schedule import season_generate_schedule
from league.services.season_end import season_close, season_close_refusal, season_rollover
from league.services.seasons import season_transition
from rosters.services import team_create
from rules.magnoball.dice import ScriptedDice

pytestmark = pytest.mark.django_db


def _play(fixture: Fixture, home_goals: int, away_goals: int, **report) -> None:
    fixture.round.refresh_from_db()
    if fixture.round.status == Round.Status.SCHEDULED:
        round_open(round_=fixture.round, actor=None, dice=ScriptedDice([]))
    fixture.refresh_from_db()
    home_forward = fixture.home_team.players.get(shirt_number=1)
    away_forward = fixture.away_team.players.get(shirt_number=1)
    lines = [PlayerLine(home_forward.pk, home_goals), PlayerLine(away_forward.pk, away_goals)]
    result_record(
        fixture=fixture,
        report=ResultReport(home_goals, away_goals, lines=lines, **report),
        actor=None,
        dice=ScriptedDice([9, 9] * 5),
    )


@pytest.fixture
def four_teams(world) -> Season:
    """Four teams, a single round robin in which the team named first always wins."""
    for name, short in (("Cobalt Cranes", "COB"), ("Dune Drifters", "DUN")):
        team_create(season=world.season, name=name, short_name=short, actor=None)
    world.season.double_round_robin = False
    world.season.playoff_teams = 2
    world.season.save()
    world.season.rules.enhancements = False
    world.season.rules.save()
    season_generate_schedule(season=world.season, actor=None, shuffle=False)
    season_transition(season=world.season, to=Season.Status.ACTIVE, actor=None)
    return world.season


def _play_regular_season(season: Season) -> None:
    for fixture in (
        Fixture.objects.filter(round__season=season)
        .select_related("round", "home_team", "away_team")
        .order_by("round__number", "id")
    ):
        home_first = fixture.home_team.name < fixture.away_team.name
        _play(fixture, 2 if home_first else 0, 0 if home_first else 1)


def test_the_top_two_meet_in_the_final_and_the_winner_is_champion(world, four_teams):
    season = four_teams
    with pytest.raises(LeagueError, match="still to play"):
        playoffs_start(season=season, actor=None)
    _play_regular_season(season)
    order = list(
        StandingRow.objects.filter(season=season)
        .order_by("position")
        .values_list("team__name", flat=True)
    )
    assert order == sorted(order)  # the team named first always won
    final = playoffs_start(season=season, actor=world.commissioner)
    season.refresh_from_db()
    assert season.status == Season.Status.PLAYOFFS
    game = final.fixtures.get()
    assert (game.home_team.name, game.away_team.name) == (order[0], order[1])
    _play(game, 0, 1)  # the second seed wins the final
    champion = playoffs_advance(season=season, actor=None)
    assert isinstance(champion, Team)
    assert champion.name == order[1]
    # The final counts for nothing in the regular table.
    assert StandingRow.objects.get(season=season, position=1).team.name == order[0]
    closed = season_close(season=season, actor=world.commissioner)
    assert (closed.status, closed.champion) == (Season.Status.FINISHED, champion)


def test_a_drawn_knockout_game_goes_to_the_higher_seed(world, four_teams):
    _play_regular_season(four_teams)
    game = playoffs_start(season=four_teams, actor=None).fixtures.get()
    _play(game, 0, 0, overtime=False)
    assert playoffs_advance(season=four_teams, actor=None) == game.home_team


def test_four_team_playoffs_pair_one_with_four_and_two_with_three(world, four_teams):
    four_teams.playoff_teams = 4
    four_teams.save(update_fields=["playoff_teams"])
    _play_regular_season(four_teams)
    semis = playoffs_start(season=four_teams, actor=None)
    seeds = {row.team_id: row.position for row in StandingRow.objects.filter(season=four_teams)}
    assert sorted((seeds[f.home_team_id], seeds[f.away_team_id]) for f in semis.fixtures.all()) == [
        (1, 4),
        (2, 3),
    ]
    with pytest.raises(LeagueError, match="still has games"):
        playoffs_advance(season=four_teams, actor=None)
    for fixture in semis.fixtures.all():
        _play(fixture, 0, 1)  # the lower seeds win
    final = playoffs_advance(season=four_teams, actor=None)
    game = final.fixtures.get()
    assert (seeds[game.home_team_id], seeds[game.away_team_id]) == (3, 4)


def test_without_playoffs_closing_crowns_the_table_leader(world, four_teams):
    four_teams.playoff_teams = 0
    four_teams.save(update_fields=["playoff_teams"])
    with pytest.raises(LeagueError, match="still to play"):
        season_close(season=four_teams, actor=None)
    _play_regular_season(four_teams)
    with pytest.raises(LeagueError, match="no playoffs"):
        playoffs_start(season=four_teams, actor=None)
    closed = season_close(season=four_teams, actor=None)
    assert closed.champion == StandingRow.objects.get(season=four_teams, position=1).team


def test_a_closed_season_takes_no_result_and_rolls_over_with_its_teams(world, four_teams):
    four_teams.playoff_teams = 0
    four_teams.save(update_fields=["playoff_teams"])
    _play_regular_season(four_teams)
    injured = world.home.players.get(shirt_number=2)
    Injury.objects.create(
        player=injured, season=four_teams, duration_die="d20", duration_roll=18, games_out=9
    )
    with pytest.raises(LeagueError, match="Close"):
        season_rollover(season=four_teams, name="2027", actor=None)
    season_close(season=four_teams, actor=None)
    nxt = season_rollover(season=four_teams, name="2027", actor=world.commissioner)
    assert nxt.status == Season.Status.DRAFT
    assert set(nxt.teams.all()) == set(four_teams.teams.all())
    assert world.home.players.count() == 18
    assert Injury.objects.get(player=injured).state == Injury.State.OUT
    with pytest.raises(LeagueError, match="already been rolled over"):
        season_rollover(season=four_teams, name="2028", actor=None)


# --- May a step run, and why not: the selector gives the refusal its service raises, so the
# admin offers and explains a step by the same rule.


def test_the_playoffs_selector_refuses_as_its_service_does_until_the_table_is_played_out(
    four_teams: Season,
):
    four_teams.refresh_from_db()
    refusal = playoffs_start_refusal(season=four_teams)
    assert refusal is not None
    assert refusal.code == "season_unfinished"
    with pytest.raises(LeagueError) as raised:
        playoffs_start(season=four_teams, actor=None)
    assert (raised.value.code, raised.value.message) == (refusal.code, refusal.message)

    _play_regular_season(four_teams)

    assert playoffs_start_refusal(season=four_teams) is None
    playoffs_start(season=four_teams, actor=None)
    four_teams.refresh_from_db()
    advance = playoffs_advance_refusal(season=four_teams)
    assert advance is not None
    assert advance.code == "round_unfinished"
    close = season_close_refusal(season=four_teams)
    assert close is not None
    assert close.message == "The playoffs have no champion yet."


def test_rounds_open_in_order_by_one_selector(four_teams: Season):
    four_teams.refresh_from_db()
    first = round_next_to_open(season=four_teams)
    assert first is not None
    assert first.number == 1
    later = Round.objects.get(season=four_teams, number=2)
    refusal = round_open_refusal(round_=later)
    assert refusal is not None
    assert refusal.code == "earlier_round_closed"
    with pytest.raises(GamesError) as raised:
        round_open(round_=later, actor=None, dice=ScriptedDice([]))
    assert raised.value.message == refusal.message

    assert round_open_refusal(round_=first) is None
    round_open(round_=first, actor=None, dice=ScriptedDice([]))
    first.refresh_from_db()
    opened = round_open_refusal(round_=first)
    assert opened is not None
    assert opened.code == "round_open"
