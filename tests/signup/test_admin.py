"""The commissioner decides requests to join in the admin: the list and the request's page
show what the coach chose, Approve makes the team, Refuse asks a reason; a commissioner sees
only his own leagues' requests, and the league's sign-up settings are his to change."""

from __future__ import annotations

import pytest
from django.contrib.auth.models import User
from django.urls import reverse

from league.models import AuditEntry, Team
from league.roles import commissioners_group
from league.signup.models import JoinRequest, LeagueSignupSettings
from league.signup.services import join_request_submit
from tests.signup.helpers import league_open, verified_user
from tests.world import league_build, make_commissioner, sign_in

pytestmark = pytest.mark.django_db


def step_url(request: JoinRequest, step: str) -> str:
    return reverse("admin:signup_joinrequest_step", args=[request.pk, step])


@pytest.fixture
def staff_commissioner(world):
    """The world's commissioner as the admin knows one: staff, in the Commissioners group."""
    user = world.commissioner
    user.is_staff = True
    user.save(update_fields=["is_staff"])
    user.groups.add(commissioners_group())
    return user


@pytest.fixture
def waiting(world):
    league_open(world.league)
    coach = verified_user()
    return join_request_submit(
        season=world.season,
        actor=coach,
        name="Stranger Things",
        short_name="STR",
        colour="#aa3300",
        choices={"player_names": None, "faces": None},
    )


def test_the_list_and_the_page_show_what_the_coach_chose(client, staff_commissioner, waiting):
    sign_in(client, staff_commissioner)
    listing = client.get(reverse("admin:signup_joinrequest_changelist")).content.decode()
    assert "Stranger Things" in listing
    assert "stranger@example.com" in listing
    page = client.get(reverse("admin:signup_joinrequest_change", args=[waiting.pk]))
    body = page.content.decode()
    assert "Approve and create the team" in body
    assert "Refuse" in body
    assert "#aa3300" in body


def test_approve_says_what_happens_then_makes_the_team(client, staff_commissioner, waiting):
    sign_in(client, staff_commissioner)
    confirm = client.get(step_url(waiting, "approve")).content.decode()
    assert "enters Test League · 2026, coached by stranger" in confirm
    assert "18 players rolled" in confirm
    done = client.post(step_url(waiting, "approve"), follow=True)
    assert "is created and entered" in done.content.decode()
    team = Team.objects.get(name="Stranger Things")
    assert team.coach.username == "stranger"
    waiting.refresh_from_db()
    assert waiting.status == JoinRequest.Status.APPROVED
    again = client.post(step_url(waiting, "approve"), follow=True)
    assert "already decided" in again.content.decode()
    assert Team.objects.filter(name="Stranger Things").count() == 1


def test_refuse_asks_for_a_reason(client, staff_commissioner, waiting):
    sign_in(client, staff_commissioner)
    empty = client.post(step_url(waiting, "refuse"), {"reason": ""})
    assert empty.status_code == 200
    waiting.refresh_from_db()
    assert waiting.pending
    client.post(step_url(waiting, "refuse"), {"reason": "Full for this season."}, follow=True)
    waiting.refresh_from_db()
    assert (waiting.status, waiting.reason) == (JoinRequest.Status.REFUSED, "Full for this season.")
    assert not Team.objects.filter(name="Stranger Things").exists()


def test_another_leagues_commissioner_sees_none_of_it(client, world, waiting):
    other = make_commissioner("elsewhere")
    league_build("Elsewhere", teams=0, commissioners=[other])
    sign_in(client, other)
    listing = client.get(reverse("admin:signup_joinrequest_changelist")).content.decode()
    assert "Stranger Things" not in listing
    client.post(step_url(waiting, "approve"))
    waiting.refresh_from_db()
    assert waiting.pending
    assert not Team.objects.filter(name="Stranger Things").exists()


@pytest.mark.parametrize("role", ["home_coach", "outsider", "stranger", "anonymous"])
def test_coaches_outsiders_and_visitors_cannot_decide(client, world, waiting, role):
    if role != "anonymous":
        user = User.objects.get(username=role) if role == "stranger" else getattr(world, role)
        sign_in(client, user)
    response = client.post(step_url(waiting, "approve"))
    assert response.status_code == 302
    assert response["Location"].startswith("/admin/login/")
    waiting.refresh_from_db()
    assert waiting.pending


def test_the_commissioner_opens_his_league_to_sign_ups(client, world, staff_commissioner):
    sign_in(client, staff_commissioner)
    added = client.post(
        reverse("admin:signup_leaguesignupsettings_add"),
        {"league": world.league.pk, "open": "on", "team_limit": "8"},
    )
    assert added.status_code == 302
    settings = LeagueSignupSettings.objects.get(league=world.league)
    assert (settings.open, settings.team_limit) == (True, 8)
    assert AuditEntry.objects.filter(action="signup.settings.update").exists()
    changed = client.post(
        reverse("admin:signup_leaguesignupsettings_change", args=[settings.pk]),
        {"open": "", "team_limit": ""},
    )
    assert changed.status_code == 302
    settings.refresh_from_db()
    assert (settings.open, settings.team_limit) == (False, None)


def test_another_commissioner_cannot_open_a_league_he_does_not_run(client, world):
    other = make_commissioner("elsewhere")
    sign_in(client, other)
    client.post(
        reverse("admin:signup_leaguesignupsettings_add"),
        {"league": world.league.pk, "open": "on"},
    )
    assert not LeagueSignupSettings.objects.filter(league=world.league).exists()
