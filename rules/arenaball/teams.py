"""A-T1, A-T2, A-G4: a team's cars, their designs and crews, and the line-up of one match.

Plain values in, every problem out (each naming its field): the Django side maps its rows
onto :class:`TeamCar` and :class:`MatchLineup` and shows the problems beside the fields.
"""

from __future__ import annotations

from collections import Counter
from collections.abc import Collection, Mapping, Sequence
from dataclasses import dataclass, field

from .designs import Design
from .problems import Problem
from .settings import ArenaballSettings
from .vocabulary import GOALKEEPER_SLOT, PITS_CARS, ROSTER_SIZE, TRACK_SLOTS, CarRole, Seat

__all__ = ["MatchLineup", "TeamCar", "lineup_errors", "team_errors"]

_SLOTS = (*TRACK_SLOTS, GOALKEEPER_SLOT)


@dataclass(frozen=True, slots=True)
class TeamCar:
    """A-T1: one of a team's six cars (`slot` "1" to "5" or "GK"), the key of its design,
    and its crew (A-T2: character keys; `gunner` only where the design seats one)."""

    slot: str
    design: str
    driver: str | None = None
    gunner: str | None = None

    def crew(self) -> dict[Seat, str]:
        seats = {Seat.DRIVER: self.driver, Seat.GUNNER: self.gunner}
        return {seat: who for seat, who in seats.items() if who}


@dataclass(frozen=True, slots=True)
class MatchLineup:
    """A team in one match: its cars with their crews, (A-G4) the two track cars it starts
    in the pits, and (the seed's roller-skater variant) its peds: characters of its roster
    on roller skates, in no car."""

    team: str
    cars: tuple[TeamCar, ...]
    pits: frozenset[str] = field(default_factory=frozenset)
    peds: tuple[str, ...] = ()

    def car(self, slot: str) -> TeamCar | None:
        return next((car for car in self.cars if car.slot == slot), None)

    def starters(self) -> tuple[str, ...]:
        return tuple(car.slot for car in self.cars if car.slot not in self.pits)


def team_errors(
    *,
    cars: Sequence[TeamCar],
    designs: Mapping[str, Design],
    roster: Collection[str],
    settings: ArenaballSettings | None = None,
    former: Collection[str] = (),
) -> list[Problem]:
    """A-T1, A-T2: every problem of a team's cars (`designs` by key, `roster` the keys of
    the team's living, unreleased characters): five track cars and a goalkeeper, designs of
    the right role (one shared track design when ``one_track_design``), a driver in every
    car, a gunner only in a seat the design has, crews from the roster and nobody in two
    seats, at most 12 characters on the roster. **Decided**: a design's gunner seat may stay
    empty; the dead and the released are not on the roster and do not count, but a game's
    line-up as it was played may seat them (`former`: those who have left since)."""
    settings = settings or ArenaballSettings()
    problems: list[Problem] = []
    if len(roster) > ROSTER_SIZE:
        problems.append(
            Problem(
                "roster_too_large",
                "A-T2",
                "roster",
                f"A roster holds at most {ROSTER_SIZE} characters; this one has {len(roster)}.",
            )
        )
    problems += _slot_problems(cars)
    problems += _design_problems(cars, designs, settings)
    problems += _crew_problems(cars, designs, {*roster, *former})
    return problems


def lineup_errors(
    *,
    lineup: MatchLineup,
    designs: Mapping[str, Design],
    roster: Collection[str],
    unavailable: Collection[str] = (),
    settings: ArenaballSettings | None = None,
    former: Collection[str] = (),
) -> list[Problem]:
    """A-T1, A-T2, A-G4, A-P3: the team's problems (`roster` and `former` as for
    :func:`team_errors`), plus the match's own: exactly two track cars in the pits (decided:
    also when substitutes are off; they then never come on) and no character who may not
    play (`unavailable`: dead, or injured and missing games)."""
    problems = team_errors(
        cars=lineup.cars, designs=designs, roster=roster, settings=settings, former=former
    )
    track = set(TRACK_SLOTS)
    for slot in sorted(lineup.pits):
        if slot not in track:
            problems.append(
                Problem(
                    "pits_not_track_car",
                    "A-G4",
                    "pits",
                    f"Car {slot} cannot start in the pits; only track cars 1 to 5 do.",
                )
            )
    if len(lineup.pits) != PITS_CARS:
        problems.append(
            Problem(
                "pits_count",
                "A-G4",
                "pits",
                f"Choose {PITS_CARS} track cars to start in the pits; {len(lineup.pits)} chosen.",
            )
        )
    members = {*roster, *former}
    problems += _ped_problems(lineup, members, unavailable, settings or ArenaballSettings())
    barred = set(unavailable)
    for index, car in enumerate(lineup.cars):
        for seat, who in car.crew().items():
            if who in barred:
                problems.append(
                    Problem(
                        "character_unavailable",
                        "A-P3",
                        f"cars.{index}.{seat}",
                        f"{who} may not play this match (dead, or injured and missing games).",
                    )
                )
    return problems


