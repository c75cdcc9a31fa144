"""The league's story selectors (league/selectors/story.py) read a fixed number of queries whatever
the number of seasons, and name a team's knockout result."""

from __future__ import annotations

import pytest

from league.models import Fixture, Result, Round, Season, StandingRow
from league.selectors.story import league_champions, team_history, team_titles

pytestmark = pytest.mark.django_db


def _season_with_final(league, name: str, champion_index: int) -> Season:
    season = Season.objects.create(
        league=league, name=name, slug=name.lower().replace(" ", "-"), status="finished"
    )
    teams = list(league.teams.order_by("id"))
    for position, team in enumerate(teams, start=1):
        StandingRow.objects.create(season=season, team=team, position=position)
    final = Round.objects.create(season=season, number=1, stage=Round.Stage.PLAYOFF)
    fixture = Fixture.objects.create(
        round=final, home_team=teams[0], away_team=teams[1], status=Fixture.Status.PLAYED
    )
    won = champion_index == 0
    Result.objects.create(
        fixture=fixture, home_score=2 if won else 0, away_score=0 if won else 2, source="reported"
    )
    season.champion = teams[champion_index]
    season.save(update_fields=["champion"])
    return season


@pytest.mark.parametrize("seasons", [1, 3])
def test_a_teams_history_costs_four_queries_whatever_its_seasons(
    world, django_assert_num_queries, seasons: int
):
    for number in range(seasons):
        _season_with_final(world.league, f"Old {number}", champion_index=number % 2)
    first, second = world.league.teams.order_by("id")
    with django_assert_num_queries(4):
        lines = team_history(team=first)
    by_season = {line.season.name: line for line in lines}
    assert by_season["Old 0"].knockout == "Champion"
    assert by_season["Old 0"].champion
    assert {line.knockout for line in team_history(team=second) if line.season.name == "Old 0"} == {
        "Runner-up"
    }
    assert by_season[world.season.name].knockout == ""  # no knockout yet


def test_champions_and_titles_newest_first(world):
    older = _season_with_final(world.league, "Old A", champion_index=0)
    newer = _season_with_final(world.league, "Old B", champion_index=0)
    assert league_champions(league=world.league) == [newer, older]
    first = world.league.teams.order_by("id").first()
    assert team_titles(team=first) == [newer, older]
