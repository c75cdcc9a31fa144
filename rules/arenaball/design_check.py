"""A-T2 to A-T4: check a design against Arenaball's limits, naming every broken one.

:func:`check_design` answers in one go what a design form shows as the coach types: the
problems (each with a stable code, the rule id, the field and a message), the totals, and
each limit's state with its figures.
"""

from __future__ import annotations

from collections.abc import Callable, Iterator, Mapping
from dataclasses import dataclass

from .catalogue import (
    ARMOUR,
    FLAMETHROWER,
    HAND_WEAPON_MAX_WEIGHT,
    HEAVY_DUTY_FLAMETHROWER,
    Component,
)
from .designs import Design, Fitting
from .pricing import DesignTotals, design_totals
from .problems import Problem
from .settings import ArenaballSettings
from .vocabulary import HULL_KINDS, ArmourMaterial, CarRole, ComponentKind, Seat, WeaponClass

__all__ = ["DesignCheck", "DesignTotals", "LimitState", "check_design"]


@dataclass(frozen=True, slots=True)
class LimitState:
    """One limit as a form shows it: `value` against `limit` (None: nothing to compare, e.g.
    no body spaces declared), whether it holds, and the figures in words."""

    code: str
    rule: str
    label: str
    ok: bool
    value: int
    limit: int | None
    figures: str


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


_Check = Callable[[Design, DesignTotals, ArenaballSettings], tuple[LimitState, list[Problem]]]


def _fittings(design: Design, *kinds: ComponentKind) -> Iterator[tuple[int, Fitting]]:
    for index, fitting in enumerate(design.fittings):
        if fitting.component.kind in kinds:
            yield index, fitting


def _field(index: int) -> str:
    return f"fittings.{index}"


def _named(fitting: Fitting) -> str:
    return f"{fitting.component.name} ({fitting.ref})" if fitting.ref else fitting.component.name


