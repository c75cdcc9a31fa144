"""An Arenaball world built through the services, as a commissioner and coaches would: a league,
its season with teams set up by the ruleset (the seed's designs, eight characters, six
crewed cars), the schedule, and helpers to report games."""

from __future__ import annotations

from dataclasses import dataclass

from django.contrib.auth.models import User

from arenaball.crew_input import CarChoice
from arenaball.models import Car, Character, Design
from arenaball.report_input import GoalData, ReportData
from arenaball.services import report_record, team_cars_set
from league.models import Fixture, League, Result, Round, Season, Team
from league.services.leagues import league_create
from league.services.schedule import season_generate_schedule
from league.services.seasons import season_create, season_transition
from league.services.teams import team_create

NAMES = ("Austin Arcs", "Boston Bolts", "Chicago Chargers", "Denver Dynamos", "El Paso Eights")


@dataclass
class ArenaWorld:
    league: League
    season: Season
    commissioner: User
    coaches: list[User]
    outsider: User
    teams: list[Team]

    def fixture(self, number: int = 1) -> Fixture:
        return (
            Fixture.objects.filter(round__season=self.season, round__number=number)
            .select_related("round__season", "home_team", "away_team")
            .order_by("pk")[0]
        )


def _user(username: str) -> User:
    return User.objects.create_user(username, f"{username}@example.com", "correct horse battery")


def arena_world(
    *, teams: int = 2, playoff_teams: int = 0, start: bool = True, **settings
) -> ArenaWorld:
    commissioner = _user("arena-commissioner")
    league = league_create(
        name="Arena League", actor=None, ruleset="arenaball", commissioners=[commissioner]
    )
    season = season_create(
        league=league,
        name="Arena 2026",
        actor=None,
        double_round_robin=False,
        playoff_teams=playoff_teams,
        rules=settings,
    )
    coaches = [_user(f"coach-{index}") for index in range(teams)]
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
        Round.objects.filter(season=season).update(status=Round.Status.OPEN)
    return ArenaWorld(league, season, commissioner, coaches, _user("outsider"), created)


def driver(team: Team, slot: str) -> Character:
    car = Car.objects.select_related("driver").get(team=team, slot=slot)
    assert car.driver is not None
    return car.driver


def gunner(team: Team, slot: str = "GK") -> Character:
    car = Car.objects.select_related("gunner").get(team=team, slot=slot)
    assert car.gunner is not None
    return car.gunner


def win_report(fixture: Fixture, **extra) -> ReportData:
    """Home wins 5-0: a centre goal by car 1's driver, two outer goals by car 2's; the pits
    cars 4 and 5 on both sides unless `extra` says otherwise."""
    home = fixture.home_team
    values = {"home_score": 5, "away_score": 0, "home_pits": ("4", "5"), "away_pits": ("4", "5")}
    if "goals" not in extra:
        values["goals"] = (
            GoalData(home.pk, driver(home, "1").pk, "centre"),
            GoalData(home.pk, driver(home, "2").pk, "outer"),
            GoalData(home.pk, driver(home, "2").pk, "outer"),
        )
    values.update(extra)
    return ReportData(**values)


def play(fixture: Fixture, actor: User | None = None, **extra) -> Result:
    return report_record(fixture=fixture, data=win_report(fixture, **extra), actor=actor)


def cars_set(
    team: Team,
    *,
    drivers: dict[str, Character] | None = None,
    designs: dict[str, Design] | None = None,
) -> None:
    """`team`'s coach changes some of its cars at once: a driver or a design by slot, the
    rest as they are (A-T1, A-T2, checked as a whole)."""
    drivers, designs = drivers or {}, designs or {}
    team_cars_set(
        team=team,
        actor=team.coach,
        cars=[
            CarChoice(
                car.slot,
                designs[car.slot].pk if car.slot in designs else car.design_id,
                drivers[car.slot].pk if car.slot in drivers else car.driver_id,
                car.gunner_id,
            )
            for car in Car.objects.filter(team=team)
        ],
    )


def round_fixtures(season: Season, number: int) -> list[Fixture]:
    """Round `number`'s fixtures of `season`, with their teams and season, in order."""
    return list(
        Fixture.objects.filter(round__season=season, round__number=number)
        .select_related("home_team", "away_team", "round__season")
        .order_by("pk")
    )
