"""Arranging a match (league/arranging): an agreed kick-off is published to both teams'
subscriptions as ``fixture.scheduled``, and a proposal alone publishes nothing."""

from __future__ import annotations

from datetime import datetime, timedelta

import pytest
from django.utils import timezone

from league.arranging.services import proposal_accept, proposal_create
from tests.webhooks.conftest import subscribe

HOOK = "https://hooks.example.com/in"

pytestmark = pytest.mark.django_db


def test_an_agreed_kickoff_is_published_with_the_fixture_and_its_teams(
    world, match_day, allow_private
):
    league_hook = subscribe(world.league, world.commissioner, HOOK, events=("fixture.scheduled",))
    team_hook = subscribe(
        world.league, world.home_coach, HOOK, events=("fixture.scheduled",), team=world.home
    )
    later = (timezone.now() + timedelta(days=4)).replace(microsecond=0)
    proposal = proposal_create(
        fixture=match_day, team=world.home, times=[later], actor=world.home_coach
    )
    assert not league_hook.deliveries.exists()  # a proposal is not an agreement

    proposal_accept(proposal=proposal, time_id=proposal.times.get().pk, actor=world.away_coach)

    (delivery,) = league_hook.deliveries.all()
    assert delivery.payload["type"] == "fixture.scheduled"
    data = delivery.payload["data"]
    assert data["fixture"]["id"] == match_day.pk
    assert {data["fixture"]["home_team"]["id"], data["fixture"]["away_team"]["id"]} == {
        world.home.pk,
        world.away.pk,
    }
    assert data["fixture"]["url"].startswith("http")
    assert datetime.fromisoformat(data["kickoff"]) == later
    assert data["sequence"] == 1
    assert team_hook.deliveries.count() == 1  # the home coach's, for his team