def _dollars(value: int) -> str:
    return f"${value:,}"


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
                    _field(index),
                    f"{_named(fitting)}: fit at least one, or remove the line.",
                )
            )
        if fitting.ref in seen_refs:
            problems.append(
                Problem(
                    "ref_repeated",
                    "A-T4",
                    _field(index),
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
    figures = f"{'at least ' if not totals.priced else ''}{_dollars(cost)} of "
    figures += _dollars(settings.budget)
    state = LimitState("budget", "A-T3", "Budget", ok, cost, settings.budget, figures)
    problems = []
    if not ok:
        over = cost - settings.budget
        problems.append(
            Problem(
                "over_budget",
                "A-T3",
                "cost",
                f"The design costs {_dollars(cost)}, {_dollars(over)} over the "
                f"{_dollars(settings.budget)} budget.",
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
    count = sum(f.quantity for _, f in _fittings(design, ComponentKind.BALL_GEAR))
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


# --- A-T4: weapons and equipment ----------------------------------------------------------------


def _space_allowance(role: CarRole) -> tuple[int, Component]:
    """A-T4: the largest weapon a car of `role` may mount, and the one larger exception."""
    if role is CarRole.TRACK:
        return 1, FLAMETHROWER
    return 2, HEAVY_DUTY_FLAMETHROWER


def _check_weapon_spaces(
    design: Design, totals: DesignTotals, settings: ArenaballSettings
) -> tuple[LimitState, list[Problem]]:
    """A-T4: track cars mount one-space weapons only, except the standard flamethrower; the
    goalkeeper any number of two-space weapons and the heavy-duty flamethrower. The exception
    is the catalogue's own part (by key)."""
    allowed, exception = _space_allowance(design.role)
    code = (
        "track_weapon_too_large" if design.role is CarRole.TRACK else "goalkeeper_weapon_too_large"
    )
    problems = []
    largest = 0
    for index, fitting in _fittings(design, ComponentKind.WEAPON, ComponentKind.DROPPED_WEAPON):
        spaces = fitting.component.spaces
        if spaces is None:
            problems.append(
                Problem(
                    "weapon_spaces_unknown",
                    "A-T4",
                    _field(index),
                    f"{_named(fitting)} has no spaces in the catalogue, so its size cannot be "
                    "checked; the commissioner enters them in the admin.",
                )
            )
            continue
        if fitting.component.key == exception.key:
            continue
        largest = max(largest, spaces)
        if spaces > allowed:
            problems.append(
                Problem(
                    code,
                    "A-T4",
                    _field(index),
                    f"{_named(fitting)} takes {spaces} spaces; a {design.role.label.lower()} "
                    f"may mount weapons of {allowed} space{'s' if allowed > 1 else ''} at most "
                    f"(besides the {exception.name.lower()}).",
                )
            )
    label = f"Weapons of {allowed} space{'s' if allowed > 1 else ''} at most"
    figures = f"largest {largest}" if not problems else f"{len(problems)} weapon(s) too large"
    state = LimitState("weapon_spaces", "A-T4", label, not problems, largest, allowed, figures)
    return state, problems


def _check_hand_weapons(
    design: Design, totals: DesignTotals, settings: ArenaballSettings
) -> tuple[LimitState, list[Problem]]:
    """A-T4: hand weapons of 10 lbs or less (one with no weight entered cannot pass)."""
    problems = []
    heaviest = 0
    for index, fitting in _fittings(design, ComponentKind.HAND_WEAPON):
        weight = fitting.component.weight
        if weight is None:
            problems.append(
                Problem(
                    "hand_weapon_weight_unknown",
                    "A-T4",
                    _field(index),
                    f"{_named(fitting)} has no weight in the catalogue; hand weapons must "
                    f"weigh {HAND_WEAPON_MAX_WEIGHT} lbs or less, so enter its weight first.",
                )
            )
            continue
        heaviest = max(heaviest, weight)
        if weight > HAND_WEAPON_MAX_WEIGHT:
            problems.append(
                Problem(
                    "hand_weapon_too_heavy",
                    "A-T4",
                    _field(index),
                    f"{_named(fitting)} weighs {weight} lbs; hand weapons may weigh "
                    f"{HAND_WEAPON_MAX_WEIGHT} lbs at most.",
                )
            )
    state = LimitState(
        "hand_weapons",
        "A-T4",
        f"Hand weapons of {HAND_WEAPON_MAX_WEIGHT} lbs at most",
        not problems,
        heaviest,
        HAND_WEAPON_MAX_WEIGHT,
        f"heaviest {heaviest} lbs",
    )
    return state, problems


def _link_allowed(one: Component, other: Component) -> bool:
    """A-T4: the only link is a targeting laser to a rocket weapon."""

    def rocket(part: Component) -> bool:
        return part.kind is ComponentKind.WEAPON and part.weapon_class is WeaponClass.ROCKET

    targeting = ComponentKind.TARGETING
    return (one.kind is targeting and rocket(other)) or (other.kind is targeting and rocket(one))


def _check_links(
    design: Design, totals: DesignTotals, settings: ArenaballSettings
) -> tuple[LimitState, list[Problem]]:
    """A-T4: no links, except a targeting laser linked to rockets (on either car: the
    goalkeeper's "never linked" is about its weapons with each other)."""
    by_ref = {fitting.ref: fitting for fitting in design.fittings}
    problems = []
    seen: set[frozenset[str]] = set()
    links = 0
    for index, fitting in enumerate(design.fittings):
        for ref in fitting.links:
            other = by_ref.get(ref)
            if other is None:
                problems.append(
                    Problem(
                        "link_unknown",
                        "A-T4",
                        _field(index),
                        f"{_named(fitting)} is linked to {ref!r}, which is not on the design.",
                    )
                )
                continue
            pair = frozenset((fitting.ref, ref))
            if pair in seen:
                continue
            seen.add(pair)
            links += 1
            if other is fitting or not _link_allowed(fitting.component, other.component):
                problems.append(
                    Problem(
                        "link_forbidden",
                        "A-T4",
                        _field(index),
                        f"{_named(fitting)} is linked to {_named(other)}; the only link "
                        "allowed is a targeting laser to rockets.",
                    )
                )
    broken = len(problems)
    state = LimitState(
        "links",
        "A-T4",
        "No links but a targeting laser to rockets",
        not problems,
        broken,
        0,
        f"{links} link(s), {broken} not allowed",
    )
    return state, problems


def _check_dropped_weapons(
    design: Design, totals: DesignTotals, settings: ArenaballSettings
) -> tuple[LimitState, list[Problem]]:
    """A-T4: no offensive dropped weapons (smoke and paint are allowed)."""
    problems = [
        Problem(
            "offensive_dropped_weapon",
            "A-T4",
            _field(index),
            f"{_named(fitting)} is an offensive dropped weapon; only smoke and paint may be "
            "dropped.",
        )
        for index, fitting in _fittings(design, ComponentKind.DROPPED_WEAPON)
        if fitting.component.offensive
    ]
    return _count_state("dropped_weapons", "No offensive dropped weapons", problems), problems


def _check_grenades(
    design: Design, totals: DesignTotals, settings: ArenaballSettings
) -> tuple[LimitState, list[Problem]]:
    """A-T4: no grenades (they slow the game), unless the league plays the seed's variant
    that allows them (`grenades`)."""
    if settings.grenades:
        count = sum(1 for _ in _fittings(design, ComponentKind.GRENADE))
        allowed = LimitState("grenades", "A-T4", "Grenades allowed", True, count, None, "allowed")
        return allowed, []
    problems = [
        Problem(
            "grenade",
            "A-T4",
            _field(index),
            f"{_named(fitting)}: grenades are not allowed in this league.",
        )
        for index, fitting in _fittings(design, ComponentKind.GRENADE)
    ]
    return _count_state("grenades", "No grenades", problems), problems


def _check_burst_weapons(
    design: Design, totals: DesignTotals, settings: ArenaballSettings
) -> tuple[LimitState, list[Problem]]:
    """The seed's roller-skater variant: "burst weapons have to be outlawed if the men are
    to last more than a couple of seconds" (a part marked `burst` in the catalogue)."""
    problems = [
        Problem(
            "burst_weapon",
            "A-T4",
            _field(index),
            f"{_named(fitting)} has a burst effect: burst weapons are outlawed while roller "
            "skaters play.",
        )
        for index, fitting in enumerate(design.fittings)
        if settings.roller_skaters and fitting.component.burst
    ]
    return _count_state(
        "burst_weapons", "No burst weapons among roller skaters", problems
    ), problems


def _check_metal_armour(
    design: Design, totals: DesignTotals, settings: ArenaballSettings
) -> tuple[LimitState, list[Problem]]:
    """A-T4: no metal armour, on a side or around a component."""
    problems = [
        Problem(
            "metal_armour",
            "A-T4",
            f"armour.{index}",
            f"{armour.side.capitalize()} armour is metal; metal armour is banned (every "
            "point lost leaves an obstacle on the track).",
        )
        for index, armour in enumerate(design.armour)
        if armour.material.is_metal
    ]
    problems += [
        Problem(
            "metal_armour",
            "A-T4",
            _field(index),
            f"{_named(fitting)} is metal; metal armour is banned.",
        )
        for index, fitting in enumerate(design.fittings)
        if fitting.component.armour_material is not None
        and fitting.component.armour_material.is_metal
    ]
    return _count_state("metal_armour", "No metal armour", problems), problems


def _count_state(code: str, label: str, problems: list[Problem]) -> LimitState:
    count = len(problems)
    return LimitState(code, "A-T4", label, not count, count, 0, f"{count} found")


_CHECKS: tuple[_Check, ...] = (
    _check_sheet,
    _check_crew,
    _check_hull,
    _check_priced,
    _check_budget,
    _check_ball_gear,
    _check_spaces,
    _check_weapon_spaces,
    _check_hand_weapons,
    _check_links,
    _check_dropped_weapons,
    _check_grenades,
    _check_burst_weapons,
    _check_metal_armour,
)
