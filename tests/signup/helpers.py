"""What the sign-up tests share: a visitor's sign-up through the page, the link out of the
outbox, and a league open to sign-ups."""

from __future__ import annotations

import re

from django.contrib.auth.models import User
from django.core import mail

from league.models import League
from league.signup.models import LeagueSignupSettings, SignupAccount
from league.signup.services import league_signup_settings_update

PASSWORD = "a long and quiet harbour"
LINK = re.compile(r"https?://\S+/accounts/verify/[^/\s]+/")


def sign_up_data(username: str = "stranger", email: str = "stranger@example.com", **more):
    return {
        "username": username,
        "email": email,
        "password1": PASSWORD,
        "password2": PASSWORD,
        "website": "",
        **more,
    }


def last_link() -> str:
    """The verification link of the last email sent."""
    (found,) = LINK.findall(mail.outbox[-1].body)
    return found


def verified_user(username: str = "stranger") -> User:
    """A signed-up account whose email is verified, as after opening the link."""
    user = User.objects.create_user(username, f"{username}@example.com", PASSWORD)
    SignupAccount.objects.create(user=user, email=user.email, verified_at="2026-01-01T00:00Z")
    return user


def league_open(league: League, *, team_limit: int | None = None) -> LeagueSignupSettings:
    return league_signup_settings_update(
        league=league, actor=None, open=True, team_limit=team_limit
    )
