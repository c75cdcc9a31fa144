"""The command-line face of the engine: a reproducible JSON match, and series rates."""

from __future__ import annotations

import json
from io import StringIO

import pytest
from django.core.management import CommandError, call_command

from games.selectors import team_sheet
from injuries.models import Injury
from league.models import Fixture
from league.services.schedule import season_generate_schedule
from rosters.models import Player
from rules.magnoball.snapshot import Side

pytestmark = pytest.mark.django_db


def _run(*args: str) -> dict:
    out = StringIO()
    call_command(*args, stdout=out)
    return json.loads(out.getvalue())


def test_m_d8_the_same_seed_prints_the_same_match(world):
    args = ("simulate_match", "--home", "HOM", "--away", "Away Arrows", "--seed", "11")
    first, again = (_run(*args, "--events", "--rolls") for _ in range(2))
    assert first == again
    assert first["seed"] == 11
    assert first["engine_version"]
    assert first["events"]
    assert first["rolls"]
    points = {"home": 0, "away": 0}
    for line in first["stat_lines"]:
        points[line["side"]] += line["points"]
    assert (points["home"], points["away"]) == (first["home_score"], first["away_score"])
    assert first["players"][first["stat_lines"][0]["player_key"]]


def test_without_flags_the_events_and_rolls_are_left_out(world):
    match = _run("simulate_match", "--home", "HOM", "--away", "AWA", "--seed", "3")
    assert "events" not in match
    assert "rolls" not in match


def test_a_fixture_is_simulated_by_its_seasons_rules(world):
    season_generate_schedule(season=world.season, actor=None, seed=1)
    fixture = Fixture.objects.filter(round__season=world.season).order_by("id")[0]
    match = _run("simulate_match", "--fixture", str(fixture.pk), "--seed", "4")
    assert (match["home"], match["away"]) == (fixture.home_team.name, fixture.away_team.name)


def test_unknown_teams_and_fixtures_are_clear_errors(world):
    with pytest.raises(CommandError, match="No team matches 'Nobody'"):
        call_command("simulate_match", "--home", "Nobody", "--away", "AWA")
    with pytest.raises(CommandError, match="cannot play itself"):
        call_command("simulate_match", "--home", "HOM", "--away", "HOM")
    with pytest.raises(CommandError, match="No fixture with id 999"):
        call_command("simulate_match", "--fixture", "999")


def test_series_prints_rates_that_add_up(world):
    stats = _run("simulate_series", "--home", "HOM", "--away", "AWA", "-n", "20", "--seed", "5")
    assert stats["matches"] == 20
    assert stats["home_wins"] + stats["away_wins"] + stats["draws"] == 20
    assert stats["home_win_rate"] == pytest.approx(stats["home_wins"] / 20)


def test_m_p3_injured_and_listed_players_are_left_off_the_team_sheet(world):
    hurt = world.home.players.get(shirt_number=1)
    Injury.objects.create(
        player=hurt, season=world.season, duration_die="d20", duration_roll=9, games_out=4
    )
    world.home.players.filter(shirt_number=2).update(roster_state=Player.RosterState.INJURED_LIST)
    sheet = team_sheet(team=world.home, settings=world.season.rules.to_engine(), side=Side.HOME)
    keys = {p.key for p in sheet.players}
    assert len(sheet.first_string) == 9
    assert len(sheet.second_string) == 7
    assert str(hurt.pk) not in keys
