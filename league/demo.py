"""The demo installation `./dev run` shows: each installed game adds its demo league
(`Demo.demo_build`). Building it twice changes nothing."""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass

from django.contrib.auth.models import User

from league.capabilities import capability
from league.capabilities.demo import Demo
from league.models import League, Season
from league.roles import commissioners_group
from league.rulesets import rulesets


@dataclass(frozen=True)
class DemoLogin:
    username: str
    password: str
    role: str


@dataclass(frozen=True)
class DemoSummary:
    league: League
    season: Season
    created: bool
    logins: tuple[DemoLogin, ...]


def demo_user(username: str, password: str, **fields: object) -> User:
    """The demo's account `username`, made with `password` the first time."""
    user, created = User.objects.get_or_create(username=username, defaults=fields)
    if created:
        user.set_password(password)
        user.save(update_fields=["password"])
    return user


#: Every demo login's password (the site administrator has his own).
DEMO_PASSWORD = "magnoball-demo"


def demo_people(
    *, league_name: str, teams: Sequence[tuple[str, str]]
) -> tuple[User, dict[str, User], tuple[DemoLogin, ...]]:
    """The demo's commissioner (one for every game's demo league, in the Commissioners
    group) and a coach for each of `teams` (name, username), with the logins to print."""
    commissioner = demo_user(
        "commissioner", DEMO_PASSWORD, is_staff=True, first_name="Morgan", last_name="Reyes"
    )
    commissioner.groups.add(commissioners_group())
    coaches = {
        username: demo_user(username, DEMO_PASSWORD, first_name=username.capitalize())
        for _, username in teams
    }
    logins = (
        DemoLogin("commissioner", DEMO_PASSWORD, f"commissioner of {league_name}"),
        *(DemoLogin(username, DEMO_PASSWORD, f"coach of {name}") for name, username in teams),
    )
    return commissioner, coaches, logins


def demo_build_all(*, seed: int) -> list[DemoSummary]:
    """Every installed game's demo league, built if missing."""
    built = (capability(ruleset, Demo).demo_build(seed=seed) for ruleset in rulesets())
    return [summary for summary in built if summary is not None]
