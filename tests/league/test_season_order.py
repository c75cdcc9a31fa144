"""Issue #46, item 6 (game-free): a season being prepared does not take the league's home
page from the season being played (or just finished) until it starts, and a new season
keeps the league's playoff format."""

from __future__ import annotations

import re

import pytest
from django.test import Client
from django.urls import reverse

from league.models import Season
from league.selectors.leagues import season_current
from league.services.leagues import league_create
from league.services.schedule import season_generate_schedule
from league.services.seasons import season_create, season_transition
from league.services.teams import team_create
from league.services.tournaments import tournament_create

pytestmark = pytest.mark.django_db


def _started(league, name: str) -> Season:
    season = season_create(league=league, name=name, actor=None)
    for number in (1, 2):
        team_create(
            season=season, name=f"{name} Club {number}", short_name=f"C{number}", actor=None
        )
    season_generate_schedule(season=season, actor=None, seed=1)
    return season_transition(season=season, to=Season.Status.ACTIVE, actor=None)


def _card_season(client: Client, league) -> str:
    page = client.get(reverse("home")).content.decode()
    card = re.search(rf'aria-labelledby="league-{league.pk}">(.*?)</article>', page, re.S)
    assert card is not None
    return card.group(1)


def test_a_draft_season_is_the_home_pages_season_only_once_it_starts(client: Client):
    league = league_create(name="Harbour League", actor=None)
    first = season_create(league=league, name="Opening", actor=None)
    assert season_current(league=league) == first  # a league's only season, in draft
    playing = _started(league, "Spring")
    coming = season_create(league=league, name="Autumn", actor=None)

    assert season_current(league=league) == playing
    card = _card_season(client, league)
    assert ">Spring<" in card
    assert ">Autumn<" not in card

    team_create(season=coming, name="Autumn Club 1", short_name="A1", actor=None)
    team_create(season=coming, name="Autumn Club 2", short_name="A2", actor=None)
    season_generate_schedule(season=coming, actor=None, seed=1)
    season_transition(season=coming, to=Season.Status.ACTIVE, actor=None)
    assert season_current(league=league) == coming


def test_a_new_season_keeps_the_leagues_playoff_format():
    league = league_create(name="Quiet League", actor=None)
    first = season_create(league=league, name="One", actor=None)
    assert first.playoff_teams == 4  # the default, for the league's first season
    season_create(league=league, name="Two", actor=None, playoff_teams=0)
    tournament_create(league=league, name="Cup", actor=None)  # a tournament's format is its own
    assert season_create(league=league, name="Three", actor=None).playoff_teams == 0
    assert season_create(league=league, name="Four", actor=None, playoff_teams=2).playoff_teams == 2
