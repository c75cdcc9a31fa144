"""The home page: the leagues a visitor may see, each season's status and standings."""

from __future__ import annotations

import re

import pytest
from django.db import connection
from django.test import Client
from django.test.utils import CaptureQueriesContext
from django.urls import reverse

from league.models import Season, StandingRow
from league.services import season_generate_schedule, season_transition
from tests.world import MakeLeague

pytestmark = pytest.mark.django_db

ABBREVIATIONS = {
    "P": "Played",
    "W": "Won",
    "OTW": "Won in overtime",
    "D": "Drawn",
    "OTL": "Lost in overtime",
    "L": "Lost",
    "SF": "Score for",
    "SA": "Score against",
    "SD": "Score difference",
    "Pts": "Points",
}


def home(client: Client, **params: str) -> str:
    response = client.get(reverse("home"), params)
    assert response.status_code == 200
    return response.content.decode()


def test_home_lists_a_public_league_with_its_season_and_teams(
    client: Client, make_league: MakeLeague
):
    make_league("Harbour League", teams=2)

    page = home(client)

    assert "Harbour League" in page
    assert "Spring 2026" in page
    assert '<span class="badge badge--neutral">Draft</span>' in page
    assert "Harbour League Club 1" in page
    assert "Harbour League Club 2" in page
    assert 'style="--swatch: #d7263d"' in page


def test_empty_standings_say_no_games_played_yet_but_still_list_the_teams(
    client: Client, make_league: MakeLeague
):
    make_league("Harbour League", teams=3)

    page = home(client)

    assert "No games played yet" in page
    assert page.count('<th scope="row" class="col-team">') == 3


def test_every_standings_abbreviation_is_explained_in_the_head_and_the_legend(
    client: Client, make_league: MakeLeague
):
    make_league("Harbour League")

    page = home(client)

    for short, meaning in ABBREVIATIONS.items():
        assert f'<abbr title="{meaning}">{short}</abbr>' in page
        assert f"<dt>{short}</dt><dd>{meaning.lower()}</dd>" in page


def test_standings_show_the_stored_order_score_difference_and_points(
    client: Client, make_league: MakeLeague
):
    _, season = make_league("Harbour League", teams=2)
    first, second = StandingRow.objects.filter(season=season).order_by("team__name")
    StandingRow.objects.filter(pk=second.pk).update(
        position=1, played=2, won=1, won_overtime=1, score_for=5, score_against=2, points=5
    )
    StandingRow.objects.filter(pk=first.pk).update(
        position=2, played=2, lost=1, lost_overtime=1, score_for=2, score_against=5, points=1
    )

    page = home(client)

    assert "No games played yet" not in page
    assert page.index("Harbour League Club 2") < page.index("Harbour League Club 1")
    assert "+3" in page
    assert "\N{MINUS SIGN}3" in page


def test_season_shows_its_status_and_round_count(client: Client, make_league: MakeLeague):
    _, season = make_league("Harbour League", teams=4)
    season_generate_schedule(season=season, actor=None, seed=3)
    season_transition(season=season, to=Season.Status.ACTIVE, actor=None)

    page = home(client)

    assert "6 rounds" in page
    assert '<span class="badge badge--live">Active</span>' in page


def test_a_season_without_a_schedule_says_so(client: Client, make_league: MakeLeague):
    make_league("Harbour League")

    assert "No schedule yet" in home(client)


def test_a_private_league_is_hidden_from_anonymous_visitors(
    client: Client, make_league: MakeLeague
):
    make_league("Harbour League")
    make_league("Secret Society", public=False)

    page = home(client)

    assert "Harbour League" in page
    assert "Secret Society" not in page


def test_a_private_league_is_shown_to_its_commissioner(
    client: Client, make_league: MakeLeague, django_user_model
):
    commissioner = django_user_model.objects.create_user("cora", password="x")
    make_league("Secret Society", public=False, commissioners=(commissioner,))
    client.force_login(commissioner)

    page = home(client)

    assert "Secret Society" in page
    assert ">Private<" in page


def test_with_no_visible_league_the_page_says_so_and_offers_sign_in(client: Client, db):
    page = home(client)

    assert "No leagues to show yet." in page
    assert f'href="{reverse("login")}"' in page


@pytest.mark.parametrize("signed_in", [False, True], ids=["anonymous", "signed in"])
def test_home_costs_the_same_queries_for_two_and_six_teams(
    client: Client, make_league: MakeLeague, django_user_model, signed_in
):
    if signed_in:
        client.force_login(django_user_model.objects.create_user("vera", password="x"))
    make_league("Small League", teams=2)
    home(client)  # Warm the per-process caches.
    with CaptureQueriesContext(connection) as small:
        home(client)

    _, season = make_league("Large League", teams=6)
    season_generate_schedule(season=season, actor=None, seed=5)
    with CaptureQueriesContext(connection) as large:
        page = home(client)

    assert page.count('class="col-team"') == 2 + 8  # Heads and rows of both tables.
    assert len(large) == len(small), "\n".join(q["sql"] for q in large.captured_queries)


def test_the_standings_table_scrolls_in_a_focusable_labelled_region(
    client: Client, make_league: MakeLeague
):
    _, season = make_league("Harbour League")

    page = home(client)

    region = re.search(r'<div class="table-scroll" role="region" aria-labelledby="([^"]+)"', page)
    assert region is not None
    assert f'id="{region.group(1)}"' in page
    assert 'tabindex="0"' in page
    assert f"standings-{season.pk}" == region.group(1)
