"""Two accepts of one fixture at once (real threads on PostgreSQL, each with its own
connection): one wins, the other is refused, and the kick-off is the winner's. Each
committed change bumps the league's page version (PostgreSQL bumps at commit)."""

from __future__ import annotations

import threading
from datetime import timedelta
from typing import Any

import pytest
from django.db import connection, connections
from django.utils import timezone

from league.arranging.models import Proposal
from league.arranging.services import proposal_accept, proposal_create
from league.models import Fixture
from league.page_versions import page_version

pytestmark = [
    pytest.mark.django_db(transaction=True),
    pytest.mark.skipif(
        connection.vendor != "postgresql",
        reason="needs PostgreSQL: SQLite serialises every writer, so there is no race to test",
    ),
]


def _at_once(*calls: Any) -> list[Any]:
    barrier = threading.Barrier(len(calls))
    outcomes: list[Any] = [None] * len(calls)

    def run(index: int) -> None:
        try:
            barrier.wait(timeout=30)
            outcomes[index] = calls[index]()
        except Exception as error:  # reported by the assertions
            outcomes[index] = error
        finally:
            connections.close_all()

    threads = [threading.Thread(target=run, args=(i,)) for i in range(len(calls))]
    for thread in threads:
        thread.start()
    for thread in threads:
        thread.join(timeout=60)
    return outcomes


def test_two_accepts_of_one_fixture_at_once_leave_one_winner(world, match_day):
    later = timezone.now() + timedelta(days=3)
    home = proposal_create(
        fixture=match_day, team=world.home, times=[later], actor=world.home_coach
    )
    away = proposal_create(
        fixture=match_day, team=world.away, times=[later + timedelta(hours=2)], actor=None
    )
    outcomes = _at_once(
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
