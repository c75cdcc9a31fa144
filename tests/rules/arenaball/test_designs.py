"""A-T2 to A-T5: the catalogue, the seed's designs and the design validator."""

from __future__ import annotations

import subprocess
import sys
from dataclasses import replace

import pytest
from hypothesis import given
from hypothesis import strategies as st

from rules.arenaball import (
    ARMOUR,
    CATALOGUE,
    GOALKEEPER,
    GOALKEEPER_SHEET,
    TRACK_CAR,
    TRACK_CAR_SHEET,
    ArenaballSettings,
    Armour,
    ArmourMaterial,
    CarRole,
    Component,
    ComponentKind,
    Design,
    Fitting,
    Mounting,
    Seat,
    Side,
    catalogue_get,
    check_design,
)

ROCKET_LAUNCHER = catalogue_get("rocket_launcher")
HEAVY_ROCKET = catalogue_get("heavy_rocket")
TARGETING_LASER = catalogue_get("targeting_laser")
MACHINE_GUN = catalogue_get("machine_gun")
FLAMETHROWER = catalogue_get("flamethrower")
HD_FLAMETHROWER = catalogue_get("heavy_duty_flamethrower")
BAZOOKA = Component("bazooka", "Bazooka", ComponentKind.HAND_WEAPON, weight=15)
PISTOL = Component("pistol", "Heavy pistol", ComponentKind.HAND_WEAPON, weight=4)
MINES = Component("mine_dropper", "Mine dropper", ComponentKind.DROPPED_WEAPON, spaces=1)
GRENADE = Component("grenade", "Grenade", ComponentKind.GRENADE, weight=1)
METAL_CA = Component(
    "metal_ca",
    "Metal component armour",
    ComponentKind.COMPONENT_ARMOUR,
    armour_material=ArmourMaterial.METAL,
)


def priced(part: Component, *, cost: int = 0, weight: int = 10, spaces: int = 1) -> Component:
    """`part` with every figure its kind needs, as a commissioner would enter them (the
    figures it has kept; free unless `cost` says, as the seed's Track Car is at its budget)."""
    return replace(
        part,
        cost=part.cost if part.cost is not None else cost,
        weight=part.weight if part.weight is not None else weight,
        spaces=part.spaces if part.spaces is not None else spaces,
    )


def roomy(design: Design, room: int = 6) -> Design:
    """`design` on its published sheet with `room` spare spaces entered for the sheet."""
    return replace(
        design,
        fittings=tuple(
            replace(f, component=replace(f.component, spaces=room))
            if f.component.kind is ComponentKind.SHEET
            else f
            for f in design.fittings
        ),
    )


def with_fittings(design: Design, *fittings: Fitting) -> Design:
    """`design` on a sheet with room to spare, and `fittings` priced, added."""
    added = tuple(replace(f, component=priced(f.component)) for f in fittings)
    return replace(roomy(design), fittings=roomy(design).fittings + added)


def test_rules_arenaball_imports_nothing_from_django() -> None:
    code = (
        "import sys, rules.arenaball\n"
        "bad = sorted(m for m in sys.modules if m == 'django' or m.startswith('django.'))\n"
        "assert not bad, bad\n"
    )
    proc = subprocess.run([sys.executable, "-c", code], capture_output=True, text=True, check=False)
    assert proc.returncode == 0, proc.stdout + proc.stderr


# --- A-T5: catalogue and reference designs ------------------------------------------------------


def test_a_t5_catalogue_ships_the_parts_the_reference_lists() -> None:
    for key in (
        "flamethrower",
        "heavy_duty_flamethrower",
        "rocket_launcher",
        "heavy_rocket",
        "machine_gun",
        "micromissile_launcher",
        "light_laser",
        "targeting_laser",
        "smoke_dropper",
        "paint_dropper",
        "ramplate_airdam_electromagnet",
        "spoiler",
        "fire_extinguisher",
        "roll_cage",
        "safety_seat",
    ):
        assert CATALOGUE[key].key == key


