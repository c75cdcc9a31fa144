"""A Magic Number Eleven league for the draft's tests, built through the services: a
commissioner, a coach per team, an outsider, a draft season with its teams entered."""

from __future__ import annotations

from dataclasses import dataclass

from django.contrib.auth.models import User

from league.models import League, Season, Team
from league.services.leagues import league_create
from league.services.seasons import season_create
from league.services.teams import team_create

NAMES = ("Ajax Aces", "Bolton Blues", "Celtic Comets", "Derby Dragons", "Everton Eagles")
PASSWORD = "correct horse battery"


@dataclass
class DraftWorld:
    league: League
    season: Season
    commissioner: User
    coaches: list[User]
    outsider: User
    teams: list[Team]

    def coach_of(self, team_id: str | int) -> User:
        return next(t.coach for t in self.teams if t.pk == int(team_id) and t.coach)


def _user(username: str) -> User:
    return User.objects.create_user(username, f"{username}@example.com", PASSWORD)


def draft_world(*, teams: int = 2, **settings: object) -> DraftWorld:
    commissioner = _user("mn11-commissioner")
    league = league_create(
        name="Card Football League", actor=None, ruleset="mn11", commissioners=[commissioner]
    )
    season = season_create(league=league, name="MN11 2026", actor=None, rules=settings)
    coaches = [_user(f"mn11-coach-{index}") for index in range(teams)]
    created = [
        team_create(
            season=season,
            name=NAMES[index],
            short_name=NAMES[index][:3].upper(),
            actor=None,
            coach=coaches[index],
        )
        for index in range(teams)
    ]
    return DraftWorld(league, season, commissioner, coaches, _user("mn11-outsider"), created)
