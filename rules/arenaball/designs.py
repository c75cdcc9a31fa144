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
    """A-T4: a design: its catalogue parts (the car itself among them: a published sheet,
    or a body, chassis, power plant, suspension and tyres), its armour by side and its crew's
    seats (one driver, maybe a gunner: A-T2). Its cost, weight and spaces are computed from
    the catalogue (rules/arenaball/pricing.py), never declared; the body, chassis, power
    plant, suspension, tyres and performance words describe it as the coach's sheet does."""

    name: str
    role: CarRole
    body: str = ""
    chassis: str = ""
    power_plant: str = ""
    suspension: str = ""
    tyres: str = ""
    crew: tuple[Seat, ...] = (Seat.DRIVER,)
    armour: tuple[Armour, ...] = ()
    fittings: tuple[Fitting, ...] = ()
    performance: str = ""

    @property
    def gunners(self) -> int:
        return self.crew.count(Seat.GUNNER)

    def armour_on(self, side: Side) -> Armour | None:
        return next((armour for armour in self.armour if armour.side is side), None)