def test_a_t5_catalogue_invents_no_figures() -> None:
    """Only the seed's own figures ship: $500 and 100 lbs for the ball gear, the light
    laser's $3,000, and the seed's two designs' totals as published sheets."""
    figures = {
        key: (part.cost, part.weight)
        for key, part in CATALOGUE.items()
        if part.cost is not None or part.weight is not None
    }
    assert figures == {
        "ramplate_airdam_electromagnet": (500, 100),
        "light_laser": (3_000, None),
        "seed_track_car": (20_000, 5_671),
        "seed_goalkeeper": (19_170, 6_600),
    }
    for kind in ("body", "chassis", "power_plant", "suspension", "tyre", "armour"):
        assert any(part.kind == kind for part in CATALOGUE.values()), kind


def test_a_t5_a_sheet_covers_the_seeds_parts_and_armour() -> None:
    contents = TRACK_CAR_SHEET.includes
    assert contents is not None
    assert dict(contents.parts)["fireproof_component_armour"] == 3
    assert (Side.FRONT, 60, ArmourMaterial.PLASTIC) in contents.armour
    assert GOALKEEPER_SHEET.includes is not None
    assert dict(GOALKEEPER_SHEET.includes.parts)["rocket_launcher"] == 2


def test_a_t5_catalogue_sizes_match_the_seed() -> None:
    """One-space weapons the seed recommends to track cars; the goalkeeper's two-space RL;
    the flamethrowers larger than the limits they are exceptions to."""
    for key in ("machine_gun", "micromissile_launcher", "light_laser"):
        assert CATALOGUE[key].spaces == 1
    assert ROCKET_LAUNCHER.spaces == 2
    assert (FLAMETHROWER.spaces or 0) > 1
    assert (HD_FLAMETHROWER.spaces or 0) > 2
    assert not CATALOGUE["smoke_dropper"].offensive
    assert not CATALOGUE["paint_dropper"].offensive


def test_a_t5_catalogue_get_names_the_known_keys() -> None:
    with pytest.raises(KeyError, match="flamethrower"):
        catalogue_get("bazooka")


def test_a_t5_the_seeds_track_car_passes_at_its_published_totals() -> None:
    check = check_design(TRACK_CAR)
    assert check.ok, check.problems
    assert TRACK_CAR.role is CarRole.TRACK
    assert TRACK_CAR.body == "Mid-sized"
    assert TRACK_CAR.armour_on(Side.FRONT) == Armour(Side.FRONT, 60)
    assert (check.totals.cost, check.totals.weight, check.totals.spaces) == (20_000, 5_671, 0)
    assert len(check.totals.included) == len(TRACK_CAR.fittings) - 1
    assert all(limit.ok for limit in check.limits)


def test_a_t5_the_seeds_goalkeeper_passes() -> None:
    check = check_design(GOALKEEPER)
    assert check.ok, check.problems
    assert GOALKEEPER.crew == (Seat.DRIVER, Seat.GUNNER)
    assert GOALKEEPER.gunners == 1
    assert (check.totals.cost, check.totals.weight, GOALKEEPER.body) == (19_170, 6_600, "Luxury")
    assert [f.component for f in GOALKEEPER.fittings].count(ROCKET_LAUNCHER) == 2


# --- A-T5: totals computed from the catalogue -----------------------------------------------------


def test_a_t5_a_part_without_figures_is_refused_naming_it() -> None:
    """Issue #45: a design's totals are computed, so a part with no price cannot pass."""
    design = replace(
        roomy(TRACK_CAR), fittings=(*roomy(TRACK_CAR).fittings, Fitting("mg", MACHINE_GUN))
    )
    check = check_design(design)
    [problem] = check.problems
    assert (problem.code, problem.rule, problem.field) == ("part_unpriced", "A-T5", "fittings.10")
    assert problem.message == (
        "Machine gun has no price or weight in this league's catalogue: ask the commissioner."
    )
    unpriced_only = replace(MACHINE_GUN, weight=20)
    design = replace(design, fittings=(*design.fittings[:-1], Fitting("mg", unpriced_only)))
    assert check_design(design).problems[0].message == (
        "Machine gun has no price in this league's catalogue: ask the commissioner."
    )


