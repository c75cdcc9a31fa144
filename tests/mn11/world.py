"""A Magic Number Eleven world built through the services, as a commissioner and coaches
would: a league, its season with teams, the schedule, rounds opened through the core, and
helpers to write reports (cards by key: ``home-1``, ``away-base-1``, Stars ``base-01``)."""

from __future__ import annotations

from dataclasses import dataclass
from typing import Any

from django.contrib.auth.models import User

from league.models import Fixture, League, Result, Round, Season, Team
from league.services.leagues import league_create
from league.services.rounds import round_open
from league.services.schedule import season_generate_schedule
from league.services.seasons import season_create, season_transition
from league.services.teams import team_create
from mn11.report_input import ReportData, report_data_parse
from mn11.services import report_record

NAMES = ("Ajax Aces", "Benfica Bolts", "Celtic Comets", "Dynamo Dice")


@dataclass
class Mn11World:
    league: League
    season: Season
    commissioner: User
    coaches: list[User]
    outsider: User
    teams: list[Team]

    def fixture(self, number: int = 1, index: int = 0) -> Fixture:
        return (
            Fixture.objects.filter(round__season=self.season, round__number=number)
            .select_related("round__season__league", "home_team", "away_team")
            .order_by("pk")[index]
        )

    def coach_of(self, team: Team) -> User:
        return self.coaches[[t.pk for t in self.teams].index(team.pk)]


def _user(username: str) -> User:
    return User.objects.create_user(username, f"{username}@example.com", "correct horse battery")


def mn11_world(
    *, teams: int = 2, start: bool = True, rounds: int = 1, **settings: Any
) -> Mn11World:
    commissioner = _user("mn11-commissioner")
    league = league_create(
        name="Eleven League", actor=None, ruleset="mn11", commissioners=[commissioner]
    )
    season = season_create(
        league=league,
        name="Eleven 2026",
        actor=None,
        double_round_robin=True,
        playoff_teams=0,
        rules=settings,
    )
    coaches = [_user(f"eleven-coach-{index}") for index in range(teams)]
    created = [
        team_create(
            season=season,
            name=NAMES[index],
            short_name=NAMES[index][:3],
            actor=None,
            coach=coaches[index],
        )
        for index in range(teams)
    ]
    if start:
        season_generate_schedule(season=season, actor=None, shuffle=False)
        season_transition(season=season, to=Season.Status.ACTIVE, actor=None)
        for round_ in Round.objects.filter(season=season).order_by("number")[:rounds]:
            round_open(round_=round_, actor=commissioner)
    return Mn11World(league, season, commissioner, coaches, _user("mn11-outsider"), created)


def goal(side: str, half: int, card: str, kind: str = "open_play") -> dict[str, Any]:
    return {"type": "goal", "side": side, "half": half, "card": card, "kind": kind}


def var(side: str, half: int, strength: int, card: str, **extra: Any) -> dict[str, Any]:
    return {"type": "var", "side": side, "half": half, "strength": strength, "card": card, **extra}


def send_off(side: str, half: int, card: str) -> dict[str, Any]:
    return {"type": "send_off", "side": side, "half": half, "card": card}


def kicks(*sides_scored: tuple[str, bool]) -> list[dict[str, Any]]:
    return [{"side": side, "scored": scored} for side, scored in sides_scored]


#: E-D5: Home wins the shootout at its 4th kick (4 to 1, Away cannot catch it).
HOME_SHOOTOUT = kicks(
    ("home", True),
    ("away", True),
    ("home", True),
    ("away", False),
    ("home", True),
    ("away", False),
    ("home", True),
)


def raw_report(**values: Any) -> dict[str, Any]:
    """A 2-0 Home win in the base Away set, GK cards recorded (the default settings)."""
    raw: dict[str, Any] = {
        "home_score": 2,
        "away_score": 0,
        "away_set": "base",
        "gk_home": "defence_cover",
        "gk_away": "build_up",
        "events": [goal("home", 1, "home-9"), goal("home", 2, "base-01", "magic_number")],
    }
    raw.update(values)
    return raw


def report(**values: Any) -> ReportData:
    data, errors = report_data_parse(raw_report(**values))
    assert not errors, errors
    return data


def play(fixture: Fixture, actor: User | None = None, **values: Any) -> Result:
    return report_record(fixture=fixture, data=report(**values), actor=actor)


def red_card_level_shootout() -> dict[str, Any]:
    """1-1, Away's defenders warned twice (two Strong tackles by Home: two penalties, one
    scored), a card sent off; Home wins the shootout."""
    return raw_report(
        home_score=1,
        away_score=1,
        events=[
            var("home", 1, 4, "penalty_kick", warning=True),
            goal("home", 1, "home-9", "penalty"),
            var("home", 2, 0, "penalty_kick", magic_number=True, warning=True),
            send_off("away", 2, "away-base-4"),
            goal("away", 2, "away-base-7"),
        ],
        shootout=HOME_SHOOTOUT,
    )
