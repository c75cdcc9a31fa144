"""A-T4, A-T5: the parts a design is made of, and the catalogue of those the seed names.

**Decided** (A-T5): the catalogue gives every part its kind and class. Weapons carry their
spaces, which A-T4's limits need: where the seed settles them (the machine gun, micromissile
launcher and light laser it recommends to one-space track cars; the goalkeeper's two-space
rocket launcher; the flamethrower and heavy-duty flamethrower it makes exceptions for, so more
than one and more than two spaces) and Car Wars' usual ones otherwise (heavy rocket and the
smoke and paint droppers one space, bumper spikes none). Equipment spaces, costs and weights
come only from a published Car Wars table named in the project's docs; none is named yet, so
the only figures are the seed's own ($500 and 100 lbs for the ramplate/airdam/electromagnet
set) and the rest are ``None``, for the commissioner to enter in the admin.
"""

from __future__ import annotations

from dataclasses import dataclass

from .vocabulary import ArmourMaterial, ComponentKind, WeaponClass

__all__ = [
    "BALL_GEAR",
    "BUMPER_SPIKES",
    "CATALOGUE",
    "COMPONENT_ARMOUR",
    "FIREPROOF_COMPONENT_ARMOUR",
    "FIRE_EXTINGUISHER",
    "FLAMETHROWER",
    "HAND_WEAPON_MAX_WEIGHT",
    "HEAVY_DUTY_BRAKES",
    "HEAVY_DUTY_FLAMETHROWER",
    "HEAVY_ROCKET",
    "IMPROVED_FIRE_EXTINGUISHER",
    "LIGHT_LASER",
    "MACHINE_GUN",
    "MICROMISSILE_LAUNCHER",
    "PAINT_DROPPER",
    "ROCKET_LAUNCHER",
    "ROLL_CAGE",
    "SAFETY_SEAT",
    "SINGLE_WEAPON_COMPUTER",
    "SMOKE_DROPPER",
    "SPOILER",
    "TARGETING_LASER",
    "Component",
    "catalogue_get",
]

#: A-T4: hand weapons may weigh at most this many lbs.
HAND_WEAPON_MAX_WEIGHT = 10


@dataclass(frozen=True, slots=True)
class Component:
    """A catalogue part (A-T4): `key` is stable (the admin's and the API's handle); `spaces`,
    `weight` (lbs) and `cost` ($) are ``None`` where no source gives them. `offensive` matters
    for dropped weapons only (smoke and paint are not); `armour_material` for component
    armour only."""

    key: str
    name: str
    kind: ComponentKind
    spaces: int | None = None
    weight: int | None = None
    cost: int | None = None
    weapon_class: WeaponClass | None = None
    armour_material: ArmourMaterial | None = None
    offensive: bool = True


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
LIGHT_LASER = _weapon("light_laser", "Light laser", 1, WeaponClass.LASER)
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

#: A-T5: every part the seed's Track Car and Goalkeeper name (and the reference lists), by key.
CATALOGUE: dict[str, Component] = {
    part.key: part
    for part in (
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
}


def catalogue_get(key: str) -> Component:
    """The shipped part with `key`; KeyError names the known keys."""
    try:
        return CATALOGUE[key]
    except KeyError:
        raise KeyError(f"No part {key!r} in the catalogue ({', '.join(CATALOGUE)}).") from None
