"""A-T5: the seed's Track Car and Goalkeeper, the demo designs and the validator's worked
examples (its design lines, word for word where the sheet's fields allow)."""

from __future__ import annotations

from .catalogue import (
    BALL_GEAR,
    BUMPER_SPIKES,
    COMPONENT_ARMOUR,
    FIREPROOF_COMPONENT_ARMOUR,
    FLAMETHROWER,
    HEAVY_DUTY_BRAKES,
    IMPROVED_FIRE_EXTINGUISHER,
    ROCKET_LAUNCHER,
    ROLL_CAGE,
    SAFETY_SEAT,
    SINGLE_WEAPON_COMPUTER,
    SPOILER,
)
from .designs import Armour, Design, Fitting
from .vocabulary import CarRole, Mounting, Seat, Side

__all__ = ["GOALKEEPER", "TRACK_CAR"]


def _armour(**points: int) -> tuple[Armour, ...]:
    return tuple(Armour(Side(side), value) for side, value in points.items())


TRACK_CAR = Design(
    name="Track Car",
    role=CarRole.TRACK,
    cost=20_000,
    weight=5_671,
    body="Mid-sized",
    chassis="Extra-heavy",
    power_plant="200 cid engine, turbocharger, 1 gallon dueling tank",
    suspension="Heavy",
    tyres="4 PR",
    crew=(Seat.DRIVER,),
    armour=_armour(front=60, right=40, left=40, back=50, top=0, under=0),
    fittings=(
        Fitting("ball", BALL_GEAR, Mounting.FRONT),
        Fitting("ft", FLAMETHROWER, Mounting.RIGHT),
        Fitting("spoiler", SPOILER, Mounting.BACK),
        Fitting("ife", IMPROVED_FIRE_EXTINGUISHER, Mounting.BODY),
        Fitting("spikes", BUMPER_SPIKES, Mounting.BACK),
        Fitting("brakes", HEAVY_DUTY_BRAKES, Mounting.BODY),
        Fitting("cage", ROLL_CAGE, Mounting.BODY),
        Fitting("seat", SAFETY_SEAT, Mounting.BODY),
        Fitting(
            "fpca",
            FIREPROOF_COMPONENT_ARMOUR,
            Mounting.BODY,
            quantity=3,
            protects=("10 points around each of driver, plant, flamethrower"),
        ),
    ),
    performance="Accel 10/15 w/turbo, top speed 85, HC 3",
)

GOALKEEPER = Design(
    name="Goalkeeper",
    role=CarRole.GOALKEEPER,
    cost=19_170,
    weight=6_600,
    body="Luxury",
    chassis="Extra-heavy",
    power_plant="Large power plant with superconductors",
    suspension="Light",
    tyres="4 HD",
    crew=(Seat.DRIVER, Seat.GUNNER),
    armour=_armour(front=50, right=25, left=25, back=10, top=25, under=0),
    fittings=(
        Fitting("ball", BALL_GEAR, Mounting.FRONT),
        Fitting("rl-turret", ROCKET_LAUNCHER, Mounting.TURRET, ammo="incendiary"),
        Fitting("rl-front", ROCKET_LAUNCHER, Mounting.FRONT, ammo="incendiary"),
        Fitting("ife", IMPROVED_FIRE_EXTINGUISHER, Mounting.BODY),
        Fitting("cage", ROLL_CAGE, Mounting.BODY),
        Fitting("seats", SAFETY_SEAT, Mounting.BODY, quantity=2),
        Fitting("swc", SINGLE_WEAPON_COMPUTER, Mounting.BODY, quantity=2),
        Fitting(
            "ca",
            COMPONENT_ARMOUR,
            Mounting.BODY,
            quantity=2,
            protects=("around each of plant, and driver and gunner (together)"),
        ),
        Fitting(
            "fpca",
            FIREPROOF_COMPONENT_ARMOUR,
            Mounting.BODY,
            quantity=2,
            protects=("around each rocket launcher"),
        ),
    ),
    performance="Accel 5, top speed 90, HC 1",
)
