"""Arenaball's words: cars, seats, sides, parts, plates, kills and casualties (A-T1 … A-G3)."""

from __future__ import annotations

from enum import StrEnum

__all__ = [
    "CAR_SLOTS",
    "GOALKEEPER_SLOT",
    "HULL_KINDS",
    "PITS_CARS",
    "ROSTER_SIZE",
    "TRACK_SLOTS",
    "ArmourMaterial",
    "Ball",
    "CarRole",
    "ComponentKind",
    "CrewState",
    "KillHow",
    "LeftBecause",
    "Mounting",
    "Plate",
    "Seat",
    "Side",
    "WeaponClass",
]

#: A-T1: the five copies of the track car are numbered 1 to 5, the goalkeeper car is GK.
TRACK_SLOTS = ("1", "2", "3", "4", "5")
GOALKEEPER_SLOT = "GK"
#: A team's six cars in their order.
CAR_SLOTS = (*TRACK_SLOTS, GOALKEEPER_SLOT)
#: A-G4: two track cars start each game in the pits.
PITS_CARS = 2
#: A-T2 (decided): a roster holds up to 12 characters.
ROSTER_SIZE = 12


class CarRole(StrEnum):
    """A-T1: a team designs one track car and one goalkeeper car."""

    TRACK = "track"
    GOALKEEPER = "goalkeeper"

    @property
    def label(self) -> str:
        return "Track car" if self is CarRole.TRACK else "Goalkeeper"


class Seat(StrEnum):
    """A-T2: every car has a driver; a design may seat a gunner. A ped on roller skates (the
    seed's variant) is in no car: his hand weapons are his gunnery (decided)."""

    DRIVER = "driver"
    GUNNER = "gunner"
    PED = "ped"


class Side(StrEnum):
    """A-T4: the sides a design sheet gives armour for."""

    FRONT = "front"
    BACK = "back"
    LEFT = "left"
    RIGHT = "right"
    TOP = "top"
    UNDER = "under"


class Mounting(StrEnum):
    """Where a part sits: a side, a turret, inside the body, or carried by a character."""

    FRONT = "front"
    BACK = "back"
    LEFT = "left"
    RIGHT = "right"
    TOP = "top"
    UNDER = "under"
    TURRET = "turret"
    BODY = "body"
    CARRIED = "carried"


class ComponentKind(StrEnum):
    """A-T4, A-T5: what a catalogue part is, which decides the limits it answers to and the
    figures a design needs of it (:attr:`figures`)."""

    WEAPON = "weapon"  # a vehicular weapon mounted on the car
    DROPPED_WEAPON = "dropped_weapon"
    HAND_WEAPON = "hand_weapon"
    GRENADE = "grenade"
    TARGETING = "targeting"  # a targeting laser: no damage, may be linked to rockets
    BALL_GEAR = "ball_gear"  # A-T3: the ramplate/airdam/electromagnet set
    COMPONENT_ARMOUR = "component_armour"
    EQUIPMENT = "equipment"
    # The car itself, which a design built from parts takes from the catalogue too.
    BODY = "body"  # its spaces are the room it gives
    CHASSIS = "chassis"
    POWER_PLANT = "power_plant"
    SUSPENSION = "suspension"
    TYRE = "tyre"
    ARMOUR = "armour"  # cost and weight of one point, by its material
    SHEET = "published_sheet"  # a published design whole: its figures cover what it lists

    @property
    def is_vehicular_weapon(self) -> bool:
        """The weapons A-T4's space limits count (hand weapons and grenades have their own)."""
        return self in (ComponentKind.WEAPON, ComponentKind.DROPPED_WEAPON)

    @property
    def figures(self) -> tuple[str, ...]:
        """**Decided** (A-T5): the figures a design needs of a part of this kind: every
        part its cost and weight; those that take room in the body their spaces too (a
        body's spaces are the room it gives); a published sheet's spaces, its spare room,
        only when a design adds to it."""
        if self in _UNSIZED:
            return ("cost", "weight")
        return ("cost", "weight", "spaces")

    @property
    def takes_room(self) -> bool:
        """Whether a part of this kind fills the body's spaces."""
        return self not in _UNSIZED and self is not ComponentKind.BODY


#: Kinds that take no room in the body: the car's frame, its running gear and armour, what
#: the crew carry, and a published sheet (its spaces are its spare room).
_UNSIZED = frozenset(
    {
        ComponentKind.CHASSIS,
        ComponentKind.SUSPENSION,
        ComponentKind.TYRE,
        ComponentKind.ARMOUR,
        ComponentKind.COMPONENT_ARMOUR,
        ComponentKind.HAND_WEAPON,
        ComponentKind.GRENADE,
        ComponentKind.SHEET,
    }
)

#: A design built from parts has one of each of these (tyres any number); a design on a
#: published sheet has none (the sheet is its car).
HULL_KINDS = (
    ComponentKind.BODY,
    ComponentKind.CHASSIS,
    ComponentKind.POWER_PLANT,
    ComponentKind.SUSPENSION,
    ComponentKind.TYRE,
)


class WeaponClass(StrEnum):
    """A weapon's family (A-T4's link exception names rockets)."""

    GUN = "gun"
    ROCKET = "rocket"
    LASER = "laser"
    FLAME = "flame"
    SMOKE = "smoke"
    PAINT = "paint"
    RAM = "ram"  # bumper spikes and the like
    OTHER = "other"


class ArmourMaterial(StrEnum):
    """A-T4: armour by material; metal is banned."""

    PLASTIC = "plastic"
    FIREPROOF = "fireproof"
    LASER_REFLECTIVE = "laser_reflective"
    METAL = "metal"

    @property
    def is_metal(self) -> bool:
        return self is ArmourMaterial.METAL


class Plate(StrEnum):
    """A-G1: the goal plate the ball hit."""

    CENTRE = "centre"
    OUTER = "outer"

    @property
    def points(self) -> int:
        """A-G1: the centre plate scores 3, an outer plate 1."""
        return 3 if self is Plate.CENTRE else 1


class Ball(StrEnum):
    """A-G1, A-G5: the ball a goal was scored with: the steel ball a car carries on its
    electromagnet, or (the seed's roller-skater variant) the peds' 3-inch aluminium ball,
    thrown or rolled in; a goal with it "counts as much as a standard goal"."""

    STEEL = "steel"
    ALUMINIUM = "aluminium"


class KillHow(StrEnum):
    """A-G2: how a car was killed; A-P1 credits ram to Driver, weapon to Gunner."""

    WEAPON = "weapon"
    RAM = "ram"

    @property
    def skill(self) -> Seat:
        return Seat.DRIVER if self is KillHow.RAM else Seat.GUNNER


class CrewState(StrEnum):
    """A-G3: how a driver or gunner ends the game."""

    UNHURT = "unhurt"
    STUNNED = "stunned"
    INJURED = "injured"
    UNCONSCIOUS = "unconscious"
    DEAD = "dead"


class LeftBecause(StrEnum):
    """A-G4: why a car left the track, which is what lets a substitute on."""

    KILLED = "killed"
    DRIVEN_OFF = "driven_off"
