"""The league's records and hall of fame (league/honours/selectors.py), the award winners on
the season, team and player pages, the API's awards and records, and the admin's steps."""

from __future__ import annotations

import pytest

from league.honours.awards import Record
from league.honours.models import MvpVote, SeasonAward
from league.honours.selectors import league_records
from league.honours.services import season_awards_compute
from rosters.models import PlayerSeason, PlayerSeasonStat
from tests.api.client import Api
from tests.honours.helpers import played, season_of
from tests.world import sign_in

pytestmark = pytest.mark.django_db


@pytest.fixture
def history(world):
    """Two finished seasons: the home team's 3-win run and 5-1 in the first, a top scorer."""
    home, away = world.home, world.away
    first = season_of(world.league, "First", [home, away])
    for number in (1, 2, 3):
        played(first, number, home, away, (2, 0))
    played(first, 4, away, home, (1, 0))
    second = season_of(world.league, "Second", [home, away])
    big = played(second, 1, home, away, (5, 1))
    played(second, 2, away, home, (2, 2))
    scorer = home.players.order_by("pk").first()
    PlayerSeason.objects.create(player=scorer, season=second, games_played=2, points=4)
    PlayerSeasonStat.objects.create(
        player=scorer, season=second, category="scoring", attempts=6, successes=4
    )
    season_awards_compute(season=second, actor=None)
    return first, second, big, scorer


def test_records_name_their_holders_and_where(world, history):
    first, second, big, scorer = history
    records: dict[str, list[Record]] = {}
    for record in league_records(league=world.league):
        records.setdefault(record.title, []).append(record)
    (match,) = records["Most scored by a team in a match"]
    assert (match.name, match.figure, match.fixture, match.text) == (
        world.home.name,
        5,
        big,
        "5–1 against Away Arrows",
    )
    (streak,) = records["Longest winning streak"]
    assert (streak.name, streak.figure, streak.season) == (world.home.name, 3, first)
    assert streak.text == "3 wins in a row, to round 3"
    (career,) = records["Career points"]
    assert (career.name, career.figure) == (scorer.name, 4)
    assert records["Most points by a player in a season"][0].season == second


def test_holders_level_at_the_top_are_listed_by_name_whatever_the_database_gives(world, history):
    """Named so that the players' ids run against the alphabet: the holders come by name."""
    first, _, _, scorer = history
    tied = list(world.away.players.order_by("pk")[:3])
    for player, name in zip(tied, ("Zed Young", "Mia Young", "Abe Young"), strict=True):
        player.name = name
        player.save(update_fields=["name"])
        PlayerSeason.objects.create(player=player, season=first, games_played=2, points=4)
    names = [r.name for r in league_records(league=world.league) if r.title == "Career points"]
    assert names == sorted([scorer.name, "Zed Young", "Mia Young", "Abe Young"])


def test_namesakes_level_at_the_top_are_listed_by_team_whatever_the_database_gives(world, history):
    """Two players of one name on two teams, the later id on the team first by name: a
    league imported as a copy numbers its rows anew, and must list them as the original."""
    first = history[0]
    a_team, b_team = sorted([world.home, world.away], key=lambda team: team.name)
    namesakes = [b_team.players.filter(seasons__isnull=True).order_by("pk").first()]
    newcomer = a_team.players.order_by("pk").first()
    newcomer.pk = None  # a new row: the highest id of all
    namesakes.append(newcomer)
    for player in namesakes:
        player.name = "Abe Namesake"
        player.save()
        PlayerSeason.objects.create(player=player, season=first, games_played=2, points=99)
    assert namesakes[0].pk < namesakes[1].pk
    holders = [
        r.team.name
        for r in league_records(league=world.league)
        if r.title == "Career points" and r.name == "Abe Namesake"
    ]
    assert holders == [a_team.name, b_team.name]


def test_the_hall_of_fame_page_shows_champions_awards_and_records(world, history, client):
    _first, second, big, scorer = history
    second.champion = world.home
    second.save(update_fields=["champion"])
    page = client.get(f"/leagues/{world.league.slug}/hall-of-fame/")
    html = page.content.decode()
    assert page.status_code == 200
    assert "Hall of fame" in html
    assert "Longest winning streak" in html
    assert f"/fixtures/{big.pk}/" in html
    assert "Top scorer" in html
    assert scorer.name in html
    assert "🏆" in html
    league = client.get(f"/leagues/{world.league.slug}/").content.decode()
    assert f"/leagues/{world.league.slug}/hall-of-fame/" in league
    assert "The awards of" in league
    assert "Top scorer" in league


