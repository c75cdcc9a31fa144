"""Arranging a match through the API: list a fixture's proposals, propose, accept (the
fixture's kick-off, its calendar event's SEQUENCE), withdraw; every refusal in the API's
shape, changing nothing."""

from __future__ import annotations

from datetime import UTC, datetime, timedelta

import pytest
from django.urls import reverse
from django.utils import timezone

from league.arranging.models import Proposal
from league.models import Fixture

pytestmark = pytest.mark.django_db


#: Fixed once: each call gives the same time (days ahead of any test's run).
ANCHOR = (timezone.now() + timedelta(days=3)).replace(second=0, microsecond=0)


def later(hours: int) -> datetime:
    return ANCHOR + timedelta(hours=hours)


def proposals_url(fixture: Fixture) -> str:
    return reverse("api:fixture-proposals", args=[fixture.pk])


def accept_url(fixture: Fixture, proposal_id: int) -> str:
    return reverse("api:proposal-accept", args=[fixture.pk, proposal_id])


def withdraw_url(fixture: Fixture, proposal_id: int) -> str:
    return reverse("api:proposal-withdraw", args=[fixture.pk, proposal_id])


def propose(api, fixture, team, *hours):
    return api.post(
        proposals_url(fixture),
        {"team": team.pk, "times": [later(h).isoformat() for h in hours]},
    )


def test_the_home_coach_proposes_and_the_away_coach_accepts(world, match_day, api_as):
    home, away = api_as(world.home_coach), api_as(world.away_coach)

    made = propose(home, match_day, world.home, 4, 1)
    assert made.status_code == 201, made.json()
    body = made.json()
    assert body["state"] == "open"
    assert body["team"]["id"] == world.home.pk
    assert body["proposed_by"] == world.home_coach.username
    assert body["fixture_kickoff"] is None
    assert [datetime.fromisoformat(t["kickoff"]) for t in body["times"]] == [later(1), later(4)]

    listed = api_as(None).get(proposals_url(match_day))  # a public league: anyone reads
    assert [p["id"] for p in listed.json()] == [body["id"]]

    chosen = body["times"][1]
    accepted = away.post(accept_url(match_day, body["id"]), {"time": chosen["id"]})
    assert accepted.status_code == 200, accepted.json()
    assert accepted.json()["state"] == "accepted"
    assert datetime.fromisoformat(accepted.json()["fixture_kickoff"]) == later(4)
    assert [t["accepted"] for t in accepted.json()["times"]] == [False, True]

    detail = home.get(reverse("api:fixture-detail", args=[match_day.pk])).json()
    assert datetime.fromisoformat(detail["kickoff"]) == later(4)


def test_the_calendar_feed_updates_one_event_with_a_growing_sequence(
    client, world, match_day, api_as
):
    home, away = api_as(world.home_coach), api_as(world.away_coach)
    feed = reverse("fixtures-ical", args=[world.league.slug, world.season.slug])

    def event() -> str:
        text = client.get(feed, {"team": world.home.pk}).content.decode()
        (found,) = [e for e in text.split("BEGIN:VEVENT")[1:] if f"fixture-{match_day.pk}@" in e]
        return found

    assert "SEQUENCE:0" in event()
    first = propose(home, match_day, world.home, 1).json()
    away.post(accept_url(match_day, first["id"]), {"time": first["times"][0]["id"]})
    assert "SEQUENCE:1" in event()
    assert f"DTSTART:{later(1).astimezone(UTC):%Y%m%dT%H%M%SZ}" in event()

    second = propose(away, match_day, world.away, 6).json()
    assert "SEQUENCE:1" in event()  # agreed only once the home side accepts
    home.post(accept_url(match_day, second["id"]), {"time": second["times"][0]["id"]})
    assert "SEQUENCE:2" in event()
    assert f"DTSTART:{later(6).astimezone(UTC):%Y%m%dT%H%M%SZ}" in event()


def test_the_proposing_side_withdraws(world, match_day, api_as):
    home = api_as(world.home_coach)
    made = propose(home, match_day, world.home, 1).json()
    done = home.post(withdraw_url(match_day, made["id"]))
    assert done.status_code == 200
    assert done.json()["state"] == "withdrawn"
    again = home.post(withdraw_url(match_day, made["id"]))
    assert again.status_code == 409
    assert again.json()["error"]["code"] == "proposal_closed"


@pytest.mark.parametrize(
    ("hours", "code", "field"),
    [
        ((), "invalid", "times"),
        ((1, 2, 3, 4), "invalid", "times"),
        ((1, 1), "invalid", "times"),
        ((-100,), "invalid", "times"),
    ],
)
def test_bad_times_are_a_400_naming_them(world, match_day, api_as, hours, code, field):
    made = propose(api_as(world.home_coach), match_day, world.home, *hours)
    assert made.status_code == 400
    assert made.json()["error"]["code"] == code
    assert field in made.json()["error"]["fields"]
    assert not Proposal.objects.exists()


def test_a_team_not_in_the_fixture_is_a_400(world, match_day, api_as, make_league):
    _, other = make_league("Elsewhere")
    made = api_as(world.commissioner).post(
        proposals_url(match_day), {"team": other.teams.first().pk, "times": [later(1).isoformat()]}
    )
    assert made.status_code == 400
    assert made.json()["error"]["code"] == "not_in_fixture"
    assert not Proposal.objects.exists()


@pytest.mark.parametrize(
    ("role", "propose_status", "accept_status"),
    [
        ("anonymous", 401, 401),
        ("outsider", 403, 403),
        ("rival_commissioner", 403, 403),
        ("coach", 201, 403),  # the home coach: his side's proposal, not his to accept
        ("other_coach", 403, 200),
        ("commissioner", 201, 200),
    ],
)
def test_who_may_propose_and_accept(
    world, match_day, api_as, role_user, role, propose_status, accept_status
):
    api = api_as(role_user(role))
    made = propose(api, match_day, world.home, 2)
    assert made.status_code == propose_status, made.json()
    Proposal.objects.all().delete()
    existing = propose(api_as(world.home_coach), match_day, world.home, 1).json()
    accepted = api.post(accept_url(match_day, existing["id"]), {"time": existing["times"][0]["id"]})
    assert accepted.status_code == accept_status, accepted.json()
    match_day.refresh_from_db()
    assert (match_day.kickoff is not None) == (accept_status == 200)


def test_a_played_fixture_is_a_409(world, match_day, api_as):
    Fixture.objects.filter(pk=match_day.pk).update(status=Fixture.Status.PLAYED)
    made = propose(api_as(world.home_coach), match_day, world.home, 1)
    assert made.status_code == 409
    assert made.json()["error"]["code"] == "already_played"


def test_a_private_leagues_fixture_is_a_404_to_strangers(world, match_day, api_as):
    world.league.is_public = False
    world.league.save(update_fields=["is_public"])
    assert api_as(world.outsider).get(proposals_url(match_day)).status_code == 404
    assert api_as(world.home_coach).get(proposals_url(match_day)).status_code == 200
    made = propose(api_as(world.home_coach), match_day, world.home, 1).json()
    other = api_as(world.outsider).post(withdraw_url(match_day, made["id"]))
    assert other.status_code == 404
