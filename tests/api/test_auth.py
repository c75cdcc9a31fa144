"""Tokens: hashed keys, revocation, last use, the token page and the admin; throttles for
anonymous reads and failed token logins."""

from __future__ import annotations

import pytest
from django.contrib.auth.models import User
from django.test import Client

from api.tokens import api_token_create, api_token_revoke, key_hash
from league.models import ApiToken, AuditEntry
from tests.api.conftest import Api

pytestmark = pytest.mark.django_db


def test_a_token_keeps_only_the_hash_of_its_key(world):
    token, key = api_token_create(user=world.home_coach, name="bot", actor=world.home_coach)

    assert key.startswith("mbl_")
    assert len(key) > 40
    assert token.key_hash == key_hash(key) != key
    assert key.startswith(token.prefix)
    assert AuditEntry.objects.filter(action="api_token.create").exists()


def test_a_token_signs_its_user_in_and_notes_its_last_use(world):
    token, key = api_token_create(user=world.home_coach, name="bot", actor=None)

    response = Api(key).get(f"/api/v1/seasons/{world.season.pk}/")

    assert response.status_code == 200
    token.refresh_from_db()
    assert token.last_used_at is not None


def test_a_revoked_token_stops_working(world):
    token, key = api_token_create(user=world.home_coach, name="bot", actor=None)
    api_token_revoke(token=token, actor=world.home_coach)

    response = Api(key).get("/api/v1/leagues/")

    assert response.status_code == 401
    assert response.json()["error"]["code"] == "authentication_failed"
    assert response["WWW-Authenticate"] == "Token"


def test_a_user_may_not_revoke_someone_elses_token(world):
    token, _ = api_token_create(user=world.home_coach, name="bot", actor=None)

    from league.errors import PermissionRefused

    with pytest.raises(PermissionRefused):
        api_token_revoke(token=token, actor=world.away_coach)


def test_a_commissioner_revokes_the_tokens_of_their_leagues_coaches(world):
    token, _ = api_token_create(user=world.home_coach, name="bot", actor=world.home_coach)

    assert api_token_revoke(token=token, actor=world.commissioner).revoked_at is not None


@pytest.mark.parametrize("header", ["Token", "Token a b", "Token nope", "token mbl_" + "x" * 43])
def test_a_malformed_or_unknown_token_is_a_401(world, header):
    response = Client().get("/api/v1/leagues/", headers={"Authorization": header})

    assert response.status_code == 401
    assert response.json()["error"]["code"] == "authentication_failed"


def test_failed_token_logins_are_throttled_per_address(world, settings):
    settings.API_THROTTLE_RATES = {"auth_failure": "3/min"}
    _, key = api_token_create(user=world.home_coach, name="bot", actor=None)
    bad = Api("mbl_wrong")

    statuses = [bad.get("/api/v1/leagues/").status_code for _ in range(4)]
    good_meanwhile = Api(key).get("/api/v1/leagues/")

    assert statuses == [401, 401, 401, 429]
    assert good_meanwhile.status_code == 429  # even a good key waits: no guessing around it
    assert good_meanwhile.json()["error"]["code"] == "throttled"
    assert int(good_meanwhile["Retry-After"]) >= 1


def test_anonymous_reads_are_throttled_but_token_reads_are_not(world, settings):
    settings.API_THROTTLE_RATES = {"anon": "2/min"}
    _, key = api_token_create(user=world.outsider, name="bot", actor=None)

    anonymous = [Api().get("/api/v1/leagues/").status_code for _ in range(3)]
    signed_in = [Api(key).get("/api/v1/leagues/").status_code for _ in range(3)]

    assert anonymous == [200, 200, 429]
    assert signed_in == [200, 200, 200]


# --- the token page ---------------------------------------------------------------------------


def _signed_in(user: User) -> Client:
    client = Client()
    # From the database: the factories' in-memory password differs from the stored one, and
    # the session's hash must match the stored one.
    client.force_login(User.objects.get(pk=user.pk))
    return client


def test_the_token_page_needs_a_signed_in_user(world):
    response = Client().get("/account/tokens/")

    assert response.status_code == 302
    assert "/accounts/login/" in response["Location"]


def test_the_token_page_shows_a_new_key_once_and_revokes(world):
    client = _signed_in(world.home_coach)

    made = client.post("/account/tokens/", {"name": "results bot"})
    token = ApiToken.objects.get(user=world.home_coach)
    key = made.context["new_key"]

    assert made.status_code == 200
    assert key in made.content.decode()
    assert key_hash(key) == token.key_hash
    assert key not in client.get("/account/tokens/").content.decode()
    assert Api(key).get("/api/v1/leagues/").status_code == 200

    revoked = client.post("/account/tokens/", {"revoke": token.pk}, follow=True)

    assert "revoked" in revoked.content.decode()
    assert Api(key).get("/api/v1/leagues/").status_code == 401


def test_the_header_links_to_the_token_page_for_signed_in_users(world):
    assert 'href="/account/tokens/"' in _signed_in(world.outsider).get("/").content.decode()
    assert 'href="/account/tokens/"' not in Client().get("/").content.decode()


def test_a_user_cannot_revoke_anothers_token_from_the_page(world):
    token, key = api_token_create(user=world.home_coach, name="bot", actor=None)

    response = _signed_in(world.away_coach).post("/account/tokens/", {"revoke": token.pk})

    assert response.status_code == 404
    assert Api(key).get("/api/v1/leagues/").status_code == 200


def test_two_live_tokens_of_a_user_need_different_names(world):
    client = _signed_in(world.home_coach)
    client.post("/account/tokens/", {"name": "bot"})

    again = client.post("/account/tokens/", {"name": "bot"})

    assert again.status_code == 400
    assert "already has a token" in again.content.decode()


def test_the_admin_makes_a_token_and_shows_its_key_once(world):
    admin_user = User.objects.create_superuser("chief", "chief@example.com", "pw")
    client = _signed_in(admin_user)

    response = client.post(
        "/admin/league/apitoken/add/", {"user": world.home_coach.pk, "name": "ci"}, follow=True
    )

    assert response.status_code == 200
    token = ApiToken.objects.get(user=world.home_coach, name="ci")
    page = response.content.decode()
    key = page.split("is ")[1].split(" ")[0] if "mbl_" in page else ""
    assert key.startswith("mbl_")
    assert key_hash(key) == token.key_hash


def test_a_commissioner_makes_his_own_token_in_the_admin_but_not_a_coachs(world):
    commissioner = User.objects.get(pk=world.commissioner.pk)
    commissioner.is_staff = True
    commissioner.save(update_fields=["is_staff"])
    client = _signed_in(commissioner)

    form = client.get("/admin/league/apitoken/add/").context["adminform"].form
    made = client.post(
        "/admin/league/apitoken/add/", {"user": commissioner.pk, "name": "ci"}, follow=True
    )
    refused = client.post("/admin/league/apitoken/add/", {"user": world.home_coach.pk, "name": "x"})

    assert list(form.fields["user"].queryset) == [commissioner]
    assert made.status_code == 200
    assert ApiToken.objects.get(user=commissioner, name="ci").created_by == commissioner
    assert refused.status_code == 200  # the form again: the coach is not a choice
    assert not ApiToken.objects.filter(user=world.home_coach).exists()


def test_a_coach_has_no_token_admin(world):
    coach = User.objects.get(pk=world.home_coach.pk)
    coach.is_staff = True
    coach.save(update_fields=["is_staff"])

    assert _signed_in(coach).get("/admin/league/apitoken/").status_code == 403
