"""A-T4: the weapons and equipment a design may carry: spaces, hand weapons, links, dropped
weapons, grenades, burst weapons and metal armour (each a design_check step)."""

from __future__ import annotations

from .catalogue import FLAMETHROWER, HAND_WEAPON_MAX_WEIGHT, HEAVY_DUTY_FLAMETHROWER, Component
from .design_limits import LimitState, count_state, field_of, fittings_of, named
from .designs import Design
from .pricing import DesignTotals
from .problems import Problem
from .settings import ArenaballSettings
from .vocabulary import CarRole, ComponentKind, WeaponClass

__all__ = [
    "check_burst_weapons",
    "check_dropped_weapons",
    "check_grenades",
    "check_hand_weapons",
    "check_links",
    "check_metal_armour",
    "check_weapon_spaces",
]


def _space_allowance(role: CarRole) -> tuple[int, Component]:
    """A-T4: the largest weapon a car of `role` may mount, and the one larger exception."""
    if role is CarRole.TRACK:
        return 1, FLAMETHROWER
    return 2, HEAVY_DUTY_FLAMETHROWER


def check_weapon_spaces(
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
    for index, fitting in fittings_of(design, ComponentKind.WEAPON, ComponentKind.DROPPED_WEAPON):
        spaces = fitting.component.spaces
        if spaces is None:
            problems.append(
                Problem(
                    "weapon_spaces_unknown",
                    "A-T4",
                    field_of(index),
                    f"{named(fitting)} has no spaces in the catalogue, so its size cannot be "
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
                    field_of(index),
                    f"{named(fitting)} takes {spaces} spaces; a {design.role.label.lower()} "
                    f"may mount weapons of {allowed} space{'s' if allowed > 1 else ''} at most "
                    f"(besides the {exception.name.lower()}).",
                )
            )
    label = f"Weapons of {allowed} space{'s' if allowed > 1 else ''} at most"
    figures = f"largest {largest}" if not problems else f"{len(problems)} weapon(s) too large"
    state = LimitState("weapon_spaces", "A-T4", label, not problems, largest, allowed, figures)
    return state, problems


def check_hand_weapons(
    design: Design, totals: DesignTotals, settings: ArenaballSettings
) -> tuple[LimitState, list[Problem]]:
    """A-T4: hand weapons of 10 lbs or less (one with no weight entered cannot pass)."""
    problems = []
    heaviest = 0
    for index, fitting in fittings_of(design, ComponentKind.HAND_WEAPON):
        weight = fitting.component.weight
        if weight is None:
            problems.append(
                Problem(
                    "hand_weapon_weight_unknown",
                    "A-T4",
                    field_of(index),
                    f"{named(fitting)} has no weight in the catalogue; hand weapons must "
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
                    field_of(index),
                    f"{named(fitting)} weighs {weight} lbs; hand weapons may weigh "
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


def check_links(
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
                        field_of(index),
                        f"{named(fitting)} is linked to {ref!r}, which is not on the design.",
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
                        field_of(index),
                        f"{named(fitting)} is linked to {named(other)}; the only link "
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


def check_dropped_weapons(
    design: Design, totals: DesignTotals, settings: ArenaballSettings
) -> tuple[LimitState, list[Problem]]:
    """A-T4: no offensive dropped weapons (smoke and paint are allowed)."""
    problems = [
        Problem(
            "offensive_dropped_weapon",
            "A-T4",
            field_of(index),
            f"{named(fitting)} is an offensive dropped weapon; only smoke and paint may be "
            "dropped.",
        )
        for index, fitting in fittings_of(design, ComponentKind.DROPPED_WEAPON)
        if fitting.component.offensive
    ]
    return count_state("dropped_weapons", "No offensive dropped weapons", problems), problems


def check_grenades(
    design: Design, totals: DesignTotals, settings: ArenaballSettings
) -> tuple[LimitState, list[Problem]]:
    """A-T4: no grenades (they slow the game), unless the league plays the seed's variant
    that allows them (`grenades`)."""
    if settings.grenades:
        count = sum(1 for _ in fittings_of(design, ComponentKind.GRENADE))
        allowed = LimitState("grenades", "A-T4", "Grenades allowed", True, count, None, "allowed")
        return allowed, []
    problems = [
        Problem(
            "grenade",
            "A-T4",
            field_of(index),
            f"{named(fitting)}: grenades are not allowed in this league.",
        )
        for index, fitting in fittings_of(design, ComponentKind.GRENADE)
    ]
    return count_state("grenades", "No grenades", problems), problems


def check_burst_weapons(
    design: Design, totals: DesignTotals, settings: ArenaballSettings
) -> tuple[LimitState, list[Problem]]:
    """The seed's roller-skater variant: "burst weapons have to be outlawed if the men are
    to last more than a couple of seconds" (a part marked `burst` in the catalogue)."""
    problems = [
        Problem(
            "burst_weapon",
            "A-T4",
            field_of(index),
            f"{named(fitting)} has a burst effect: burst weapons are outlawed while roller "
            "skaters play.",
        )
        for index, fitting in enumerate(design.fittings)
        if settings.roller_skaters and fitting.component.burst
    ]
    return count_state("burst_weapons", "No burst weapons among roller skaters", problems), problems


def check_metal_armour(
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
            field_of(index),
            f"{named(fitting)} is metal; metal armour is banned.",
        )
        for index, fitting in enumerate(design.fittings)
        if fitting.component.armour_material is not None
        and fitting.component.armour_material.is_metal
    ]
    return count_state("metal_armour", "No metal armour", problems), problems
