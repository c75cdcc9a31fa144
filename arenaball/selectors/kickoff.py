"""A car plays only if its design holds at kick-off (A-T3 to A-T5 under the season's settings,
issue #45): the problems of a team's cars whose designs break a limit, for the report's check
(web, API and admin alike), and every team of a season that cannot take the track and why,
for My teams, the season's control room and the season's start."""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from dataclasses import dataclass

from django.db.models import Prefetch

from arenaball.catalogue import league_parts
from arenaball.models import Car, Character, Part
from arenaball.selectors.designs import stored_design_check
from arenaball.selectors.teams import designs_with_fittings, season_rules
from league.models import Season, Team
from rules import arenaball as rules


def car_design_problems(
    *,
    cars: Sequence[Car],
    settings: rules.ArenaballSettings,
    parts: Mapping[str, Part] | None = None,
) -> list[rules.Problem]:
    """A-T3 to A-T5 at kick-off: for each design of `cars` that breaks a limit under
    `settings`, a problem per broken limit naming the cars, the design and the limit, beside
    the first such car's design (``cars.<index>.design``, in `cars`' order)."""
    problems: list[rules.Problem] = []
    checks: dict[int, rules.DesignCheck] = {}
    for index, car in enumerate(cars):
        if car.design_id in checks:
            continue
        check = checks[car.design_id] = stored_design_check(car.design, settings, parts)
        slots = [c.slot for c in cars if c.design_id == car.design_id]
        for broken in check.problems:
            problems.append(
                rules.Problem(
                    "design_breaks_limit",
                    broken.rule,
                    f"cars.{index}.design",
                    f"{_cars(slots)} may not take the track: {_its(slots)} design "
                    f"{car.design.name} breaks a limit ({broken.rule}): {broken.message}",
                )
            )
    return problems


def _cars(slots: Sequence[str]) -> str:
    named = ["the goalkeeper" if slot == rules.GOALKEEPER_SLOT else slot for slot in slots]
    if named == ["the goalkeeper"]:
        return "The goalkeeper"
    numbers = [n for n in named if n != "the goalkeeper"]
    text = f"Car {numbers[0]}" if len(numbers) == 1 else f"Cars {', '.join(numbers)}"
    return text + (" and the goalkeeper" if "the goalkeeper" in named else "")


def _its(slots: Sequence[str]) -> str:
    return "its" if len(slots) == 1 else "their"


@dataclass(frozen=True)
class OffTheTrack:
    """A team that cannot take the track now, and why (each reason in words)."""

    team: Team
    reasons: tuple[str, ...]


def teams_off_the_track(
    *, season: Season, settings: rules.ArenaballSettings | None = None
) -> list[OffTheTrack]:
    """Every team of `season` that could not report its next game as its cars stand: a
    design that breaks a limit under the season's settings (or `settings`, such as a
    draft's about to start), an empty driver's seat, a dead or injured character seated.
    A few queries a team."""
    settings = settings or season_rules(season=season)
    parts = league_parts(league=season.league)
    designs = designs_with_fittings().select_related("team__league")
    teams = list(season.teams.select_related("league").order_by("name"))
    found = []
    for team in teams:
        cars = sorted(
            Car.objects.filter(team=team)
            .select_related("driver", "gunner")
            .prefetch_related(Prefetch("design", queryset=designs)),
            key=lambda car: rules.CAR_SLOTS.index(car.slot),
        )
        reasons = [
            p.message for p in car_design_problems(cars=cars, settings=settings, parts=parts)
        ]
        reasons += _crew_reasons(cars)
        if reasons:
            found.append(OffTheTrack(team, tuple(reasons)))
    return found


def _crew_reasons(cars: Sequence[Car]) -> list[str]:
    """A-T2, A-P3: an empty driver's seat, or a character seated who may not play."""
    reasons = []
    for car in cars:
        name = "The goalkeeper" if car.slot == rules.GOALKEEPER_SLOT else f"Car {car.slot}"
        if car.driver is None:
            reasons.append(f"{name} has no driver.")
        for who in (car.driver, car.gunner):
            if who is None:
                continue
            if who.state != Character.State.ACTIVE:
                reasons.append(
                    f"{who.name}, seated in {name.lower()}, is {who.get_state_display().lower()}."
                )
            elif who.games_to_miss:
                reasons.append(
                    f"{who.name}, seated in {name.lower()}, is injured and misses "
                    f"{who.games_to_miss} more game{'s' if who.games_to_miss > 1 else ''}."
                )
    return reasons


def season_designs_broken(*, season: Season, settings: rules.ArenaballSettings) -> list[str]:
    """Each design of `season`'s teams that breaks a limit under `settings`, in words (the
    season's start lists them: its settings are about to freeze)."""
    parts = league_parts(league=season.league)
    lines = []
    designs = designs_with_fittings().filter(team__in=season.teams.all()).select_related("team")
    for design in designs.order_by("team__name", "name"):
        check = stored_design_check(design, settings, parts)
        if not check.ok:
            used = sorted(design.cars.values_list("slot", flat=True), key=rules.CAR_SLOTS.index)
            where = f", used by {_cars(used).lower()}" if used else ", used by no car"
            broken = " ".join(f"{p.message} ({p.rule})" for p in check.problems)
            lines.append(f"{design.team}: {design.name}{where}: {broken}")
    return lines
