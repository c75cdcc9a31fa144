"""The coaches' MVP vote (league/honours): off until a commissioner opens it, one ballot a
coach (changed until it closes, never for his own team), closed by the commissioner into
the MVP award; each step's permissions per role, on the page and in the services."""

from __future__ import annotations

from datetime import timedelta

import pytest
from django.db import IntegrityError, transaction

from league.errors import LeagueError, PermissionRefused
from league.honours.models import MvpBallot, MvpVote, SeasonAward
from league.honours.services import mvp_vote_cast, mvp_vote_close, mvp_vote_open
from rosters.models import PlayerSeason
from tests.honours.helpers import season_of
from tests.world import sign_in

pytestmark = pytest.mark.django_db


@pytest.fixture
def closed(world):
    season = season_of(world.league, "Voted", [world.home, world.away])
    for player in [*world.home.players.all()[:2], *world.away.players.all()[:2]]:
        PlayerSeason.objects.create(player=player, season=season, games_played=3)
    return season


def _star(team):
    return team.players.order_by("pk").first()


def test_no_vote_until_a_commissioner_opens_one(world, closed, client):
    page = client.get(f"/leagues/{world.league.slug}/{closed.slug}/mvp/")
    assert page.status_code == 200
    assert "has no MVP vote" in page.content.decode()
    with pytest.raises(LeagueError) as refused:
        mvp_vote_cast(
            season=closed, coach=world.home_coach, holder=f"player:{_star(world.away).pk}"
        )
    assert refused.value.code == "no_vote"


@pytest.mark.parametrize("role", ["home_coach", "away_coach", "outsider"])
def test_only_a_commissioner_opens_and_closes_the_vote(world, closed, role):
    with pytest.raises(PermissionRefused):
        mvp_vote_open(season=closed, actor=getattr(world, role))
    mvp_vote_open(season=closed, actor=world.commissioner)
    with pytest.raises(PermissionRefused):
        mvp_vote_close(season=closed, actor=getattr(world, role))


def test_the_vote_opens_only_once_and_not_in_a_running_season(world, closed):
    running = season_of(world.league, "Running", [world.home, world.away], status="active")
    with pytest.raises(LeagueError) as early:
        mvp_vote_open(season=running, actor=world.commissioner)
    assert early.value.code == "season_running"
    mvp_vote_open(season=closed, actor=world.commissioner)
    with pytest.raises(LeagueError) as twice:
        mvp_vote_open(season=closed, actor=world.commissioner)
    assert twice.value.code == "mvp_opened"


def test_a_coach_votes_changes_his_vote_and_the_close_names_the_mvp(world, closed, client):
    mvp_vote_open(season=closed, actor=world.commissioner)
    url = f"/leagues/{world.league.slug}/{closed.slug}/mvp/"
    away_star, other_away = world.away.players.order_by("pk")[:2]
    home_star = _star(world.home)

    sign_in(client, world.home_coach)
    form = client.get(url).content.decode()
    assert away_star.name in form
    assert home_star.name not in form
    answer = client.post(url, {"holder": f"player:{other_away.pk}"})
    assert answer.status_code == 302
    answer = client.post(url, {"holder": f"player:{away_star.pk}"}, follow=True)
    assert "Your vote for" in answer.content.decode()
    assert MvpBallot.objects.get(coach=world.home_coach).holder == f"player:{away_star.pk}"

    sign_in(client, world.away_coach)
    assert client.post(url, {"holder": f"player:{home_star.pk}"}).status_code == 302
    assert MvpBallot.objects.count() == 2

    (mvp_a, mvp_b) = sorted(
        mvp_vote_close(season=closed, actor=world.commissioner), key=lambda r: r.name
    )
    assert {mvp_a.name, mvp_b.name} == {away_star.name, home_star.name}
    assert mvp_a.shared
    assert mvp_a.figure == 1
    assert mvp_a.text == "1 vote of 2"
    assert SeasonAward.objects.filter(season=closed, award="mvp").count() == 2
    # Closed: no more ballots, the page shows the tally.
    assert client.post(url, {"holder": f"player:{home_star.pk}"}).status_code == 400
    assert "The vote closed" in client.get(url).content.decode()


def test_a_coach_may_not_vote_for_his_own_player(world, closed, client):
    mvp_vote_open(season=closed, actor=world.commissioner)
    own = f"player:{_star(world.home).pk}"
    with pytest.raises(PermissionRefused) as refused:
        mvp_vote_cast(season=closed, coach=world.home_coach, holder=own)
    assert refused.value.code == "own_team"
    sign_in(client, world.home_coach)
    page = client.post(f"/leagues/{world.league.slug}/{closed.slug}/mvp/", {"holder": own})
    assert page.status_code == 400  # not among his choices
    assert not MvpBallot.objects.exists()


@pytest.mark.parametrize("role", ["commissioner", "outsider"])
def test_only_the_seasons_coaches_vote(world, closed, client, role):
    mvp_vote_open(season=closed, actor=world.commissioner)
    sign_in(client, getattr(world, role))
    url = f"/leagues/{world.league.slug}/{closed.slug}/mvp/"
    assert "Only the coaches" in client.get(url).content.decode()
    assert client.post(url, {"holder": f"player:{_star(world.away).pk}"}).status_code == 400
    assert not MvpBallot.objects.exists()


def test_anonymous_is_sent_to_sign_in(world, closed, client):
    mvp_vote_open(season=closed, actor=world.commissioner)
    url = f"/leagues/{world.league.slug}/{closed.slug}/mvp/"
    answer = client.post(url, {"holder": f"player:{_star(world.away).pk}"})
    assert answer.status_code == 302
    assert "/accounts/login/" in answer["Location"]
    assert not MvpBallot.objects.exists()


def test_no_ballot_after_the_window(world, closed):
    mvp_vote_open(season=closed, actor=world.commissioner, days=1)
    MvpVote.objects.update(closes_at=MvpVote.objects.get().opened_at - timedelta(seconds=1))
    with pytest.raises(LeagueError) as refused:
        mvp_vote_cast(
            season=closed, coach=world.home_coach, holder=f"player:{_star(world.away).pk}"
        )
    assert refused.value.code == "mvp_ended"


def test_one_ballot_per_coach_is_the_databases_rule(world, closed):
    vote = mvp_vote_open(season=closed, actor=world.commissioner)
    player = _star(world.away)
    fields = {
        "vote": vote,
        "coach": world.home_coach,
        "holder": f"player:{player.pk}",
        "name": player.name,
        "team": world.away,
    }
    MvpBallot.objects.create(**fields)
    with pytest.raises(IntegrityError), transaction.atomic():
        MvpBallot.objects.create(**fields)


def test_nobody_voted_no_mvp(world, closed):
    mvp_vote_open(season=closed, actor=world.commissioner)
    assert mvp_vote_close(season=closed, actor=world.commissioner) == []
    with pytest.raises(LeagueError) as twice:
        mvp_vote_close(season=closed, actor=world.commissioner)
    assert twice.value.code == "mvp_closed"
