"""Sign-in lockout (issue 11, attack 3): the LOGIN_FAILURE_LIMIT-th wrong password for an
account from one address locks it from there: the site's and the admin's sign-in pages
answer with a clear page, even to the right password, until the cool-off passes; a rotating
X-Forwarded-For does not get around it, and Redis being down changes nothing (the counts
live in the database)."""

from __future__ import annotations

from datetime import timedelta

import pytest
from axes.models import AccessAttempt
from django.contrib.auth.models import User
from django.test import Client
from django.utils import timezone

pytestmark = pytest.mark.django_db

PASSWORD = "correct horse battery"
PAGES = {"site": "/accounts/login/", "admin": "/admin/login/"}


@pytest.fixture
def member(db) -> User:
    return User.objects.create_user("member", "m@example.com", PASSWORD, is_staff=True)


def attempt(client: Client, page: str, password: str, address: str = "203.0.113.7", **headers):
    return client.post(
        PAGES[page],
        {"username": "member", "password": password},
        REMOTE_ADDR=address,
        headers=headers,
    )


@pytest.mark.parametrize("page", list(PAGES))
def test_the_fifth_failure_locks_out_even_the_right_password(member, settings, page):
    client = Client()
    wrong = [attempt(client, page, "guess").status_code for _ in range(settings.AXES_FAILURE_LIMIT)]

    locked = attempt(client, page, PASSWORD)

    # The form again, with its error, then the lockout page.
    assert wrong == [200] * (settings.AXES_FAILURE_LIMIT - 1) + [429]
    assert locked.status_code == 429
    text = locked.content.decode()
    assert "Too many failed sign-ins" in text
    assert "15\xa0minutes" in text
    assert "_auth_user_id" not in client.session


@pytest.mark.parametrize("page", list(PAGES))
def test_a_new_x_forwarded_for_each_try_does_not_get_around_it(member, settings, page):
    client = Client()
    for number in range(settings.AXES_FAILURE_LIMIT):
        attempt(client, page, "guess", **{"X-Forwarded-For": f"198.51.100.{number}"})

    locked = attempt(client, page, "guess", **{"X-Forwarded-For": "198.51.100.99"})

    assert locked.status_code == 429


def test_behind_a_trusted_proxy_the_lockout_keys_on_the_forwarded_client(member, settings):
    settings.TRUSTED_PROXY_COUNT = 1
    proxy = "10.0.0.2"
    for _ in range(settings.AXES_FAILURE_LIMIT):
        attempt(Client(), "site", "guess", address=proxy, **{"X-Forwarded-For": "203.0.113.7"})

    guesser = attempt(
        Client(), "site", PASSWORD, address=proxy, **{"X-Forwarded-For": "203.0.113.7"}
    )
    owner = attempt(Client(), "site", PASSWORD, address=proxy, **{"X-Forwarded-For": "192.0.2.44"})

    assert (guesser.status_code, owner.status_code) == (429, 302)


def test_the_owner_still_signs_in_from_another_address(member, settings):
    for _ in range(settings.AXES_FAILURE_LIMIT):
        attempt(Client(), "site", "guess", address="203.0.113.7")

    elsewhere = attempt(Client(), "site", PASSWORD, address="192.0.2.44")

    assert elsewhere.status_code == 302


def test_the_lockout_ends_after_the_cool_off(member, settings):
    for _ in range(settings.AXES_FAILURE_LIMIT):
        attempt(Client(), "site", "guess")
    AccessAttempt.objects.update(attempt_time=timezone.now() - timedelta(minutes=16))

    assert attempt(Client(), "site", PASSWORD).status_code == 302


def test_a_successful_sign_in_clears_the_count(member, settings):
    for _ in range(settings.AXES_FAILURE_LIMIT - 1):
        attempt(Client(), "site", "guess")
    assert attempt(Client(), "site", PASSWORD).status_code == 302

    after = [attempt(Client(), "site", "guess").status_code for _ in range(2)]

    assert after == [200, 200]


def test_the_lockout_holds_with_the_cache_down(member, settings):
    """Nothing listens on port 1: every cache call fails; signing in does not use it."""
    settings.CACHES = {
        "default": {
            "BACKEND": "django.core.cache.backends.redis.RedisCache",
            "LOCATION": "redis://127.0.0.1:1/0",
        }
    }
    client = Client()
    wrong = [
        attempt(client, "site", "guess").status_code for _ in range(settings.AXES_FAILURE_LIMIT)
    ]

    assert wrong == [200] * (settings.AXES_FAILURE_LIMIT - 1) + [429]
    assert attempt(client, "site", PASSWORD).status_code == 429
    assert attempt(Client(), "site", PASSWORD, address="192.0.2.44").status_code == 302
