"""An Arenaball coach's to-do list on "My teams": empty seats, injured characters still
seated, the cars whose designs no longer hold (the team cannot take the track), and his next
game's pits and report."""

from __future__ import annotations

from django.contrib.auth.models import User
from django.db.models import Prefetch

from arenaball.models import Car, Pits
from arenaball.selectors.kickoff import car_design_problems
from arenaball.selectors.teams import designs_with_fittings, team_settings
from league.models import Fixture, Round, Team
from league.selectors.coaching import CoachTeam, TodoItem, next_fixtures, team_seasons
from rules.arenaball import CAR_SLOTS


def coach_teams(*, user: User, ruleset: str) -> list[CoachTeam]:
    teams = list(Team.objects.filter(coach=user, league__ruleset=ruleset).select_related("league"))
    ids = [team.pk for team in teams]
    seasons = team_seasons(ids)
    upcoming = next_fixtures(ids)
    return [
        CoachTeam(
            team,
            seasons.get(team.pk),
            upcoming.get(team.pk),
            _car_todos(team) + _design_todos(team) + _game_todos(team, upcoming.get(team.pk)),
        )
        for team in teams
    ]


def _car_todos(team: Team) -> list[TodoItem]:
    """A-T2, A-P3: a car without a driver, or with an injured character who may not play."""
    todos = []
    for car in Car.objects.filter(team=team).select_related("driver", "gunner").order_by("slot"):
        name = "the goalkeeper" if car.slot == "GK" else f"car {car.slot}"
        if car.driver is None:
            todos.append(TodoItem("seat", f"Seat a driver in {name}", "team", (team.pk,), "Seat"))
        for who in (car.driver, car.gunner):
            if who is not None and who.games_to_miss:
                todos.append(
                    TodoItem(
                        "injured",
                        f"{who.name} is injured and misses {who.games_to_miss} more "
                        f"game{'s' if who.games_to_miss > 1 else ''}: seat someone else in {name}",
                        "team",
                        (team.pk,),
                        "Reseat",
                    )
                )
    return todos


def _design_todos(team: Team) -> list[TodoItem]:
    """A-T3 to A-T5: the cars whose design breaks a limit under the season's settings now
    (a lower budget, a part without a price): the team cannot take the track until they
    change design or the design is fixed; each said with its cars, design and limit."""
    designs = Prefetch("design", queryset=designs_with_fittings())
    cars = sorted(
        Car.objects.filter(team=team).prefetch_related(designs),
        key=lambda car: CAR_SLOTS.index(car.slot),
    )
    by_field = {f"cars.{index}.design": car.design_id for index, car in enumerate(cars)}
    return [
        TodoItem(
            "design",
            f"{team} cannot take the track. {problem.message}",
            "arenaball-design-edit",
            (by_field[problem.field],),
            "Fix",
        )
        for problem in car_design_problems(cars=cars, settings=team_settings(team=team))
    ]


def _game_todos(team: Team, fixture: Fixture | None) -> list[TodoItem]:
    """A-G4, A-G5: the next game's pits, then its report once its round is open."""
    if fixture is None or fixture.round.status != Round.Status.OPEN:
        return []
    todos = []
    if not Pits.objects.filter(fixture=fixture, team=team).exists():
        todos.append(
            TodoItem(
                "pits",
                f"Choose the two cars in the pits for {fixture}",
                "fixture",
                (fixture.pk,),
                "Choose",
            )
        )
    todos.append(
        TodoItem(
            "report",
            f"{fixture.round.label}: report {fixture}",
            "arenaball-fixture-report",
            (fixture.pk,),
            "Report",
        )
    )
    return todos