def test_a_t5_the_issues_subcompact_is_refused_until_priced_then_by_its_limits() -> None:
    """Issue #45: 12 machine guns and 20 heavy rockets in a subcompact, declared at $19,000,
    passed. Now its own parts price it and its body's room holds it."""
    subcompact = Component("subcompact_body", "Subcompact body", ComponentKind.BODY)
    ball = CATALOGUE["ramplate_airdam_electromagnet"]
    hull = [Fitting("body", subcompact)] + [
        Fitting(kind, Component(kind, kind.replace("_", " ").capitalize(), ComponentKind(kind)))
        for kind in ("chassis", "power_plant", "suspension", "tyre")
    ]
    parts = [Fitting("mg", MACHINE_GUN, quantity=12), Fitting("hr", HEAVY_ROCKET, quantity=20)]
    design = Design("Glass Cannon", CarRole.TRACK, fittings=(*hull, Fitting("ball", ball), *parts))
    unpriced = check_design(design)
    assert "part_unpriced" in unpriced.codes()
    assert not unpriced.ok
    priced_design = replace(
        design,
        fittings=tuple(
            replace(
                f,
                component=priced(
                    f.component, cost=700, weight=100, spaces=7 if f.ref == "body" else 0
                ),
            )
            for f in design.fittings
        ),
    )
    checked = check_design(priced_design, armour={m: priced(a) for m, a in ARMOUR.items()})
    assert checked.codes() == {"over_budget", "spaces_over_body"}
    assert checked.totals.spaces == 32
    assert checked.totals.room == 7
    assert checked.totals.cost == 5 * 700 + 500 + 12 * 700 + 20 * 700


def test_a_t5_a_design_is_built_on_a_sheet_or_from_its_parts() -> None:
    bare = Design(
        "Shell",
        CarRole.TRACK,
        fittings=(Fitting("ball", CATALOGUE["ramplate_airdam_electromagnet"]),),
    )
    check = check_design(bare)
    assert "hull_incomplete" in check.codes()
    message = next(p.message for p in check.problems if p.code == "hull_incomplete")
    assert message.endswith("no body, chassis, power plant, suspension or tyres.")
    body = CATALOGUE["mid_sized_body"]
    doubled = with_fittings(TRACK_CAR, Fitting("body", body))
    assert "hull_with_sheet" in check_design(doubled).codes()
    two_sheets = replace(TRACK_CAR, fittings=(*TRACK_CAR.fittings, Fitting("gk", GOALKEEPER_SHEET)))
    assert "sheet_twice" in check_design(two_sheets).codes()


def test_a_t5_a_sheet_design_pays_for_what_it_adds_and_saves_nothing_for_what_it_drops() -> None:
    """Decided: extra parts and armour beyond the sheet's are priced; a part left out saves
    nothing (no source says what it would)."""
    armour = {m: replace(a, cost=10, weight=5) for m, a in ARMOUR.items()}
    thicker = replace(TRACK_CAR, armour=(Armour(Side.FRONT, 70), *TRACK_CAR.armour[1:]))
    check = check_design(thicker, ArenaballSettings(budget=21_000), armour=armour)
    assert check.ok, check.problems
    assert (check.totals.cost, check.totals.weight) == (20_100, 5_721)
    unpriced_armour = check_design(thicker)
    assert unpriced_armour.problems[0].message == (
        "Plastic armour (a point) has no price or weight in this league's catalogue: ask the "
        "commissioner."
    )
    stripped = replace(TRACK_CAR, fittings=TRACK_CAR.fittings[:3])
    assert check_design(stripped).totals.cost == 20_000
    extra_gun = replace(
        TRACK_CAR, fittings=(*TRACK_CAR.fittings, Fitting("mg", priced(MACHINE_GUN)))
    )
    assert check_design(extra_gun).problems[0].message == (
        "Track Car (the seed's sheet) has no spare spaces in this league's catalogue for the "
        "parts added to it: ask the commissioner."
    )


# --- A-T3: budget and ball gear -----------------------------------------------------------------


