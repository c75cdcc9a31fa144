"""One coach's two ballots at once (real threads on PostgreSQL, each with its own
connection) leave one ballot, his last; a ballot racing the commissioner's close is either
counted or refused, never lost from a closed vote's tally."""

from __future__ import annotations

import pytest

from league.honours.models import MvpBallot, SeasonAward
from league.honours.services import mvp_vote_cast, mvp_vote_close, mvp_vote_open
from rosters.models import PlayerSeason
from tests.concurrency import RACES, at_once
from tests.honours.helpers import season_of

pytestmark = RACES


@pytest.fixture
def vote(world):
    season = season_of(world.league, "Raced", [world.home, world.away])
    for player in world.away.players.order_by("pk")[:2]:
        PlayerSeason.objects.create(player=player, season=season, games_played=2)
    mvp_vote_open(season=season, actor=world.commissioner)
    return season


def test_two_ballots_of_one_coach_at_once_leave_one(world, vote):
    first, second = world.away.players.order_by("pk")[:2]
    outcomes = at_once(
        lambda: mvp_vote_cast(season=vote, coach=world.home_coach, holder=f"player:{first.pk}"),
        lambda: mvp_vote_cast(season=vote, coach=world.home_coach, holder=f"player:{second.pk}"),
    )
    assert all(isinstance(o, MvpBallot) for o in outcomes), outcomes
    assert MvpBallot.objects.filter(coach=world.home_coach).count() == 1


def test_a_ballot_racing_the_close_is_counted_or_refused(world, vote):
    player = world.away.players.order_by("pk").first()
    outcomes = at_once(
        lambda: mvp_vote_cast(season=vote, coach=world.home_coach, holder=f"player:{player.pk}"),
        lambda: mvp_vote_close(season=vote, actor=world.commissioner),
    )
    ballot, _ = outcomes
    mvp = SeasonAward.objects.filter(season=vote, award="mvp")
    if isinstance(ballot, MvpBallot):
        assert [a.name for a in mvp] == [player.name]
    else:
        assert getattr(ballot, "code", None) == "mvp_closed", outcomes
        assert not mvp.exists()
