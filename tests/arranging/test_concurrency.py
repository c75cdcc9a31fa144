"""Two accepts of one fixture at once (real threads on PostgreSQL, each with its own
connection): one wins, the other is refused, and the kick-off is the winner's. Each
committed change bumps the league's page version (PostgreSQL bumps at commit)."""

from __future__ import annotations

from datetime import timedelta

from django.utils import timezone

from league.arranging.models import Proposal
from league.arranging.services import proposal_accept, proposal_create
from league.models import Fixture
from league.page_versions import page_version
from tests.concurrency import RACES, at_once

pytestmark = RACES


def test_two_accepts_of_one_fixture_at_once_leave_one_winner(world, match_day):
    later = timezone.now() + timedelta(days=3)
    home = proposal_create(
        fixture=match_day, team=world.home, times=[later], actor=world.home_coach
    )
    away = proposal_create(
        fixture=match_day, team=world.away, times=[later + timedelta(hours=2)], actor=None
    )
    outcomes = at_once(
        lambda: proposal_accept(proposal=home, time_id=home.times.get().pk, actor=world.away_coach),
        lambda: proposal_accept(proposal=away, time_id=away.times.get().pk, actor=world.home_coach),
    )
    won = [o for o in outcomes if isinstance(o, Fixture)]
    lost = [o for o in outcomes if not isinstance(o, Fixture)]
    assert len(won) == 1, outcomes
    assert len(lost) == 1, outcomes
    assert getattr(lost[0], "code", None) == "proposal_closed", outcomes
    assert Proposal.objects.filter(state=Proposal.State.ACCEPTED).count() == 1
    accepted = Proposal.objects.get(state=Proposal.State.ACCEPTED)
    match_day.refresh_from_db()
    assert match_day.kickoff == accepted.times.get().kickoff


def test_each_committed_change_bumps_the_leagues_page_version(world, match_day):
    before = page_version(league_id=world.league.pk)
    proposal = proposal_create(
        fixture=match_day,
        team=world.home,
        times=[timezone.now() + timedelta(days=3)],
        actor=world.home_coach,
    )
    proposed = page_version(league_id=world.league.pk)
    proposal_accept(proposal=proposal, time_id=proposal.times.get().pk, actor=world.away_coach)
    accepted = page_version(league_id=world.league.pk)
    assert None not in (before, proposed, accepted)
    assert before < proposed < accepted  # type: ignore[operator]  # not None, above
