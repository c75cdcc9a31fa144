"""Account mail is throttled and tells no one which addresses have accounts (issue #44: 30
password resets for one address sent 30 mails; sign-up said whether a username or an email
existed). Per client address the pages answer 429 past their rate; per email address they
answer the same and send nothing more; sign-up answers alike for a new, a taken username
and a taken email, and the mail says which it was."""

from __future__ import annotations

import pytest
from django.contrib.auth.models import User
from django.core import mail
from django.core.cache import cache

from league.signup.models import SignupAccount
from tests.signup.helpers import PASSWORD, sign_up_data

pytestmark = pytest.mark.django_db


@pytest.fixture(autouse=True)
def _counters(settings):
    settings.CACHES = {
        "default": {
            "BACKEND": "django.core.cache.backends.locmem.LocMemCache",
            "LOCATION": "account-mail-tests",
        }
    }
    cache.clear()
    yield
    cache.clear()


def _reset(client, email, capture, address="10.0.0.1"):
    with capture(execute=True):
        return client.post("/accounts/password_reset/", {"email": email}, REMOTE_ADDR=address)


def test_thirty_resets_of_one_address_send_three_mails(client, django_capture_on_commit_callbacks):
    User.objects.create_user("dana", "dana@example.com", PASSWORD)
    answers = {
        (page.status_code, page["Location"])
        for n in range(30)
        if (
            page := _reset(
                client, "dana@example.com", django_capture_on_commit_callbacks, f"10.0.1.{n}"
            )
        )
    }
    assert answers == {(302, "/accounts/password_reset/done/")}
    assert len(mail.outbox) == 3
    assert all(message.to == ["dana@example.com"] for message in mail.outbox)


def test_a_reset_answers_alike_for_an_unknown_address(client, django_capture_on_commit_callbacks):
    User.objects.create_user("dana", "dana@example.com", PASSWORD)
    known = _reset(client, "dana@example.com", django_capture_on_commit_callbacks)
    unknown = _reset(client, "nobody@example.com", django_capture_on_commit_callbacks)
    assert (known.status_code, known["Location"]) == (unknown.status_code, unknown["Location"])
    assert [message.to for message in mail.outbox] == [["dana@example.com"]]


def test_resets_from_one_client_are_throttled(client, django_capture_on_commit_callbacks):
    for n in range(10):
        assert (
            _reset(client, f"x{n}@example.com", django_capture_on_commit_callbacks).status_code
            == 302
        )
    page = _reset(client, "y@example.com", django_capture_on_commit_callbacks)
    assert page.status_code == 429
    assert int(page["Retry-After"]) > 0


def test_verification_resends_of_one_address_send_three_mails(
    client, django_capture_on_commit_callbacks
):
    user = User.objects.create_user("stranger", "stranger@example.com", PASSWORD)
    SignupAccount.objects.create(user=user, email=user.email)
    for n in range(8):
        with django_capture_on_commit_callbacks(execute=True):
            page = client.post(
                "/accounts/verify/resend/", {"email": "stranger@example.com"},
                REMOTE_ADDR=f"10.0.2.{n}",
            )  # fmt: skip
        assert page.status_code == 302
    assert len(mail.outbox) == 3


def _sign_up(client, capture, **data):
    with capture(execute=True):
        return client.post("/accounts/sign-up/", sign_up_data(**data), REMOTE_ADDR="10.0.3.1")


def test_sign_up_answers_alike_for_a_taken_username_and_a_taken_email(
    client, django_capture_on_commit_callbacks
):
    User.objects.create_user("Dana", "dana@example.com", PASSWORD)
    fresh = _sign_up(
        client, django_capture_on_commit_callbacks, username="new", email="new@example.com"
    )
    name = _sign_up(
        client, django_capture_on_commit_callbacks, username="dana", email="other@example.com"
    )
    email = _sign_up(
        client, django_capture_on_commit_callbacks, username="newer", email="DANA@example.com"
    )

    assert {(page.status_code, page["Location"]) for page in (fresh, name, email)} == {
        (302, "/accounts/sign-up/sent/")
    }
    assert sorted(User.objects.values_list("username", flat=True)) == ["Dana", "new"]
    to = {message.to[0]: message for message in mail.outbox}
    assert "Verify your email" in to["new@example.com"].subject
    assert "username" in to["other@example.com"].subject  # "Choose another username"
    assert "already have" in to["DANA@example.com"].subject
    assert "Sign in as Dana" in to["DANA@example.com"].body
