"""The home page (issue #17 item 4): a page of league cards, each with its game, current
season, the top of its table, its last champion and the ways into the season; the same
queries however many leagues there are (issue #16 item 4)."""

from __future__ import annotations

import re

import pytest
from django.core.cache import cache
from django.db import connection
from django.test import Client
from django.test.utils import CaptureQueriesContext
from django.urls import reverse
from django.utils import timezone

from league.models import League, Season, StandingRow
from league.selectors.home import LEAGUES_PER_PAGE, TABLE_TOP
from league.services.leagues import league_create
from league.services.schedule import season_generate_schedule
from league.services.seasons import season_create, season_enter_team, season_transition
from league.services.teams import team_create
from league.services.tournaments import tournament_create
from tests.world import MakeLeague

pytestmark = pytest.mark.django_db


def home(client: Client, **params: str) -> str:
    response = client.get(reverse("home"), params)
    assert response.status_code == 200
    return response.content.decode()


def _card(page: str, league: League) -> str:
    """The text of `league`'s card."""
    match = re.search(
        rf'<article class="home-card" aria-labelledby="league-{league.pk}">(.*?)</article>',
        page,
        re.S,
    )
    assert match is not None, f"no card for {league}"
    return match.group(1)


def _rank(season: Season, *order: int) -> None:
    """Store positions as the standings service would (M-L2): the rows by `order` of their
    team names' club numbers, each having played one game."""
    rows = {row.team.name.rsplit(" ", 1)[1]: row for row in season.standings.select_related("team")}
    for position, number in enumerate(order, start=1):
        won, lost = (1, 0) if position == 1 else (0, 1)
        StandingRow.objects.filter(pk=rows[str(number)].pk).update(
            position=position, played=1, won=won, lost=lost, points=3 * won
        )


def test_a_card_shows_the_game_current_season_and_the_ways_into_it(
    client: Client, make_league: MakeLeague
):
    league, season = make_league("Harbour League", teams=4)
    season_generate_schedule(season=season, actor=None, seed=3)
    season_transition(season=season, to=Season.Status.ACTIVE, actor=None)

    card = _card(home(client), league)

    assert "MagnoBall" in card
    assert f'href="{reverse("season", args=[league.slug, season.slug])}">Spring 2026<' in card
    assert '<span class="badge badge--live">Active</span>' in card
    assert "6 rounds · 4 teams" in card
    assert "No games played yet." in card
    for name in ("standings", "fixtures", "leaders"):
        assert f'href="{reverse(name, args=[league.slug, season.slug])}"' in card


def test_the_top_of_the_table_follows_the_stored_positions(client: Client, make_league: MakeLeague):
    league, season = make_league("Harbour League", teams=5)
    _rank(season, 4, 2, 5, 1, 3)

    card = _card(home(client), league)

    assert TABLE_TOP == 3
    shown = re.findall(r">Harbour League Club (\d)</a>", card)
    assert shown == ["4", "2", "5"]
    assert "No games played yet" not in card
    assert 'style="--swatch: #' in card
    assert '<abbr title="Points">Pts</abbr>' in card


def test_every_game_gets_its_card_and_its_own_season_links(client: Client, db):
    cards = {}
    for key in ("magnoball", "arenaball", "mn11"):
        league = league_create(name=f"{key.title()} Circle", actor=None, ruleset=key)
        season = season_create(league=league, name="Opening", actor=None)
        team_create(season=season, name=f"{key.title()} Club", short_name="CLB", actor=None)
        cards[key] = (league, season)
    page = home(client)

    labels = {"magnoball": "MagnoBall", "arenaball": "Arenaball", "mn11": "Magic Number Eleven"}
    for key, (league, season) in cards.items():
        card = _card(page, league)
        assert labels[key] in card
        assert "1 team" in card
        assert f'href="{reverse("standings", args=[league.slug, season.slug])}"' in card
    leaders = reverse("leaders", args=["magnoball-circle", "opening"])
    assert leaders in _card(page, cards["magnoball"][0])
    assert "Leaders" not in _card(page, cards["arenaball"][0])
    assert f"/seasons/{cards['mn11'][1].pk}/discipline/" in _card(page, cards["mn11"][0])


