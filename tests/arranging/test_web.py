"""The fixture page's "Arrange the match" section, for every game: the home coach proposes,
the away coach accepts; the agreed kick-off shows on the fixture's page, both team pages and
My teams; bad input is refused with a message and changes nothing."""

from __future__ import annotations

from datetime import datetime, timedelta

import pytest
from django.urls import reverse
from django.utils import timezone

from league.arranging.models import Proposal
from league.models import Fixture
from tests.arenaball.world import arena_world, round_fixtures
from tests.mn11.world import mn11_world
from tests.world import sign_in

pytestmark = pytest.mark.django_db


#: Fixed once: each call gives the same time (days ahead of any test's run).
ANCHOR = (timezone.now() + timedelta(days=3)).replace(second=0, microsecond=0)


def later(hours: int) -> datetime:
    return ANCHOR + timedelta(hours=hours)


def typed(moment: datetime) -> str:
    return f"{timezone.localtime(moment):%Y-%m-%dT%H:%M}"


def arrange(client, fixture, home_coach, away_coach):
    """The home coach proposes two times; the away coach accepts the second."""
    sign_in(client, home_coach)
    page = client.get(reverse("fixture", args=[fixture.pk]))
    assert "Arrange the match" in page.content.decode()
    posted = client.post(
        reverse("arrange-propose", args=[fixture.pk]),
        {"team": fixture.home_team_id, "time_1": typed(later(1)), "time_2": typed(later(4))},
        follow=True,
    )
    assert "Proposed for" in posted.content.decode()
    proposal = Proposal.objects.get(fixture=fixture)
    second = proposal.times.order_by("kickoff").last()
    sign_in(client, away_coach)
    page = client.get(reverse("fixture", args=[fixture.pk])).content.decode()
    assert reverse("arrange-accept", args=[fixture.pk, proposal.pk]) in page
    accepted = client.post(
        reverse("arrange-accept", args=[fixture.pk, proposal.pk]),
        {"time": second.pk},
        follow=True,
    )
    assert "Agreed:" in accepted.content.decode()
    fixture.refresh_from_db()
    assert fixture.kickoff == later(4)
    return fixture


def shown(client, url: str, fixture: Fixture) -> bool:
    assert fixture.kickoff is not None
    return fixture.kickoff.isoformat() in client.get(url).content.decode()


def test_magnoball_coaches_agree_and_every_page_shows_the_kickoff(client, world, match_day):
    fixture = arrange(client, match_day, world.home_coach, world.away_coach)
    for url in (
        reverse("fixture", args=[fixture.pk]),
        reverse("team", args=[world.home.pk]),
        reverse("team", args=[world.away.pk]),
        reverse("my-teams"),
    ):
        assert shown(client, url, fixture), url
    client.logout()
    assert shown(client, reverse("fixture", args=[fixture.pk]), fixture)  # to everyone
    page = client.get(reverse("fixture", args=[fixture.pk])).content.decode()
    assert "Propose" not in page


def test_arenaball_coaches_agree_and_the_team_pages_show_it(client):
    arena = arena_world()
    fixture = round_fixtures(arena.season, 1)[0]
    home_coach, away_coach = (fixture.home_team.coach, fixture.away_team.coach)
    fixture = arrange(client, fixture, home_coach, away_coach)
    for team in (fixture.home_team, fixture.away_team):
        assert shown(client, reverse("team", args=[team.pk]), fixture)
    assert shown(client, reverse("my-teams"), fixture)


def test_magic_number_eleven_coaches_agree_and_the_team_pages_show_it(client):
    eleven = mn11_world()
    fixture = Fixture.objects.filter(round__season=eleven.season).order_by("pk").first()
    fixture = arrange(client, fixture, fixture.home_team.coach, fixture.away_team.coach)
    for team in (fixture.home_team, fixture.away_team):
        assert shown(client, reverse("team", args=[team.pk]), fixture)
    assert shown(client, reverse("my-teams"), fixture)