def test_a_t3_a_design_over_the_budget_fails_with_the_figures() -> None:
    check = check_design(with_fittings(TRACK_CAR, Fitting("ll", catalogue_get("light_laser"))))
    [problem] = check.problems
    assert (problem.code, problem.rule, problem.field) == ("over_budget", "A-T3", "cost")
    assert problem.message == "The design costs $23,000, $3,000 over the $20,000 budget."
    budget = next(limit for limit in check.limits if limit.code == "budget")
    assert (budget.ok, budget.value, budget.limit) == (False, 23_000, 20_000)
    assert budget.figures == "$23,000 of $20,000"


def test_a_t3_budget_is_a_setting() -> None:
    settings = ArenaballSettings(budget=19_000)
    assert check_design(GOALKEEPER, settings).codes() == {"over_budget"}
    assert check_design(TRACK_CAR, ArenaballSettings(budget=25_000)).ok


def test_a_t3_the_ball_gear_is_mandatory() -> None:
    bare = replace(
        TRACK_CAR,
        fittings=tuple(
            f for f in TRACK_CAR.fittings if f.component.kind is not ComponentKind.BALL_GEAR
        ),
    )
    check = check_design(bare)
    assert check.codes() == {"ball_gear_missing"}
    assert check.problems[0].rule == "A-T3"
    gear = next(limit for limit in check.limits if limit.code == "ball_gear")
    assert (gear.ok, gear.figures) == (False, "missing")


@given(extra=st.integers(min_value=0, max_value=80_000), budget=st.integers(1_000, 60_000))
def test_a_t3_property_the_validator_never_accepts_a_design_over_budget(
    extra: int, budget: int
) -> None:
    kit = Component("kit", "Kit", ComponentKind.EQUIPMENT, cost=extra, weight=1, spaces=0)
    check = check_design(
        with_fittings(TRACK_CAR, Fitting("kit", kit)), ArenaballSettings(budget=budget)
    )
    cost = 20_000 + extra
    assert check.totals.cost == cost
    assert ("over_budget" in check.codes()) == (cost > budget)
    if cost > budget:
        assert not check.ok


# --- A-T4: weapons and equipment limits ---------------------------------------------------------


def test_a_t4_track_cars_mount_one_space_weapons_only() -> None:
    design = with_fittings(TRACK_CAR, Fitting("rl", ROCKET_LAUNCHER, Mounting.FRONT))
    [problem] = check_design(design).problems
    assert (problem.code, problem.rule) == ("track_weapon_too_large", "A-T4")
    assert problem.field == f"fittings.{len(TRACK_CAR.fittings)}"
    assert "takes 2 spaces" in problem.message
    assert check_design(with_fittings(TRACK_CAR, Fitting("mg", MACHINE_GUN))).ok


def test_a_t4_the_standard_flamethrower_is_the_track_cars_exception() -> None:
    assert check_design(with_fittings(TRACK_CAR, Fitting("ft2", FLAMETHROWER))).ok
    design = with_fittings(TRACK_CAR, Fitting("hdft", HD_FLAMETHROWER))
    assert check_design(design).codes() == {"track_weapon_too_large"}


def test_a_t4_the_goalkeeper_mounts_two_space_weapons_and_the_hd_flamethrower() -> None:
    assert check_design(with_fittings(GOALKEEPER, Fitting("hdft", HD_FLAMETHROWER))).ok
    assert check_design(with_fittings(GOALKEEPER, Fitting("ft", FLAMETHROWER))).ok
    cannon = Component("cannon", "Anti-tank gun", ComponentKind.WEAPON, spaces=3)
    check = check_design(with_fittings(GOALKEEPER, Fitting("atg", cannon)))
    assert check.codes() == {"goalkeeper_weapon_too_large"}
    state = next(limit for limit in check.limits if limit.code == "weapon_spaces")
    assert (state.ok, state.limit) == (False, 2)


def test_a_t4_a_weapon_without_spaces_cannot_pass() -> None:
    mystery = Component("mystery", "Mystery gun", ComponentKind.WEAPON, cost=0, weight=1)
    design = replace(roomy(TRACK_CAR), fittings=(*roomy(TRACK_CAR).fittings, Fitting("x", mystery)))
    assert check_design(design).codes() == {"weapon_spaces_unknown", "part_unpriced"}


