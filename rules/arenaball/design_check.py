"""A-T2 to A-T4: check a design against Arenaball's limits, naming every broken one.

:func:`check_design` answers in one go what a design form shows as the coach types: the
problems (each with a stable code, the rule id, the field and a message), the totals, and
each limit's state with its figures.
"""

from __future__ import annotations

from collections.abc import Mapping
from dataclasses import dataclass

from .catalogue import ARMOUR, Component
from .design_limits import LimitCheck, LimitState, dollars, field_of, fittings_of, named
from .designs import Design
from .pricing import DesignTotals, design_totals
from .problems import Problem
from .settings import ArenaballSettings
from .vocabulary import HULL_KINDS, ArmourMaterial, ComponentKind, Seat
from .weapon_checks import (
    check_burst_weapons,
    check_dropped_weapons,
    check_grenades,
    check_hand_weapons,
    check_links,
    check_metal_armour,
    check_weapon_spaces,
)

__all__ = ["DesignCheck", "DesignTotals", "LimitState", "check_design"]


@dataclass(frozen=True, slots=True)
class DesignCheck:
    """Every broken limit (`problems`, in the order of `limits`), the totals and every
    limit's state."""

    problems: tuple[Problem, ...]
    totals: DesignTotals
    limits: tuple[LimitState, ...]

    @property
    def ok(self) -> bool:
        return not self.problems

    def codes(self) -> set[str]:
        return {problem.code for problem in self.problems}


def check_design(
    design: Design,
    settings: ArenaballSettings | None = None,
    armour: Mapping[ArmourMaterial, Component] | None = None,
) -> DesignCheck:
    """A-T2 to A-T5: every problem of `design` under `settings` (defaults if None), its
    totals computed from the catalogue (`armour`: a point of each material, the league's;
    the shipped parts when None)."""
    settings = settings or ArenaballSettings()
    totals = design_totals(design, armour or ARMOUR)
    problems: list[Problem] = []
    limits: list[LimitState] = []
    for check in _CHECKS:
        limit, found = check(design, totals, settings)
        limits.append(limit)
        problems.extend(found)
    return DesignCheck(tuple(problems), totals, tuple(limits))


# --- the sheet itself ---------------------------------------------------------------------------


def _check_sheet(
    design: Design, totals: DesignTotals, settings: ArenaballSettings
) -> tuple[LimitState, list[Problem]]:
    """A-T4: a sheet a form can be built from: no negative figures, each side's armour once,
    each fitting named once, at least one of each fitting."""
    problems = []
    seen_sides: set[str] = set()
    for index, armour in enumerate(design.armour):
        if armour.points < 0:
            problems.append(
                Problem(
                    "negative",
                    "A-T4",
                    f"armour.{index}",
                    f"{armour.side.capitalize()} armour cannot be negative.",
                )
            )
        if armour.side in seen_sides:
            problems.append(
                Problem(
                    "armour_side_repeated",
                    "A-T4",
                    f"armour.{index}",
                    f"{armour.side.capitalize()} armour is given twice; give each side once.",
                )
            )
        seen_sides.add(armour.side)
    seen_refs: set[str] = set()
    for index, fitting in enumerate(design.fittings):
        if fitting.quantity < 1:
            problems.append(
                Problem(
                    "quantity_invalid",
                    "A-T4",
                    field_of(index),
                    f"{named(fitting)}: fit at least one, or remove the line.",
                )
            )
        if fitting.ref in seen_refs:
            problems.append(
                Problem(
                    "ref_repeated",
                    "A-T4",
                    field_of(index),
                    f"Two parts are both called {fitting.ref!r}; links need each name once.",
                )
            )
        seen_refs.add(fitting.ref)
    state = LimitState(
        "sheet",
        "A-T4",
        "Design sheet complete",
        not problems,
        len(problems),
        0,
        "complete" if not problems else f"{len(problems)} to correct",
    )
    return state, problems


def _check_crew(
    design: Design, totals: DesignTotals, settings: ArenaballSettings
) -> tuple[LimitState, list[Problem]]:
    """A-T2: every car has exactly one driver (a gunner is optional)."""
    drivers = design.crew.count(Seat.DRIVER)
    problems = []
    if drivers != 1:
        problems.append(
            Problem(
                "driver_count",
                "A-T2",
                "crew",
                f"A car seats exactly one driver; this design seats {drivers}.",
            )
        )
    state = LimitState(
        "crew", "A-T2", "One driver", drivers == 1, drivers, 1, f"{drivers} driver(s)"
    )
    return state, problems


# --- A-T3 ---------------------------------------------------------------------------------------


def _check_budget(
    design: Design, totals: DesignTotals, settings: ArenaballSettings
) -> tuple[LimitState, list[Problem]]:
    """A-T3: a design costs at most the budget ($20,000 by default), its cost computed from
    the catalogue (at least that much while a part has no price)."""
    cost = totals.cost
    ok = cost <= settings.budget
    figures = f"{'at least ' if not totals.priced else ''}{dollars(cost)} of "
    figures += dollars(settings.budget)
    state = LimitState("budget", "A-T3", "Budget", ok, cost, settings.budget, figures)
    problems = []
    if not ok:
        over = cost - settings.budget
        problems.append(
            Problem(
                "over_budget",
                "A-T3",
                "cost",
                f"The design costs {dollars(cost)}, {dollars(over)} over the "
                f"{dollars(settings.budget)} budget.",
            )
        )
    return state, problems