def _ped_problems(
    lineup: MatchLineup,
    roster: Collection[str],
    unavailable: Collection[str],
    settings: ArenaballSettings,
) -> list[Problem]:
    """The seed's roller-skater variant (decided): peds are characters of the team's roster,
    each once, in no car, and able to play; none at all without the variant."""
    if lineup.peds and not settings.roller_skaters:
        return [
            Problem(
                "peds_not_played",
                "A-G5",
                "peds",
                "This league plays without roller skaters: a team fields its cars only.",
            )
        ]
    seated = {who for car in lineup.cars for who in car.crew().values()}
    problems = []
    counted = Counter(lineup.peds)
    for index, ped in enumerate(lineup.peds):
        where = f"peds.{index}"
        if counted[ped] > 1 and lineup.peds.index(ped) != index:
            problems.append(Problem("ped_twice", "A-G5", where, f"{ped} is named twice."))
        elif ped in seated:
            problems.append(
                Problem("ped_in_a_car", "A-G5", where, f"{ped} crews a car: a ped is in none.")
            )
        elif ped not in roster:
            problems.append(
                Problem(
                    "crew_not_on_roster",
                    "A-T2",
                    where,
                    f"{ped} is not a character of this team's roster.",
                )
            )
        elif ped in unavailable:
            problems.append(
                Problem(
                    "character_unavailable",
                    "A-P3",
                    where,
                    f"{ped} may not play this match (dead, or injured and missing games).",
                )
            )
    return problems


def _slot_problems(cars: Sequence[TeamCar]) -> list[Problem]:
    """A-T1: cars 1 to 5 and GK, each once."""
    problems = []
    counts = Counter(car.slot for car in cars)
    for index, car in enumerate(cars):
        if car.slot not in _SLOTS:
            problems.append(
                Problem(
                    "car_slot_unknown",
                    "A-T1",
                    f"cars.{index}.slot",
                    f"Car {car.slot!r} is not a car of a team (1 to 5, or GK).",
                )
            )
    for slot in _SLOTS:
        if counts[slot] == 0:
            problems.append(
                Problem(
                    "car_missing",
                    "A-T1",
                    "cars",
                    f"A team has five track cars and a goalkeeper car; car {slot} is missing.",
                )
            )
        elif counts[slot] > 1:
            problems.append(
                Problem(
                    "car_repeated",
                    "A-T1",
                    "cars",
                    f"Car {slot} is given {counts[slot]} times; each car once.",
                )
            )
    return problems


def _design_problems(
    cars: Sequence[TeamCar], designs: Mapping[str, Design], settings: ArenaballSettings
) -> list[Problem]:
    """A-T1: each car has a design of its role; the track cars share one when required."""
    problems = []
    track_designs: set[str] = set()
    for index, car in enumerate(cars):
        design = designs.get(car.design)
        if design is None:
            problems.append(
                Problem(
                    "design_unknown",
                    "A-T1",
                    f"cars.{index}.design",
                    f"Car {car.slot}'s design {car.design!r} is not one of the team's designs.",
                )
            )
            continue
        role = CarRole.GOALKEEPER if car.slot == GOALKEEPER_SLOT else CarRole.TRACK
        if design.role is not role:
            problems.append(
                Problem(
                    "design_role",
                    "A-T1",
                    f"cars.{index}.design",
                    f"Car {car.slot} needs a {role.label.lower()} design; "
                    f"{design.name!r} is a {design.role.label.lower()} design.",
                )
            )
        elif role is CarRole.TRACK:
            track_designs.add(car.design)
    if settings.one_track_design and len(track_designs) > 1:
        problems.append(
            Problem(
                "track_designs_differ",
                "A-T1",
                "cars",
                "All five track cars must be the same design in this league; "
                f"they use {len(track_designs)} designs.",
            )
        )
    return problems


def _crew_problems(
    cars: Sequence[TeamCar], designs: Mapping[str, Design], roster: Collection[str]
) -> list[Problem]:
    """A-T2: a driver in every car, a gunner only where a seat is, crews from the roster,
    nobody in two seats."""
    problems = []
    members = set(roster)
    seated: Counter[str] = Counter()
    for index, car in enumerate(cars):
        if not car.driver:
            problems.append(
                Problem(
                    "driver_missing",
                    "A-T2",
                    f"cars.{index}.driver",
                    f"Car {car.slot} has no driver; every car needs one.",
                )
            )
        design = designs.get(car.design)
        if car.gunner and design is not None and design.gunners == 0:
            problems.append(
                Problem(
                    "gunner_without_seat",
                    "A-T2",
                    f"cars.{index}.gunner",
                    f"Car {car.slot}'s design {design.name!r} seats no gunner.",
                )
            )
        for seat, who in car.crew().items():
            seated[who] += 1
            if who not in members:
                problems.append(
                    Problem(
                        "crew_not_on_roster",
                        "A-T2",
                        f"cars.{index}.{seat}",
                        f"{who} is not a character of this team's roster.",
                    )
                )
    for who, seats in sorted(seated.items()):
        if seats > 1:
            problems.append(
                Problem(
                    "crew_in_two_seats",
                    "A-T2",
                    "cars",
                    f"{who} sits in {seats} seats; a character crews one seat.",
                )
            )
    return problems
