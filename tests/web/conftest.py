"""Leagues for the pages' tests, built through the services."""

from __future__ import annotations

import random
from collections.abc import Callable

import pytest
from django.contrib.auth.models import User

from league.models import League, Season
from league.services import league_create, season_create
from rosters.services import team_create
from rules.magnoball.dice import RandomDice

COLOURS = ("#d7263d", "#1b998b", "#2e294e", "#f46036", "#0a58ca", "#6a994e", "#bc4749")

MakeLeague = Callable[..., tuple[League, Season]]


@pytest.fixture
def make_league(db: None) -> MakeLeague:
    """``make_league(name, teams=2, public=True, commissioners=())`` → (league, draft season)."""

    def make(
        name: str, *, teams: int = 2, public: bool = True, commissioners: tuple[User, ...] = ()
    ) -> tuple[League, Season]:
        league = league_create(name=name, actor=None, is_public=public, commissioners=commissioners)
        season = season_create(league=league, name="Spring 2026", actor=None)
        dice = RandomDice(random.Random(name))
        for index in range(teams):
            team_create(
                season=season,
                name=f"{name} Club {index + 1}",
                short_name=f"C{index + 1}",
                colour=COLOURS[index % len(COLOURS)],
                actor=None,
                dice=dice,
            )
        return league, season

    return make


def sign_in(client, user: User) -> User:
    """Sign `user` in (fetched again: the factories' password is set but never saved, so the
    in-memory user's session hash would not match the stored one)."""
    fresh = User.objects.get(pk=user.pk)
    client.force_login(fresh)
    return fresh
