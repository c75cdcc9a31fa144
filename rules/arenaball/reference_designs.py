"""A-T5: the seed's Track Car and Goalkeeper, the demo designs and the validator's worked
examples (its design lines, word for word where the sheet's fields allow), and their totals
as the seed publishes them: each a *published sheet* of the catalogue, whose $20,000 and 5,671
lbs (the Goalkeeper's $19,170 and 6,600 lbs) cover its body, chassis, power plant, suspension,
tyres, armour and the parts it lists. **Decided**: a design on a sheet costs the sheet's
figures, plus whatever it adds beyond the sheet's parts and armour, priced by the catalogue;
what it leaves out of the sheet saves nothing (no source says what it would)."""

from __future__ import annotations

from collections import Counter
from collections.abc import Sequence

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
    Component,
    SheetContents,
)
from .designs import Armour, Design, Fitting
from .vocabulary import ArmourMaterial, CarRole, ComponentKind, Mounting, Seat, Side

__all__ = ["GOALKEEPER", "GOALKEEPER_SHEET", "SHEETS", "TRACK_CAR", "TRACK_CAR_SHEET"]


def _armour(**points: int) -> tuple[Armour, ...]:
    return tuple(Armour(Side(side), value) for side, value in points.items())


def _sheet(
    key: str,
    name: str,
    *,
    cost: int,
    weight: int,
    parts: Sequence[Fitting],
    armour: Sequence[Armour],
) -> Component:
    """The seed's design as a catalogue entry: its published totals and what they cover."""
    counted: Counter[str] = Counter()
    for fitting in parts:
        counted[fitting.component.key] += fitting.quantity
    return Component(
        key,
        name,
        ComponentKind.SHEET,
        cost=cost,
        weight=weight,
        includes=SheetContents(
            parts=tuple(counted.items()),
            armour=tuple((a.side, a.points, ArmourMaterial(a.material)) for a in armour),
        ),
    )


_TRACK_CAR_ARMOUR = _armour(front=60, right=40, left=40, back=50, top=0, under=0)
_TRACK_CAR_PARTS = (
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
)

#: The seed: "Track Car … 5,671 lbs., $20,000."
TRACK_CAR_SHEET = _sheet(
    "seed_track_car",
    "Track Car (the seed's sheet)",
    cost=20_000,
    weight=5_671,
    parts=_TRACK_CAR_PARTS,
    armour=_TRACK_CAR_ARMOUR,
)

TRACK_CAR = Design(
    name="Track Car",
    role=CarRole.TRACK,
    body="Mid-sized",
    chassis="Extra-heavy",
    power_plant="200 cid engine, turbocharger, 1 gallon dueling tank",
    suspension="Heavy",
    tyres="4 PR",
    crew=(Seat.DRIVER,),
    armour=_TRACK_CAR_ARMOUR,
    fittings=(Fitting("sheet", TRACK_CAR_SHEET), *_TRACK_CAR_PARTS),
    performance="Accel 10/15 w/turbo, top speed 85, HC 3",
)

_GOALKEEPER_ARMOUR = _armour(front=50, right=25, left=25, back=10, top=25, under=0)
_GOALKEEPER_PARTS = (
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
)

#: The seed: "Goalkeeper … 6,600 lbs. $19,170."
GOALKEEPER_SHEET = _sheet(
    "seed_goalkeeper",
    "Goalkeeper (the seed's sheet)",
    cost=19_170,
    weight=6_600,
    parts=_GOALKEEPER_PARTS,
    armour=_GOALKEEPER_ARMOUR,
)

GOALKEEPER = Design(
    name="Goalkeeper",
    role=CarRole.GOALKEEPER,
    body="Luxury",
    chassis="Extra-heavy",
    power_plant="Large power plant with superconductors",
    suspension="Light",
    tyres="4 HD",
    crew=(Seat.DRIVER, Seat.GUNNER),
    armour=_GOALKEEPER_ARMOUR,
    fittings=(Fitting("sheet", GOALKEEPER_SHEET), *_GOALKEEPER_PARTS),
    performance="Accel 5, top speed 90, HC 1",
)

SHEETS = (TRACK_CAR_SHEET, GOALKEEPER_SHEET)