def test_the_last_finished_season_names_its_champion(client: Client, make_league: MakeLeague):
    league, first = make_league("Harbour League", teams=2)
    winner = first.teams.order_by("name").last()
    Season.objects.filter(pk=first.pk).update(
        status=Season.Status.FINISHED, champion=winner, finished_at=timezone.now()
    )
    autumn = season_create(league=league, name="Autumn 2026", actor=None)

    # A season being prepared leaves the card to the one just finished (issue #46)...
    card = _card(home(client), league)
    assert ">Spring 2026<" in card
    assert ">Autumn 2026<" not in card
    assert "Champion: <strong>Harbour League Club 2</strong>" in card

    # ...until it starts.
    for team in first.teams.all():
        season_enter_team(season=autumn, team=team, actor=None)
    season_generate_schedule(season=autumn, actor=None, seed=1)
    season_transition(season=autumn, to=Season.Status.ACTIVE, actor=None)
    card = _card(home(client), league)
    assert ">Autumn 2026<" in card
    assert "Last champion: <strong>Harbour League Club 2</strong>" in card
    assert "(Spring 2026)" in card


def test_a_finished_current_season_shows_its_champion_once(client: Client, make_league: MakeLeague):
    league, season = make_league("Harbour League", teams=2)
    winner = season.teams.order_by("name").first()
    Season.objects.filter(pk=season.pk).update(
        status=Season.Status.FINISHED, champion=winner, finished_at=timezone.now()
    )

    card = _card(home(client), league)

    assert card.count("Harbour League Club 1</strong>") == 1
    assert "Champion: <strong>" in card


def test_leagues_come_a_page_at_a_time_with_a_way_to_the_rest(client: Client, db):
    for number in range(LEAGUES_PER_PAGE + 2):
        league_create(name=f"League {number:02}", actor=None)

    first, second = home(client), home(client, page="2")

    assert first.count('class="home-card"') == LEAGUES_PER_PAGE
    assert f"Leagues 1–{LEAGUES_PER_PAGE} of {LEAGUES_PER_PAGE + 2}" in first
    assert 'href="?page=2" rel="next"' in first
    assert "League 00" in first
    assert "League 07" not in first
    assert second.count('class="home-card"') == 2
    assert "League 07" in second
    assert 'rel="prev"' in second
    assert home(client, page="99") == second, "past the end: the last page"
    assert home(client, page="many") == first, "not a number: the first page"


def test_a_signed_in_users_own_leagues_come_first(
    client: Client, make_league: MakeLeague, django_user_model
):
    coach = django_user_model.objects.create_user("cole", password="x")
    for number in range(LEAGUES_PER_PAGE + 1):
        league_create(name=f"Another {number:02}", actor=None)
    _league, season = make_league("Zebra League")
    season.teams.filter(pk=season.teams.order_by("id").first().pk).update(coach=coach)

    assert "Zebra League" not in home(client)
    client.force_login(coach)
    page = home(client)
    assert page.index("Zebra League") < page.index("Another 00")
    assert "yours first" in page


def test_a_tournament_card_leads_to_its_bracket(client: Client, db):
    league = league_create(name="Cup League", actor=None)
    season = tournament_create(league=league, name="Cup", actor=None, group_count=2)

    card = _card(home(client), league)

    assert f'href="{reverse("tournament-bracket", args=[league.slug, season.slug])}"' in card
    assert f'href="{reverse("tournament-groups", args=[league.slug, season.slug])}"' in card
    assert "A tournament: 2 groups, then a knockout." in card


def test_a_league_without_a_season_says_so(client: Client, db):
    league = league_create(name="Quiet League", actor=None)

    assert "No season yet." in _card(home(client), league)


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


def _count(client: Client) -> int:
    """The queries of a page built afresh (a visitor's cached copy costs one:
    tests/web/test_home_cache.py)."""
    cache.clear()
    with CaptureQueriesContext(connection) as queries:
        home(client)
    return len(queries)


@pytest.mark.parametrize("signed_in", [False, True], ids=["anonymous", "signed in"])
def test_home_costs_the_same_queries_for_one_league_and_for_many(
    client: Client, make_league: MakeLeague, django_user_model, signed_in
):
    if signed_in:
        client.force_login(django_user_model.objects.create_user("vera", password="x"))
    league, season = make_league("League 00", teams=2)
    _rank(season, 1, 2)
    home(client)  # the session and the per-process caches exist before counting
    one = _count(client)

    for number in range(1, LEAGUES_PER_PAGE + 4):
        league, season = make_league(f"League {number:02}", teams=4)
        season_generate_schedule(season=season, actor=None, seed=number)
        _rank(season, 4, 3, 2, 1)
        Season.objects.filter(pk=season.pk).update(
            status=Season.Status.FINISHED, champion=season.teams.first(), finished_at=timezone.now()
        )
        season_create(league=league, name="Autumn 2026", actor=None)
    many = _count(client)

    assert many == one, "\n".join(q["sql"][:300] for q in connection.queries[-many:])
    assert home(client).count('class="home-card"') == LEAGUES_PER_PAGE
