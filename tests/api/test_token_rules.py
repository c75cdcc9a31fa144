"""A token is made by its owner (or an administrator) only, acts with its owner's rights and
no more, and the audit log names the token and who made it (issue 11, attack 2)."""

from __future__ import annotations

import pytest
from django.contrib.auth.models import User
from django.test import Client

from api.tokens import api_token_create
from injuries.models import Injury
from league.errors import PermissionRefused
from league.models import ApiToken, AuditEntry, League, Team
from league.services.leagues import league_create
from tests.api.conftest import Api

pytestmark = pytest.mark.django_db


@pytest.fixture
def coach_who_commissions_elsewhere(world) -> tuple[User, League]:
    """The world's home coach also commissions a private league with a team of its own."""
    coach = world.home_coach
    elsewhere = league_create(name="Elsewhere", actor=None, is_public=False, commissioners=[coach])
    return coach, elsewhere


def test_a_commissioner_cannot_make_a_token_for_a_coach_of_his_league(
    world, coach_who_commissions_elsewhere
):
    coach, _ = coach_who_commissions_elsewhere

    with pytest.raises(PermissionRefused):
        api_token_create(user=coach, name="minted", actor=world.commissioner)

    assert not ApiToken.objects.filter(user=coach).exists()
    assert not AuditEntry.objects.filter(action="api_token.create").exists()


def test_an_administrator_or_the_owner_makes_a_token_and_is_named_its_creator(world):
    chief = User.objects.create_superuser("chief", "chief@example.com", "pw")

    own, _ = api_token_create(user=world.home_coach, name="own", actor=world.home_coach)
    given, _ = api_token_create(user=world.home_coach, name="given", actor=chief)

    assert (own.created_by, given.created_by) == (world.home_coach, chief)
    entry = AuditEntry.objects.get(action="api_token.create", object_id=str(given.pk))
    assert entry.actor == chief
    assert entry.after["created_by"] == chief.pk
    assert "made by chief" in entry.message


def test_the_token_page_makes_tokens_for_the_signed_in_user_only(world):
    client = Client()
    client.force_login(User.objects.get(pk=world.commissioner.pk))

    client.post("/account/tokens/", {"name": "mine", "user": world.home_coach.pk})

    assert ApiToken.objects.get(name="mine").user == world.commissioner


def test_a_change_made_through_a_token_names_the_token_and_its_creator(world, match_day):
    injury = Injury.objects.create(
        player=world.home.players.get(shirt_number=3),
        season=world.season,
        duration_die="d8",
        duration_roll=6,
        games_out=3,
    )
    token, key = api_token_create(user=world.home_coach, name="healer", actor=world.home_coach)

    response = Api(key).post(f"/api/v1/injuries/{injury.pk}/force-heal/")

    assert response.status_code == 201, response.content
    entry = AuditEntry.objects.get(action="injury.force_heal")
    assert (entry.actor, entry.api_token) == (world.home_coach, token)
    chief = User.objects.create_superuser("chief", "chief@example.com", "pw")
    admin = Client()
    admin.force_login(chief)
    page = admin.get(f"/admin/league/auditentry/{entry.pk}/change/").content.decode()
    coach = world.home_coach.username
    assert f"API token “healer” ({token.prefix}…) of {coach}, made by {coach}" in page


def test_a_token_reaches_no_further_than_its_owner(world, coach_who_commissions_elsewhere):
    """The owner's own token reads his other league; a token of someone else never does."""
    coach, elsewhere = coach_who_commissions_elsewhere
    team = Team.objects.create(league=elsewhere, name="Hidden", short_name="HID")
    _, coach_key = api_token_create(user=coach, name="own", actor=coach)
    _, commissioner_key = api_token_create(
        user=world.commissioner, name="own", actor=world.commissioner
    )

    assert Api(coach_key).get(f"/api/v1/teams/{team.pk}/").status_code == 200
    assert Api(commissioner_key).get(f"/api/v1/teams/{team.pk}/").status_code == 404
