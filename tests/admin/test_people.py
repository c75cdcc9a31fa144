"""People in the admin: a commissioner sees and invites only the people of his leagues; a
set-password link is shown once, to whoever made it, and never on an account's page;
invitations, new links and password sets are audited (issue 11, attack 1)."""

from __future__ import annotations

import re

import pytest
from django.contrib.auth.models import User
from django.test import Client
from django.urls import reverse

from league.models import AuditEntry, Invitation
from league.services.people import user_invite
from tests.world import PlayedLeague, make_commissioner

pytestmark = pytest.mark.django_db

Leagues = tuple[PlayedLeague, PlayedLeague]
LINK = re.compile(r'href="(http://testserver/accounts/reset/[^"]+)"')


def messages_of(response) -> list[str]:
    return [str(message) for message in response.context["messages"]]


def set_password_through(link: str, password: str = "a fresh Passphrase 42") -> Client:
    """Follow a set-password link and choose a password, as the invitee would."""
    client = Client()
    form_page = client.get(link, follow=True)
    assert form_page.status_code == 200
    done = client.post(
        form_page.redirect_chain[-1][0],
        {"new_password1": password, "new_password2": password},
    )
    assert done.status_code == 302, done.content[:500]
    return client


@pytest.fixture
def south_staff_invitee(two_leagues: Leagues) -> User:
    """A commissioner-to-be invited by South's commissioner, in no league's people yet."""
    _, south = two_leagues
    return user_invite(
        username="south_deputy",
        email="deputy@example.com",
        league=south.league,
        commissioner=True,
        actor=south.league.commissioners.get(),
    ).user


def test_another_leagues_invitee_is_hidden_from_a_commissioner(
    commissioner_client: Client, south_staff_invitee: User
):
    listed = commissioner_client.get(reverse("admin:auth_user_changelist")).context["cl"]
    page = commissioner_client.get(
        reverse("admin:auth_user_change", args=[south_staff_invitee.pk]), follow=True
    )

    assert south_staff_invitee not in set(listed.queryset)
    assert page.redirect_chain[-1][0] == reverse("admin:index")
    assert "/accounts/reset/" not in page.content.decode()


def test_no_accounts_page_shows_a_set_password_link(
    superuser_client: Client, south_staff_invitee: User, settings
):
    page = superuser_client.get(reverse("admin:auth_user_change", args=[south_staff_invitee.pk]))

    assert page.status_code == 200
    text = page.content.decode().replace("\xa0", " ")  # timeuntil's non-breaking spaces
    assert "/accounts/reset/" not in text
    assert "has not chosen a password yet" in text
    days = settings.PASSWORD_RESET_TIMEOUT // 86_400
    assert f"or for {days} days" in text
    assert "works until they do" not in text


def test_a_commissioner_invites_to_his_league_and_sees_the_link_once(
    commissioner_client: Client, north_commissioner: User, two_leagues: Leagues
):
    north, _ = two_leagues

    response = commissioner_client.post(
        reverse("admin:auth_user_add"),
        {"username": "nia", "email": "nia@example.com", "league": north.league.pk},
        follow=True,
    )

    nia = User.objects.get(username="nia")
    (message,) = [m for m in messages_of(response) if "choose a password" in m]
    assert LINK.search(message)
    assert "until" in message
    assert Invitation.objects.get(user=nia).league == north.league
    entry = AuditEntry.objects.get(action="user.invite", object_id=str(nia.pk))
    assert (entry.actor, entry.league) == (north_commissioner, north.league)
    # The account's page, which the redirect after saving shows, holds no link of its own.
    again = commissioner_client.get(reverse("admin:auth_user_change", args=[nia.pk]))
    assert not LINK.search(again.content.decode())


@pytest.mark.parametrize("league", ["south", "none"])
def test_a_commissioner_cannot_invite_to_another_league_or_to_none(
    commissioner_client: Client, two_leagues: Leagues, league
):
    _, south = two_leagues
    data: dict[str, object] = {"username": "sneaky", "email": "s@example.com", "commissioner": "on"}
    if league == "south":
        data["league"] = south.league.pk

    response = commissioner_client.post(reverse("admin:auth_user_add"), data)

    assert response.status_code == 200  # the form again, with the error
    assert response.context["adminform"].form.errors["league"]
    assert not User.objects.filter(username="sneaky").exists()


def test_the_invitee_sets_a_password_through_the_link_and_it_is_audited(
    superuser_client: Client, two_leagues: Leagues
):
    north, _ = two_leagues
    response = superuser_client.post(
        reverse("admin:auth_user_add"),
        {"username": "kai", "email": "kai@example.com", "league": north.league.pk},
        follow=True,
    )
    link = LINK.search(" ".join(messages_of(response))).group(1)

    set_password_through(link)

    kai = User.objects.get(username="kai")
    assert kai.check_password("a fresh Passphrase 42")
    entry = AuditEntry.objects.get(action="user.password_set", object_id=str(kai.pk))
    assert (entry.actor, entry.league) == (kai, north.league)
    # The link worked once.
    assert Client().get(link, follow=True).context["validlink"] is False


def test_only_the_inviter_makes_a_new_link(
    two_leagues: Leagues, north_commissioner: User, commissioner_client: Client
):
    north, _ = two_leagues
    invitee = user_invite(
        username="ola", email="", league=north.league, actor=north_commissioner
    ).user
    fellow = make_commissioner("fellow")
    north.league.commissioners.add(fellow)
    fellow_client = Client()
    fellow_client.force_login(fellow)
    action = {"action": "renew_set_password_link", "_selected_action": [invitee.pk]}
    url = reverse("admin:auth_user_changelist")

    refused = fellow_client.post(url, action, follow=True)
    made = commissioner_client.post(url, action, follow=True)

    assert not LINK.search(" ".join(messages_of(refused)))
    assert "Only whoever invited ola" in " ".join(messages_of(refused))
    link = LINK.search(" ".join(messages_of(made))).group(1)
    assert AuditEntry.objects.filter(action="user.invite_link", actor=north_commissioner).exists()
    set_password_through(link)
    # Once a password is chosen, nobody makes a link for the account any more.
    after = commissioner_client.post(url, action, follow=True)
    assert "has chosen a password already" in " ".join(messages_of(after))


def test_changing_ones_password_is_audited(world):
    user = User.objects.get(pk=world.home_coach.pk)
    user.set_password("correct horse battery")
    user.save(update_fields=["password"])
    client = Client()
    client.force_login(user)

    response = client.post(
        reverse("password_change"),
        {
            "old_password": "correct horse battery",
            "new_password1": "another Passphrase 7",
            "new_password2": "another Passphrase 7",
        },
    )

    assert response.status_code == 302
    assert AuditEntry.objects.filter(action="user.password_set", actor=user).exists()
