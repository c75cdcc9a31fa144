"""A-T4, A-T5: the parts a design is made of, and the catalogue of those the seed names.

**Decided** (A-T5): the catalogue gives every part its kind and class. Weapons carry their
spaces, which A-T4's limits need: where the seed settles them (the machine gun, micromissile
launcher and light laser it recommends to one-space track cars; the goalkeeper's two-space
rocket launcher; the flamethrower and heavy-duty flamethrower it makes exceptions for, so more
than one and more than two spaces) and Car Wars' usual ones otherwise (heavy rocket and the
smoke and paint droppers one space, bumper spikes none).

A design's cost, weight and spaces are computed from the catalogue, never declared
(rules/arenaball/pricing.py), so the car itself is parts too: bodies (their spaces are the
room they give), chassis, power plants, suspensions, tyres and armour by the point. The
catalogue ships the figures the seed states and nothing else: the ramplate/airdam/
electromagnet set ($500, 100 lbs), the light laser's $3,000, and the totals of the seed's two
designs as published sheets (rules/arenaball/reference_designs.py). The rest are ``None`` for
the commissioner to enter (in the admin, or by importing a price list).
"""

from __future__ import annotations

from dataclasses import dataclass

from .vocabulary import ArmourMaterial, ComponentKind, Side, WeaponClass

__all__ = [
    "ARMOUR",
    "BALL_GEAR",
    "BUMPER_SPIKES",
    "COMPONENT_ARMOUR",
    "FIREPROOF_COMPONENT_ARMOUR",
    "FIRE_EXTINGUISHER",
    "FLAMETHROWER",
    "HAND_WEAPON_MAX_WEIGHT",
    "HEAVY_DUTY_BRAKES",
    "HEAVY_DUTY_FLAMETHROWER",
    "HEAVY_ROCKET",
    "HULL",
    "IMPROVED_FIRE_EXTINGUISHER",
    "LIGHT_LASER",
    "MACHINE_GUN",
    "MICROMISSILE_LAUNCHER",
    "PAINT_DROPPER",
    "PARTS",
    "ROCKET_LAUNCHER",
    "ROLL_CAGE",
    "SAFETY_SEAT",
    "SINGLE_WEAPON_COMPUTER",
    "SMOKE_DROPPER",
    "SPOILER",
    "TARGETING_LASER",
    "Component",
    "SheetContents",
]

#: A-T4: hand weapons may weigh at most this many lbs.
HAND_WEAPON_MAX_WEIGHT = 10


@dataclass(frozen=True, slots=True)
class SheetContents:
    """What a published sheet's figures cover besides its body, chassis, power plant,
    suspension and tyres: its parts (key and how many) and its armour by side (points and
    material)."""

    parts: tuple[tuple[str, int], ...] = ()
    armour: tuple[tuple[Side, int, ArmourMaterial], ...] = ()


@dataclass(frozen=True, slots=True)
class Component:
    """A catalogue part (A-T4, A-T5): `key` is stable (the admin's and the API's handle);
    `spaces`, `weight` (lbs) and `cost` ($) are ``None`` where no source gives them (armour's
    are for one point; a body's spaces are the room it gives). `offensive` matters for
    dropped weapons only (smoke and paint are not); `armour_material` for armour;
    `includes` for a published sheet; `burst` marks a weapon with a burst effect, which
    the roller-skater variant outlaws."""

    key: str
    name: str
    kind: ComponentKind
    spaces: int | None = None
    weight: int | None = None
    cost: int | None = None
    weapon_class: WeaponClass | None = None
    armour_material: ArmourMaterial | None = None
    offensive: bool = True
    includes: SheetContents | None = None
    burst: bool = False


def _weapon(key: str, name: str, spaces: int, weapon_class: WeaponClass) -> Component:
    return Component(key, name, ComponentKind.WEAPON, spaces=spaces, weapon_class=weapon_class)


def _dropper(key: str, name: str, weapon_class: WeaponClass) -> Component:
    # A-T4: smoke and paint are the non-offensive dropped weapons the seed allows.
    return Component(
        key,
        name,
        ComponentKind.DROPPED_WEAPON,
        spaces=1,
        weapon_class=weapon_class,
        offensive=False,
    )


def _equipment(key: str, name: str) -> Component:
    return Component(key, name, ComponentKind.EQUIPMENT)


# --- weapons (A-T4) -----------------------------------------------------------------------------

#: A-T4: more than one space, yet allowed on track cars.
FLAMETHROWER = _weapon("flamethrower", "Flamethrower", 2, WeaponClass.FLAME)
#: A-T4: more than two spaces, yet allowed on the goalkeeper.
HEAVY_DUTY_FLAMETHROWER = _weapon(
    "heavy_duty_flamethrower", "Heavy-duty flamethrower", 3, WeaponClass.FLAME
)
ROCKET_LAUNCHER = _weapon("rocket_launcher", "Rocket launcher", 2, WeaponClass.ROCKET)
HEAVY_ROCKET = _weapon("heavy_rocket", "Heavy rocket", 1, WeaponClass.ROCKET)
MACHINE_GUN = _weapon("machine_gun", "Machine gun", 1, WeaponClass.GUN)
MICROMISSILE_LAUNCHER = _weapon(
    "micromissile_launcher", "Micromissile launcher", 1, WeaponClass.ROCKET
)
#: The seed: "a light laser is worthwhile if you have $3,000 to spare".
LIGHT_LASER = Component(
    "light_laser",
    "Light laser",
    ComponentKind.WEAPON,
    spaces=1,
    cost=3_000,
    weapon_class=WeaponClass.LASER,
)
BUMPER_SPIKES = _weapon("bumper_spikes", "Bumper spikes", 0, WeaponClass.RAM)
SMOKE_DROPPER = _dropper("smoke_dropper", "Smoke dropper", WeaponClass.SMOKE)
PAINT_DROPPER = _dropper("paint_dropper", "Paint dropper", WeaponClass.PAINT)
TARGETING_LASER = Component(
    "targeting_laser", "Targeting laser", ComponentKind.TARGETING, weapon_class=WeaponClass.LASER
)

