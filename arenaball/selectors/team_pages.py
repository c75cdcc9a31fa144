"""What Arenaball's team and character pages show, gathered for their templates: plain dicts
and lists, so the views stay one call and the templates do no work."""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from typing import Any

from django.db.models import Q

from arenaball.crew_input import CarChoice
from arenaball.models import Character
from arenaball.selectors.careers import character_history, character_season_totals
from arenaball.selectors.designs import stored_design_check
from arenaball.selectors.teams import (
    character_release_refusal,
    team_cars,
    team_designs,
    team_graveyard,
    team_roster,
    team_season,
    team_settings,
)
from league.models import Fixture, Team
from league.selectors.fixtures import with_round_labels
from rules import arenaball as rules
from rules.arenaball import CarRole


def team_page(
    *,
    team: Team,
    manage: bool,
    car_errors: Mapping[str, str] | None = None,
    posted: Sequence[CarChoice] = (),
) -> dict[str, Any]:
    season = team_season(team=team)
    settings = team_settings(team=team)
    cars = team_cars(team=team)
    roster = team_roster(team=team)
    seated = {c.driver_id for c in cars} | {c.gunner_id for c in cars}
    design_rows: list[dict[str, Any]] = [
        {
            "design": design,
            "check": stored_design_check(design),
            "cars": [c.slot for c in cars if c.design_id == design.pk],
        }
        for design in team_designs(team=team)
    ]
    chosen = {choice.slot: choice for choice in posted}
    errors = dict(car_errors or {})
    car_rows = []
    for index, car in enumerate(cars):
        choice = chosen.get(car.slot)
        car_rows.append(
            {
                "car": car,
                "design_id": choice.design if choice else car.design_id,
                "driver_id": choice.driver if choice else car.driver_id,
                "gunner_id": choice.gunner if choice else car.gunner_id,
                "errors": [m for k, m in errors.items() if k.startswith(f"cars.{index}.")],
            }
        )
    general = [m for k, m in errors.items() if not k.startswith("cars.") or k == "cars"]
    fixtures = []
    if season is not None:
        fixtures = with_round_labels(
            list(
                Fixture.objects.filter(Q(home_team=team) | Q(away_team=team), round__season=season)
                .select_related("round", "home_team", "away_team", "result")
                .order_by("round__number", "pk")
            )
        )
    return {
        "team": team,
        "season": season,
        "settings": settings,
        "manage": manage,
        "cars": car_rows,
        "car_errors": general,
        "designs": design_rows,
        "track_designs": [r["design"] for r in design_rows if r["design"].role == CarRole.TRACK],
        "keeper_designs": [
            r["design"] for r in design_rows if r["design"].role == CarRole.GOALKEEPER
        ],
        "roster": [
            {"character": c, "seated": c.pk in seated, "level": _levels(c, settings)}
            for c in roster
        ],
        "roster_size": rules.ROSTER_SIZE,
        "graveyard": team_graveyard(team=team),
        "fixtures": fixtures,
    }


def _levels(character: Character, settings: rules.ArenaballSettings) -> dict[str, int]:
    return {
        "driver": rules.skill_level(character.driver_points, settings),
        "gunner": rules.skill_level(character.gunner_points, settings),
    }


def character_page(*, character: Character, manage: bool) -> dict[str, Any]:
    settings = team_settings(team=character.team)
    history = character_history(character=character)
    per_level = settings.points_per_level
    top = max([p.driver for p in history] + [p.gunner for p in history] + [0])
    chart = {
        "labels": [
            f"{p.game.fixture.round.season.name} {p.game.fixture.round.label}" for p in history
        ],
        "series": [
            {"label": "Driver points", "data": [p.driver for p in history]},
            {"label": "Gunner points", "data": [p.gunner for p in history]},
            {"label": "Prestige", "data": [p.prestige for p in history]},
        ],
        "thresholds": [
            {"label": f"Level {n}", "value": n * per_level} for n in range(1, top // per_level + 2)
        ],
        "y_title": "Points",
    }
    refusal = character_release_refusal(character)
    return {
        "character": character,
        "team": character.team,
        "manage": manage and character.state == Character.State.ACTIVE,
        # Releasing is offered only when it can be done (the page would refuse it else).
        "release_refusal": refusal.message if refusal else "",
        "levels": _levels(character, settings),
        "per_level": per_level,
        "history": history,
        "season_totals": character_season_totals(history=history),
        "chart": chart,
    }