def _check_priced(
    design: Design, totals: DesignTotals, settings: ArenaballSettings
) -> tuple[LimitState, list[Problem]]:
    """A-T5 (decided): every part the design uses has the figures its kind needs in the
    league's catalogue (a published sheet's cover the parts and armour it lists)."""
    problems = list(totals.missing)
    count = len(problems)
    figures = "every part priced" if not count else f"{count} part(s) without figures"
    state = LimitState("priced", "A-T5", "Every part priced", not count, count, 0, figures)
    return state, problems


def _check_hull(
    design: Design, totals: DesignTotals, settings: ArenaballSettings
) -> tuple[LimitState, list[Problem]]:
    """A-T5 (decided): the car itself is priced too: a design is built on one published
    sheet, or from a body, a chassis, a power plant, a suspension and tyres."""
    kinds = [fitting.component.kind for fitting in design.fittings]
    sheets = kinds.count(ComponentKind.SHEET)
    problems = []
    if sheets > 1:
        problems.append(
            Problem(
                "sheet_twice", "A-T5", "fittings", "Build a design on one published sheet at most."
            )
        )
    elif sheets == 1:
        extra = [kind for kind in HULL_KINDS if kind in kinds]
        if extra:
            problems.append(
                Problem(
                    "hull_with_sheet",
                    "A-T5",
                    "fittings",
                    "A published sheet brings its own body, chassis, power plant, suspension "
                    f"and tyres; remove the {_kind_words(extra)}.",
                )
            )
    else:
        lacking = [kind for kind in HULL_KINDS if kind not in kinds]
        bodies = kinds.count(ComponentKind.BODY)
        if lacking:
            problems.append(
                Problem(
                    "hull_incomplete",
                    "A-T5",
                    "fittings",
                    "A design is built on a published sheet, or from a body, a chassis, a "
                    "power plant, a suspension and tyres from the catalogue; this one has no "
                    f"{_kind_words(lacking)}.",
                )
            )
        if bodies > 1:
            problems.append(
                Problem("body_twice", "A-T5", "fittings", "A car has one body; remove the others.")
            )
    built = "on a published sheet" if sheets == 1 else "from parts"
    state = LimitState(
        "hull",
        "A-T5",
        "The car: a published sheet, or body, chassis, power plant, suspension and tyres",
        not problems,
        len(problems),
        0,
        built if not problems else f"{len(problems)} to correct",
    )
    return state, problems


def _kind_words(kinds: list[ComponentKind]) -> str:
    words = [
        kind.value.replace("_", " ") + ("s" if kind is ComponentKind.TYRE else "") for kind in kinds
    ]
    return words[0] if len(words) == 1 else f"{', '.join(words[:-1])} or {words[-1]}"


def _check_ball_gear(
    design: Design, totals: DesignTotals, settings: ArenaballSettings
) -> tuple[LimitState, list[Problem]]:
    """A-T3: every design carries the ramplate/airdam/electromagnet set."""
    count = sum(f.quantity for _, f in fittings_of(design, ComponentKind.BALL_GEAR))
    ok = count >= 1
    state = LimitState(
        "ball_gear",
        "A-T3",
        "Ramplate, airdam and electromagnet",
        ok,
        count,
        1,
        "fitted" if ok else "missing",
    )
    problems = []
    if not ok:
        problems.append(
            Problem(
                "ball_gear_missing",
                "A-T3",
                "fittings",
                "Every car must carry the ramplate, airdam and electromagnet set "
                "($500, 100 lbs): without it the car cannot pick up the ball.",
            )
        )
    return state, problems


# --- A-T4: the body's spaces ---------------------------------------------------------------


def _check_spaces(
    design: Design, totals: DesignTotals, settings: ArenaballSettings
) -> tuple[LimitState, list[Problem]]:
    """A-T4 (decided): the parts that take room fit in the body's spaces (a design on a
    published sheet: those it adds fit in the sheet's spare room)."""
    room, used = totals.room, totals.spaces
    problems = []
    sheet = next(
        (f.component for f in design.fittings if f.component.kind is ComponentKind.SHEET), None
    )
    if room is None and used and sheet is not None:
        problems.append(
            Problem(
                "part_unpriced",
                "A-T5",
                "fittings",
                f"{sheet.name} has no spare spaces in this league's catalogue for the parts "
                "added to it: ask the commissioner.",
            )
        )
    elif room is not None and used > room:
        problems.append(
            Problem(
                "spaces_over_body",
                "A-T4",
                "fittings",
                f"The parts take {used} spaces; the body has {room}.",
            )
        )
    figures = f"{used} space(s) used" if room is None else f"{used} of {room} space(s)"
    state = LimitState("spaces", "A-T4", "Spaces", not problems, used, room, figures)
    return state, problems


_CHECKS: tuple[LimitCheck, ...] = (
    _check_sheet,
    _check_crew,
    _check_hull,
    _check_priced,
    _check_budget,
    _check_ball_gear,
    _check_spaces,
    check_weapon_spaces,
    check_hand_weapons,
    check_links,
    check_dropped_weapons,
    check_grenades,
    check_burst_weapons,
    check_metal_armour,
)