# --- special equipment --------------------------------------------------------------------------

#: A-T3: every design carries it; $500 and 100 lbs including the skirts (the seed's figures).
BALL_GEAR = Component(
    "ramplate_airdam_electromagnet",
    "Ramplate, airdam and electromagnet",
    ComponentKind.BALL_GEAR,
    weight=100,
    cost=500,
)
SPOILER = _equipment("spoiler", "Spoiler")
FIRE_EXTINGUISHER = _equipment("fire_extinguisher", "Fire extinguisher")
IMPROVED_FIRE_EXTINGUISHER = _equipment("improved_fire_extinguisher", "Improved fire extinguisher")
ROLL_CAGE = _equipment("roll_cage", "Roll cage")
SAFETY_SEAT = _equipment("safety_seat", "Safety seat")
HEAVY_DUTY_BRAKES = _equipment("heavy_duty_brakes", "Heavy-duty brakes")
SINGLE_WEAPON_COMPUTER = _equipment("single_weapon_computer", "Single weapon computer")
COMPONENT_ARMOUR = Component(
    "component_armour",
    "Component armour",
    ComponentKind.COMPONENT_ARMOUR,
    armour_material=ArmourMaterial.PLASTIC,
)
FIREPROOF_COMPONENT_ARMOUR = Component(
    "fireproof_component_armour",
    "Fireproof component armour",
    ComponentKind.COMPONENT_ARMOUR,
    armour_material=ArmourMaterial.FIREPROOF,
)

# --- the car itself (A-T5): the bodies, chassis, power plants, suspensions and tyres the
# seed's cars are built from, and armour by material, each without a figure ---------------


def _car_part(kind: ComponentKind, key: str, name: str) -> Component:
    return Component(key, name, kind)


HULL = (
    _car_part(ComponentKind.BODY, "mid_sized_body", "Mid-sized body"),
    _car_part(ComponentKind.BODY, "luxury_body", "Luxury body"),
    _car_part(ComponentKind.BODY, "van_body", "Van body"),
    _car_part(ComponentKind.BODY, "light_trike_body", "Light trike body"),
    _car_part(ComponentKind.CHASSIS, "standard_chassis", "Standard chassis"),
    _car_part(ComponentKind.CHASSIS, "extra_heavy_chassis", "Extra-heavy chassis"),
    _car_part(ComponentKind.POWER_PLANT, "engine_200_cid", "200 cid engine"),
    _car_part(ComponentKind.POWER_PLANT, "engine_300_cid", "300 cid engine"),
    _car_part(ComponentKind.POWER_PLANT, "small_power_plant", "Small power plant"),
    _car_part(ComponentKind.POWER_PLANT, "large_power_plant", "Large power plant"),
    _car_part(ComponentKind.EQUIPMENT, "turbocharger", "Turbocharger"),
    _car_part(ComponentKind.EQUIPMENT, "superconductors", "Superconductors"),
    _car_part(ComponentKind.EQUIPMENT, "dueling_tank", "Dueling tank (1 gallon)"),
    _car_part(ComponentKind.SUSPENSION, "light_suspension", "Light suspension"),
    _car_part(ComponentKind.SUSPENSION, "heavy_suspension", "Heavy suspension"),
    _car_part(ComponentKind.TYRE, "pr_tyre", "PR tyre"),
    _car_part(ComponentKind.TYRE, "hd_tyre", "HD tyre"),
)


def _armour(material: ArmourMaterial, name: str) -> Component:
    return Component(f"armour_{material}", name, ComponentKind.ARMOUR, armour_material=material)


#: A-T4, A-T5: a design's armour is priced by the point, by the part of its material's key.
ARMOUR = {
    material: _armour(material, name)
    for material, name in (
        (ArmourMaterial.PLASTIC, "Plastic armour (a point)"),
        (ArmourMaterial.FIREPROOF, "Fireproof armour (a point)"),
        (ArmourMaterial.LASER_REFLECTIVE, "Laser-reflective armour (a point)"),
        (ArmourMaterial.METAL, "Metal armour (a point)"),
    )
}

#: A-T5: every part the seed's Track Car and Goalkeeper name (and the reference lists), and
#: the car's own parts; the seed's published sheets join them in rules/arenaball/shipped.py.
PARTS: tuple[Component, ...] = (
    *HULL,
    *ARMOUR.values(),
    FLAMETHROWER,
    HEAVY_DUTY_FLAMETHROWER,
    ROCKET_LAUNCHER,
    HEAVY_ROCKET,
    MACHINE_GUN,
    MICROMISSILE_LAUNCHER,
    LIGHT_LASER,
    BUMPER_SPIKES,
    SMOKE_DROPPER,
    PAINT_DROPPER,
    TARGETING_LASER,
    BALL_GEAR,
    SPOILER,
    FIRE_EXTINGUISHER,
    IMPROVED_FIRE_EXTINGUISHER,
    ROLL_CAGE,
    SAFETY_SEAT,
    HEAVY_DUTY_BRAKES,
    SINGLE_WEAPON_COMPUTER,
    COMPONENT_ARMOUR,
    FIREPROOF_COMPONENT_ARMOUR,
)
