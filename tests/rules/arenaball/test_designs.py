"""A-T2 to A-T5: the catalogue, the seed's designs and the design validator."""

from __future__ import annotations

import subprocess
import sys
from dataclasses import replace

import pytest
from hypothesis import given
from hypothesis import strategies as st

from rules.arenaball import (
    CATALOGUE,
    GOALKEEPER,
    TRACK_CAR,
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


def with_fittings(design: Design, *fittings: Fitting) -> Design:
    return replace(design, fittings=design.fittings + fittings)


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
    """Only the seed's own figures ship: $500 and 100 lbs for the ball gear."""
    priced = {key: (part.cost, part.weight) for key, part in CATALOGUE.items() if part.cost}
    assert priced == {"ramplate_airdam_electromagnet": (500, 100)}
    assert all(part.weight is None for key, part in CATALOGUE.items() if key not in priced)


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


def test_a_t5_the_seeds_track_car_passes() -> None:
    check = check_design(TRACK_CAR)
    assert check.ok, check.problems
    assert TRACK_CAR.role is CarRole.TRACK
    assert (TRACK_CAR.cost, TRACK_CAR.weight, TRACK_CAR.body) == (20_000, 5_671, "Mid-sized")
    assert TRACK_CAR.armour_on(Side.FRONT) == Armour(Side.FRONT, 60)
    assert check.totals.parts_cost == 500
    assert check.totals.parts_weight == 100
    assert all(limit.ok for limit in check.limits)


def test_a_t5_the_seeds_goalkeeper_passes() -> None:
    check = check_design(GOALKEEPER)
    assert check.ok, check.problems
    assert GOALKEEPER.crew == (Seat.DRIVER, Seat.GUNNER)
    assert GOALKEEPER.gunners == 1
    assert (GOALKEEPER.cost, GOALKEEPER.weight, GOALKEEPER.body) == (19_170, 6_600, "Luxury")
    assert [f.component for f in GOALKEEPER.fittings].count(ROCKET_LAUNCHER) == 2


# --- A-T3: budget and ball gear -----------------------------------------------------------------


def test_a_t3_a_design_over_the_budget_fails_with_the_figures() -> None:
    check = check_design(replace(TRACK_CAR, cost=20_001))
    [problem] = check.problems
    assert (problem.code, problem.rule, problem.field) == ("over_budget", "A-T3", "cost")
    assert "$1 over the $20,000 budget" in problem.message
    budget = next(limit for limit in check.limits if limit.code == "budget")
    assert (budget.ok, budget.value, budget.limit) == (False, 20_001, 20_000)
    assert budget.figures == "$20,001 of $20,000"


def test_a_t3_budget_is_a_setting() -> None:
    settings = ArenaballSettings(budget=19_000)
    assert check_design(GOALKEEPER, settings).codes() == {"over_budget"}
    assert check_design(replace(GOALKEEPER, cost=25_000), ArenaballSettings(budget=25_000)).ok


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


@given(cost=st.integers(min_value=0, max_value=100_000), budget=st.integers(1_000, 60_000))
def test_a_t3_property_the_validator_never_accepts_a_design_over_budget(
    cost: int, budget: int
) -> None:
    check = check_design(replace(TRACK_CAR, cost=max(cost, 500)), ArenaballSettings(budget=budget))
    assert ("over_budget" in check.codes()) == (max(cost, 500) > budget)
    if max(cost, 500) > budget:
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
    mystery = Component("mystery", "Mystery gun", ComponentKind.WEAPON)
    assert check_design(with_fittings(TRACK_CAR, Fitting("x", mystery))).codes() == {
        "weapon_spaces_unknown"
    }


def test_a_t4_hand_weapons_weigh_ten_lbs_at_most() -> None:
    assert check_design(with_fittings(TRACK_CAR, Fitting("p", PISTOL, Mounting.CARRIED))).ok
    check = check_design(with_fittings(TRACK_CAR, Fitting("bz", BAZOOKA, Mounting.CARRIED)))
    [problem] = check.problems
    assert (problem.code, problem.rule) == ("hand_weapon_too_heavy", "A-T4")
    assert "15 lbs" in problem.message
    unweighed = Component("rifle", "Rifle", ComponentKind.HAND_WEAPON)
    assert check_design(with_fittings(TRACK_CAR, Fitting("r", unweighed))).codes() == {
        "hand_weapon_weight_unknown"
    }


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
    assert (problem.code, problem.rule, problem.field) == ("link_forbidden", "A-T4", "fittings.9")
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
    [problem] = check_design(metal_front).problems
    assert (problem.code, problem.field) == ("metal_armour", "armour.0")
    assert check_design(with_fittings(TRACK_CAR, Fitting("mca", METAL_CA))).codes() == {
        "metal_armour"
    }


def test_a_t4_listed_parts_fit_within_the_declared_totals() -> None:
    """Decided: the parts' known cost and weight are a check on the sheet's totals."""
    heavy = Component("armour_kit", "Kit", ComponentKind.EQUIPMENT, weight=6_000, cost=30_000)
    check = check_design(with_fittings(TRACK_CAR, Fitting("kit", heavy)))
    assert check.codes() == {"parts_cost_over_total", "parts_weight_over_total"}
    assert check.totals.parts_cost == 30_500
    assert check.totals.parts_weight == 6_100


def test_a_t4_parts_fit_the_bodys_spaces_when_given() -> None:
    assert check_design(replace(TRACK_CAR, spaces=2)).ok
    check = check_design(replace(TRACK_CAR, spaces=1))
    assert check.codes() == {"spaces_over_body"}
    state = next(limit for limit in check.limits if limit.code == "spaces")
    assert state.figures == "2 of 1 space(s)"


def test_a_t4_the_sheet_must_be_well_formed() -> None:
    design = replace(
        TRACK_CAR,
        weight=-1,
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
        TRACK_CAR,
        cost=25_000,
        spaces=1,
        crew=(Seat.GUNNER,),
        armour=(Armour(Side.FRONT, 60, ArmourMaterial.METAL),),
        fittings=(
            Fitting("rl", ROCKET_LAUNCHER, links=("mg",)),
            Fitting("mg", MACHINE_GUN),
            Fitting("bz", BAZOOKA, Mounting.CARRIED),
            Fitting("m", MINES),
            Fitting("g", GRENADE),
        ),
    )
    check = check_design(worst)
    assert check.codes() == {
        "driver_count",
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


@given(
    parts=st.lists(_PARTS, max_size=8),
    role=st.sampled_from(CarRole),
    cost=st.integers(0, 40_000),
)
def test_a_t4_property_a_design_passes_only_when_every_limit_holds(
    parts: list[Component], role: CarRole, cost: int
) -> None:
    design = Design(
        "Any",
        role,
        cost=cost,
        weight=7_000,
        fittings=tuple(Fitting(f"p{i}", part) for i, part in enumerate(parts)),
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
