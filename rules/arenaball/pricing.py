"""A-T3, A-T5: a design's cost, weight and spaces, computed from the catalogue, never
declared (issue #45). Every part a design uses must have the figures its kind needs
(``ComponentKind.figures``); a design on a published sheet pays the sheet's figures and only
what it adds beyond the sheet's parts and armour (rules/arenaball/reference_designs.py)."""

from __future__ import annotations

from collections import Counter
from collections.abc import Mapping
from dataclasses import dataclass

from .catalogue import ARMOUR, Component
from .designs import Design
from .problems import Problem
from .vocabulary import ArmourMaterial, ComponentKind, Side

__all__ = ["DesignTotals", "design_totals"]

_FIGURE_WORDS = {"cost": "price", "weight": "weight", "spaces": "spaces"}


@dataclass(frozen=True, slots=True)
class DesignTotals:
    """What the design's parts and armour add up to: `cost` ($), `weight` (lbs) and the
    body's `spaces` used of `room` (the body's, or the sheet's spare room; None when no
    figure gives it). `missing` names each part without a figure it needs, and `included`
    the fittings a published sheet's figures cover (by ref)."""

    cost: int
    weight: int
    spaces: int
    room: int | None
    missing: tuple[Problem, ...]
    included: tuple[str, ...]

    @property
    def priced(self) -> bool:
        return not self.missing


def design_totals(
    design: Design, armour: Mapping[ArmourMaterial, Component] | None = None
) -> DesignTotals:
    """A-T3, A-T5: the design's totals by the catalogue; `armour` prices a point of each
    material (the league's catalogue; the shipped parts when None)."""
    return _Pricing(design, armour or ARMOUR).totals()


class _Pricing:
    def __init__(self, design: Design, armour: Mapping[ArmourMaterial, Component]) -> None:
        self.design = design
        self.armour_parts = armour
        self.cost = self.weight = self.spaces = 0
        self.missing: list[Problem] = []
        self.included: list[str] = []
        self.unpriced: set[str] = set()
        sheets = [f for f in design.fittings if f.component.kind is ComponentKind.SHEET]
        self.sheet = sheets[0].component if sheets else None

    def totals(self) -> DesignTotals:
        contents = self.sheet.includes if self.sheet and self.sheet.includes else None
        allowance: Counter[str] = Counter(dict(contents.parts) if contents else {})
        room: int | None = None
        for index, fitting in enumerate(self.design.fittings):
            part = fitting.component
            quantity = max(fitting.quantity, 0)
            if part.kind is not ComponentKind.SHEET:
                covered = min(allowance[part.key], quantity)
                allowance[part.key] -= covered
                if covered:
                    self.included.append(fitting.ref)
                quantity -= covered
            if part.kind is ComponentKind.BODY:
                room = part.spaces if room is None else room
            self._add(f"fittings.{index}", part, quantity)
        if self.sheet is not None and room is None:
            room = self.sheet.spaces
        self._add_armour(contents.armour if contents else ())
        return DesignTotals(
            self.cost,
            self.weight,
            self.spaces,
            room,
            tuple(self.missing),
            tuple(self.included),
        )

    def _add(self, field: str, part: Component, quantity: int) -> None:
        if quantity <= 0:
            return
        needed = part.kind.figures
        if part.kind is ComponentKind.SHEET:
            needed = ("cost", "weight")  # its spaces (spare room) only when a part needs them
        lacking = [name for name in needed if getattr(part, name) is None]
        if lacking and part.key not in self.unpriced:
            self.unpriced.add(part.key)
            self.missing.append(_missing(field, part, lacking))
        self.cost += (part.cost or 0) * quantity
        self.weight += (part.weight or 0) * quantity
        if part.kind.takes_room:
            self.spaces += (part.spaces or 0) * quantity

    def _add_armour(self, included: tuple[tuple[Side, int, ArmourMaterial], ...]) -> None:
        """A-T4: each side's points beyond the sheet's (of the same material), priced by the
        point by the catalogue's armour of its material."""
        covered = {side: (points, material) for side, points, material in included}
        for index, armour in enumerate(self.design.armour):
            points, material = covered.get(armour.side, (0, armour.material))
            extra = armour.points - (points if material is armour.material else 0)
            part = self.armour_parts.get(armour.material) or ARMOUR[armour.material]
            self._add(f"armour.{index}", part, max(extra, 0))


def _missing(field: str, part: Component, lacking: list[str]) -> Problem:
    words = [_FIGURE_WORDS[name] for name in lacking]
    named = words[0] if len(words) == 1 else f"{', '.join(words[:-1])} or {words[-1]}"
    return Problem(
        "part_unpriced",
        "A-T5",
        field,
        f"{part.name} has no {named} in this league's catalogue: ask the commissioner.",
    )