def test_a_t4_hand_weapons_weigh_ten_lbs_at_most() -> None:
    assert check_design(with_fittings(TRACK_CAR, Fitting("p", PISTOL, Mounting.CARRIED))).ok
    check = check_design(with_fittings(TRACK_CAR, Fitting("bz", BAZOOKA, Mounting.CARRIED)))
    [problem] = check.problems
    assert (problem.code, problem.rule) == ("hand_weapon_too_heavy", "A-T4")
    assert "15 lbs" in problem.message
    unweighed = Component("rifle", "Rifle", ComponentKind.HAND_WEAPON, cost=0)
    design = replace(TRACK_CAR, fittings=(*TRACK_CAR.fittings, Fitting("r", unweighed)))
    assert check_design(design).codes() == {"hand_weapon_weight_unknown", "part_unpriced"}


def test_a_t4_no_links_but_a_targeting_laser_to_rockets() -> None:
    allowed = with_fittings(
        TRACK_CAR,
        Fitting("tl", TARGETING_LASER, links=("hr1", "hr2")),
        Fitting("hr1", HEAVY_ROCKET),
        Fitting("hr2", HEAVY_ROCKET, links=("tl",)),
    )
    check = check_design(allowed)
    assert check.ok, check.problems
    state = next(limit for limit in check.limits if limit.code == "links")
    assert state.figures == "2 link(s), 0 not allowed"
    guns = with_fittings(
        TRACK_CAR, Fitting("mg1", MACHINE_GUN, links=("mg2",)), Fitting("mg2", MACHINE_GUN)
    )
    [problem] = check_design(guns).problems
    assert (problem.code, problem.rule, problem.field) == ("link_forbidden", "A-T4", "fittings.10")
    laser_to_gun = with_fittings(
        TRACK_CAR, Fitting("tl", TARGETING_LASER, links=("mg",)), Fitting("mg", MACHINE_GUN)
    )
    assert check_design(laser_to_gun).codes() == {"link_forbidden"}
    dangling = with_fittings(TRACK_CAR, Fitting("tl", TARGETING_LASER, links=("nothing",)))
    assert check_design(dangling).codes() == {"link_unknown"}


def test_a_t4_the_goalkeepers_weapons_are_never_linked() -> None:
    linked = replace(
        GOALKEEPER,
        fittings=tuple(
            replace(f, links=("rl-front",)) if f.ref == "rl-turret" else f
            for f in GOALKEEPER.fittings
        ),
    )
    assert check_design(linked).codes() == {"link_forbidden"}


def test_a_t4_no_offensive_dropped_weapons_but_smoke_and_paint() -> None:
    smoke = catalogue_get("smoke_dropper")
    paint = catalogue_get("paint_dropper")
    assert check_design(with_fittings(TRACK_CAR, Fitting("s", smoke), Fitting("p", paint))).ok
    [problem] = check_design(with_fittings(TRACK_CAR, Fitting("m", MINES))).problems
    assert (problem.code, problem.rule) == ("offensive_dropped_weapon", "A-T4")


def test_a_t4_no_grenades() -> None:
    [problem] = check_design(with_fittings(TRACK_CAR, Fitting("g", GRENADE))).problems
    assert (problem.code, problem.rule) == ("grenade", "A-T4")


def test_a_t4_no_metal_armour_on_a_side_or_a_component() -> None:
    metal_front = replace(
        TRACK_CAR,
        armour=(Armour(Side.FRONT, 60, ArmourMaterial.METAL), *TRACK_CAR.armour[1:]),
    )
    problems = {p.code: p for p in check_design(metal_front).problems}
    assert set(problems) == {"metal_armour", "part_unpriced"}  # metal is not the sheet's
    assert problems["metal_armour"].field == "armour.0"
    assert check_design(with_fittings(TRACK_CAR, Fitting("mca", METAL_CA))).codes() == {
        "metal_armour"
    }


