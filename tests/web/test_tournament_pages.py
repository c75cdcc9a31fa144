"""A tournament's public pages: the groups with their tables and who goes through, and the
bracket with its games played, its games to come and its winner."""

from __future__ import annotations

from unittest import mock

import pytest
from django.test import Client
from django.urls import reverse

from games.services import simulation_request_rest_of_season
from league.models import League, Season, StandingRow
from league.services.playoffs import playoffs_advance
from league.services.tournaments import (
    tournament_draw_groups,
    tournament_generate_schedule,
    tournament_knockout_start,
    tournament_start,
)
from tests.league.tournament_helpers import run_queued_jobs, tournament_with_field

pytestmark = pytest.mark.django_db


def _url(name: str, season: Season) -> str:
    return reverse(name, args=[season.league.slug, season.slug])


def _play(cup: Season) -> None:
    with mock.patch("games.services.job_queue.app.send_task"):
        simulation_request_rest_of_season(season=cup, actor=None)
        run_queued_jobs(cup)


@pytest.fixture
def cup(world) -> Season:
    """Six teams in two groups of three, the top two of each to a knockout of four; the
    group stage played and the semi-finals drawn."""
    cup = tournament_with_field(world, guests=4, group_count=2, group_qualifiers=2)
    tournament_draw_groups(tournament=cup, actor=None, seed=3)
    tournament_generate_schedule(tournament=cup, actor=None)
    tournament_start(tournament=cup, actor=None)
    _play(cup)
    tournament_knockout_start(tournament=cup, actor=None)
    return cup


def test_the_groups_page_shows_each_group_table_and_who_goes_through(client: Client, cup):
    page = client.get(_url("tournament-groups", cup)).content.decode()
    assert "Group A" in page
    assert "Group B" in page
    assert "the top 2 of each go through" in page
    assert page.count('class="qualifies-mark"') == 4
    for row in StandingRow.objects.filter(season=cup).select_related("team"):
        assert row.team.name in page
    assert page.count("<table") == 2


def test_the_bracket_shows_the_semi_finals_and_the_final_to_come(client: Client, cup):
    page = client.get(_url("tournament-bracket", cup)).content.decode()
    assert "Semi-finals" in page
    assert "Final" in page
    assert "Winner of semi-final 1" in page
    assert "Winner of semi-final 2" in page
    seeded = StandingRow.objects.filter(season=cup, bracket_seed__isnull=False)
    for row in seeded.select_related("team"):
        assert row.team.name in page


def test_the_bracket_names_the_winner_once_the_final_is_played(client: Client, cup):
    _play(cup)
    playoffs_advance(season=cup, actor=None)
    _play(cup)
    winner = playoffs_advance(season=cup, actor=None)
    page = client.get(_url("tournament-bracket", cup)).content.decode()
    assert f'<a href="/teams/{winner.pk}/">{winner.name}</a>' in page
    assert "Winner of semi-final" not in page
    assert page.count("bracket__side--won") == 3  # two semi-finals and the final


def test_before_the_knockout_the_bracket_says_when_it_is_drawn(client: Client, world):
    cup = tournament_with_field(world, guests=4, group_count=2, group_qualifiers=1)
    page = client.get(_url("tournament-bracket", cup)).content.decode()
    assert "drawn when every group game is played" in page
    page = client.get(_url("tournament-groups", cup)).content.decode()
    assert "The groups are drawn once the field is complete." in page


def test_the_season_pages_link_a_tournament_to_its_groups_and_bracket(client: Client, cup):
    for url in (_url("season", cup), "/"):
        page = client.get(url).content.decode()
        assert _url("tournament-groups", cup) in page
        assert _url("tournament-bracket", cup) in page


def test_a_league_season_has_no_groups_page_and_a_bracket_only_with_playoffs(client: Client, world):
    assert client.get(_url("tournament-groups", world.season)).status_code == 404
    # Its playoffs' bracket (issue #19: seeded from the table, or from its divisions).
    assert world.season.playoff_teams
    assert client.get(_url("tournament-bracket", world.season)).status_code == 200
    Season.objects.filter(pk=world.season.pk).update(playoff_teams=0)
    assert client.get(_url("tournament-bracket", world.season)).status_code == 404


def test_a_private_league_tournament_is_hidden_from_visitors(client: Client, cup):
    League.objects.filter(pk=cup.league_id).update(is_public=False)
    assert client.get(_url("tournament-groups", cup)).status_code == 404
    assert client.get(_url("tournament-bracket", cup)).status_code == 404


def test_the_pages_read_in_a_few_queries(client: Client, cup, django_assert_max_num_queries):
    # Counted on the pages themselves, not on a quick 404.
    with django_assert_max_num_queries(12):
        assert client.get(_url("tournament-groups", cup)).status_code == 200
    with django_assert_max_num_queries(12):
        assert client.get(_url("tournament-bracket", cup)).status_code == 200
