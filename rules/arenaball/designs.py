"""A-T4: a car design as the coach's design sheet gives it (body, chassis, power plant,
suspension, tyres, crew, declared totals, armour by side) and the catalogue parts fitted."""

from __future__ import annotations

from dataclasses import dataclass

from .catalogue import Component
from .vocabulary import ArmourMaterial, CarRole, Mounting, Seat, Side

__all__ = ["Armour", "Design", "Fitting"]


@dataclass(frozen=True, slots=True)
class Armour:
    """A-T4: one side's armour on the sheet, in points, and its material."""

    side: Side
    points: int
    material: ArmourMaterial = ArmourMaterial.PLASTIC


@dataclass(frozen=True, slots=True)
class Fitting:
    """A catalogue part on a design. `ref` names it within the design (links name refs);
    `links` are the refs it is linked to (A-T4); `protects` says what component armour
    surrounds; `ammo` notes a load (e.g. "incendiary")."""

    ref: str
    component: Component
    mounting: Mounting | None = None
    quantity: int = 1
    links: tuple[str, ...] = ()
    ammo: str = ""
    protects: str = ""


@dataclass(frozen=True, slots=True)
class Design:
    """A-T4: a design. **Decided**: the service does not re-cost a Car Wars design, so `cost`
    ($) and `weight` (lbs) are the sheet's declared totals and the body, chassis, power plant,
    suspension and tyres are the sheet's words; `spaces` is the body's capacity when the sheet
    gives it. `crew` lists the seats (one driver, maybe a gunner: A-T2)."""

    name: str
    role: CarRole
    cost: int
    weight: int
    body: str = ""
    chassis: str = ""
    power_plant: str = ""
    suspension: str = ""
    tyres: str = ""
    crew: tuple[Seat, ...] = (Seat.DRIVER,)
    armour: tuple[Armour, ...] = ()
    fittings: tuple[Fitting, ...] = ()
    spaces: int | None = None
    performance: str = ""

    @property
    def gunners(self) -> int:
        return self.crew.count(Seat.GUNNER)

    def armour_on(self, side: Side) -> Armour | None:
        return next((armour for armour in self.armour if armour.side is side), None)