def test_a_private_leagues_hall_of_fame_is_hidden(world, client):
    world.league.is_public = False
    world.league.save(update_fields=["is_public"])
    assert client.get(f"/leagues/{world.league.slug}/hall-of-fame/").status_code == 404
    sign_in(client, world.home_coach)
    assert client.get(f"/leagues/{world.league.slug}/hall-of-fame/").status_code == 200


def test_the_season_team_and_player_pages_name_the_winners(world, history, client):
    _, second, _, scorer = history
    season_page = client.get(f"/leagues/{world.league.slug}/{second.slug}/").content.decode()
    assert "Awards" in season_page
    assert "Top scorer" in season_page
    assert scorer.name in season_page
    team_page = client.get(f"/teams/{world.home.pk}/").content.decode()
    assert "Top scorer</strong>, Second" in team_page
    player_page = client.get(f"/players/{scorer.pk}/").content.decode()
    assert "Top scorer</strong>, Second" in player_page


def test_the_api_gives_awards_and_records(world, history):
    _, second, big, scorer = history
    awards = Api().get(f"/api/v1/seasons/{second.pk}/awards/").json()
    top = next(a for a in awards if a["award"] == "top_scorer")
    assert top == {
        "award": "top_scorer",
        "title": "Top scorer",
        "holder": f"player:{scorer.pk}",
        "name": scorer.name,
        "team": {"id": world.home.pk, "name": world.home.name, "short_name": world.home.short_name},
        "figure": 4,
        "text": "4 points",
        "shared": False,
    }
    records = Api().get(f"/api/v1/leagues/{world.league.pk}/records/").json()
    match = next(r for r in records if r["title"] == "Most scored by a team in a match")
    assert (match["figure"], match["fixture"], match["season"]) == (5, big.pk, second.pk)
    career = next(r for r in records if r["title"] == "Career points")
    assert career["season"] is None
    assert career["fixture"] is None


def test_the_api_hides_a_private_leagues_honours(world, history):
    _, second, _, _ = history
    world.league.is_public = False
    world.league.save(update_fields=["is_public"])
    assert Api().get(f"/api/v1/seasons/{second.pk}/awards/").status_code == 404
    assert Api().get(f"/api/v1/leagues/{world.league.pk}/records/").status_code == 404


def test_the_commissioner_recomputes_the_awards_from_the_admin(world, history, client):
    _, second, _, scorer = history
    SeasonAward.objects.filter(season=second).delete()
    world.commissioner.is_staff = True
    world.commissioner.save(update_fields=["is_staff"])
    from league.roles import commissioners_group

    world.commissioner.groups.add(commissioners_group())
    sign_in(client, world.commissioner)
    url = f"/admin/league/season/{second.pk}/step/awards/"
    assert "worked out again" in client.get(url).content.decode()
    assert client.post(url).status_code == 302
    assert SeasonAward.objects.filter(season=second, award="top_scorer").get().name == scorer.name

    open_url = f"/admin/league/season/{second.pk}/step/mvp-open/"
    assert client.post(open_url, {"days": "3"}).status_code == 302
    vote = second.mvp_vote
    close_url = f"/admin/honours/mvpvote/{vote.pk}/step/close/"
    assert client.post(close_url).status_code == 302
    vote.refresh_from_db()
    assert vote.closed_at is not None


@pytest.mark.parametrize("role", ["home_coach", "away_coach", "outsider", None])
def test_only_a_commissioner_runs_the_admins_honours_steps(world, history, client, role):
    _, second, _, _ = history
    SeasonAward.objects.filter(season=second).delete()
    if role is not None:
        sign_in(client, getattr(world, role))
    for url, data in (
        (f"/admin/league/season/{second.pk}/step/awards/", {}),
        (f"/admin/league/season/{second.pk}/step/mvp-open/", {"days": "3"}),
    ):
        answer = client.post(url, data)
        assert answer.status_code == 302
        assert "/admin/login/" in answer["Location"]
    assert not SeasonAward.objects.filter(season=second).exists()
    assert not MvpVote.objects.filter(season=second).exists()