def test_a_bad_time_is_refused_with_a_message_and_changes_nothing(client, world, match_day):
    sign_in(client, world.home_coach)
    url = reverse("arrange-propose", args=[match_day.pk])
    for data, message in [
        ({"team": world.home.pk, "time_1": "soon"}, "Give a date and a time"),
        ({"team": world.home.pk}, "Give at least one time"),
        ({"team": world.home.pk, "time_1": typed(later(-80))}, "in the future"),
        (
            {"team": world.home.pk, "time_1": typed(later(1)), "time_2": typed(later(1))},
            "each time once",
        ),
    ]:
        page = client.post(url, data, follow=True)
        assert page.status_code == 200
        assert message in page.content.decode(), message
    assert not Proposal.objects.exists()


def test_no_one_but_the_sides_may_propose_accept_or_withdraw(client, world, match_day):
    sign_in(client, world.outsider)
    page = client.get(reverse("fixture", args=[match_day.pk])).content.decode()
    assert "Arrange the match" not in page
    refused = client.post(
        reverse("arrange-propose", args=[match_day.pk]),
        {"team": world.home.pk, "time_1": typed(later(1))},
    )
    assert refused.status_code == 403
    assert "may arrange this match" in refused.content.decode()
    sign_in(client, world.home_coach)
    client.post(
        reverse("arrange-propose", args=[match_day.pk]),
        {"team": world.home.pk, "time_1": typed(later(1))},
    )
    proposal = Proposal.objects.get()
    sign_in(client, world.outsider)
    accept = client.post(
        reverse("arrange-accept", args=[match_day.pk, proposal.pk]),
        {"time": proposal.times.get().pk},
    )
    withdraw = client.post(reverse("arrange-withdraw", args=[match_day.pk, proposal.pk]))
    assert accept.status_code == withdraw.status_code == 403
    sign_in(client, world.home_coach)  # his own side's: not for him to accept
    own = client.post(
        reverse("arrange-accept", args=[match_day.pk, proposal.pk]),
        {"time": proposal.times.get().pk},
    )
    assert own.status_code == 403
    proposal.refresh_from_db()
    assert proposal.state == Proposal.State.OPEN
    match_day.refresh_from_db()
    assert match_day.kickoff is None


def test_the_proposing_side_withdraws(client, world, match_day):
    sign_in(client, world.home_coach)
    client.post(
        reverse("arrange-propose", args=[match_day.pk]),
        {"team": world.home.pk, "time_1": typed(later(1))},
    )
    proposal = Proposal.objects.get()
    page = client.get(reverse("fixture", args=[match_day.pk])).content.decode()
    assert reverse("arrange-withdraw", args=[match_day.pk, proposal.pk]) in page
    done = client.post(reverse("arrange-withdraw", args=[match_day.pk, proposal.pk]), follow=True)
    assert "Proposal withdrawn" in done.content.decode()
    proposal.refresh_from_db()
    assert proposal.state == Proposal.State.WITHDRAWN


def test_a_get_changes_nothing_and_a_stranger_fixture_is_404(client, world, match_day):
    sign_in(client, world.home_coach)
    assert client.get(reverse("arrange-propose", args=[match_day.pk])).status_code == 405
    assert client.post(reverse("arrange-propose", args=[999999])).status_code == 404


@pytest.mark.parametrize("game", ["magnoball", "arenaball", "mn11"])
def test_my_teams_asks_the_other_coach_to_answer_until_he_does(client, request, game):
    if game == "magnoball":
        fixture = request.getfixturevalue("match_day")
    elif game == "arenaball":
        fixture = round_fixtures(arena_world().season, 1)[0]
    else:
        season = mn11_world().season
        fixture = Fixture.objects.filter(round__season=season).order_by("pk").first()
    home_coach, away_coach = fixture.home_team.coach, fixture.away_team.coach
    sign_in(client, home_coach)
    client.post(
        reverse("arrange-propose", args=[fixture.pk]),
        {"team": fixture.home_team_id, "time_1": typed(later(2))},
    )
    todo = f"{fixture.home_team} proposed kick-off times for {fixture}"
    assert todo not in client.get(reverse("my-teams")).content.decode()  # his own proposal
    sign_in(client, away_coach)
    page = client.get(reverse("my-teams")).content.decode()
    assert todo in page
    assert f'href="{reverse("fixture", args=[fixture.pk])}">Answer</a>' in page
    proposal = Proposal.objects.get(fixture=fixture)
    client.post(
        reverse("arrange-accept", args=[fixture.pk, proposal.pk]),
        {"time": proposal.times.get().pk},
    )
    assert todo not in client.get(reverse("my-teams")).content.decode()
