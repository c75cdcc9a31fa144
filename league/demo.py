"""The demo installation `./dev run` shows: each installed game adds its demo league
(`Ruleset.demo_build`). Building it twice changes nothing."""

from __future__ import annotations

from dataclasses import dataclass

from django.contrib.auth.models import User

from league.models import League, Season
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


def demo_build_all(*, seed: int) -> list[DemoSummary]:
    """Every installed game's demo league, built if missing."""
    built = (ruleset.demo_build(seed=seed) for ruleset in rulesets())
    return [summary for summary in built if summary is not None]