def test_a_t4_parts_fit_the_bodys_spaces() -> None:
    gun = Fitting("mg", MACHINE_GUN, quantity=2)
    assert check_design(with_fittings(roomy(TRACK_CAR, room=2), gun)).ok
    check = check_design(
        replace(
            with_fittings(TRACK_CAR, gun),
            fittings=roomy(with_fittings(TRACK_CAR, gun), room=1).fittings,
        )
    )
    assert check.codes() == {"spaces_over_body"}
    state = next(limit for limit in check.limits if limit.code == "spaces")
    assert state.figures == "2 of 1 space(s)"


def test_a_t4_the_sheet_must_be_well_formed() -> None:
    design = replace(
        TRACK_CAR,
        armour=(*TRACK_CAR.armour, Armour(Side.FRONT, -5)),
        fittings=(*TRACK_CAR.fittings, Fitting("ft", MACHINE_GUN, quantity=0)),
    )
    codes = [problem.code for problem in check_design(design).problems]
    for code in ("negative", "armour_side_repeated", "ref_repeated", "quantity_invalid"):
        assert code in codes


def test_a_t2_a_design_seats_exactly_one_driver() -> None:
    check = check_design(replace(GOALKEEPER, crew=(Seat.GUNNER, Seat.GUNNER)))
    [problem] = check.problems
    assert (problem.code, problem.rule, problem.field) == ("driver_count", "A-T2", "crew")


def test_a_t4_every_broken_limit_is_named_in_one_answer() -> None:
    """The worst design: every limit broken at once, each problem with code, rule, field."""
    worst = replace(
        roomy(TRACK_CAR, room=1),
        crew=(Seat.GUNNER,),
        armour=(Armour(Side.FRONT, 60, ArmourMaterial.METAL),),
        fittings=(
            *roomy(TRACK_CAR, room=1).fittings[:1],
            Fitting("rl", priced(ROCKET_LAUNCHER, cost=30_000), links=("mg",)),
            Fitting("mg", MACHINE_GUN),
            Fitting("bz", priced(BAZOOKA), Mounting.CARRIED),
            Fitting("m", priced(MINES)),
            Fitting("g", priced(GRENADE)),
            Fitting("body", priced(CATALOGUE["mid_sized_body"])),
        ),
    )
    check = check_design(worst)
    assert check.codes() == {
        "driver_count",
        "hull_with_sheet",
        "part_unpriced",
        "over_budget",
        "ball_gear_missing",
        "spaces_over_body",
        "track_weapon_too_large",
        "hand_weapon_too_heavy",
        "link_forbidden",
        "offensive_dropped_weapon",
        "grenade",
        "metal_armour",
    }
    broken = {limit.code for limit in check.limits if not limit.ok}
    assert broken == {
        "crew",
        "hull",
        "priced",
        "budget",
        "ball_gear",
        "spaces",
        "weapon_spaces",
        "hand_weapons",
        "links",
        "dropped_weapons",
        "grenades",
        "metal_armour",
    }
    assert all(p.rule.startswith("A-T") and p.message for p in check.problems)


_PARTS = st.sampled_from([*CATALOGUE.values(), BAZOOKA, PISTOL, MINES, GRENADE, METAL_CA])


@given(parts=st.lists(_PARTS, max_size=8), role=st.sampled_from(CarRole))
def test_a_t4_property_a_design_passes_only_when_every_limit_holds(
    parts: list[Component], role: CarRole
) -> None:
    design = Design(
        "Any", role, fittings=tuple(Fitting(f"p{i}", part) for i, part in enumerate(parts))
    )
    check = check_design(design)
    assert check.ok == all(limit.ok for limit in check.limits)
    assert check.ok == (not check.problems)
    kinds = {part.kind for part in parts}
    if ComponentKind.GRENADE in kinds or ComponentKind.BALL_GEAR not in kinds:
        assert not check.ok
    if role is CarRole.TRACK and ROCKET_LAUNCHER in parts:
        assert "track_weapon_too_large" in check.codes()
    if role is CarRole.GOALKEEPER and all((p.spaces or 0) <= 2 for p in parts):
        assert "goalkeeper_weapon_too_large" not in check.codes()
