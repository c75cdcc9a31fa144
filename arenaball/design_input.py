"""A car design as plain values (A-T4): read from a form or the API, or from a stored design,
and turned into the rules' design by the league's catalogue. The web form, the API and the
admin read a design the same way; checking it is the selectors' (arenaball/selectors/designs.py),
saving it the services' (arenaball/services/designs.py)."""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from dataclasses import dataclass, field
from typing import Any

from arenaball.models import Design, Part
from rules import arenaball as rules
from rules.arenaball import ArmourMaterial, CarRole, Mounting, Problem, Seat, Side

SHEET_WORDS = ("body", "chassis", "power_plant", "suspension", "tyres", "performance")
#: A-T5 (decided): a design's totals come from the catalogue; a sheet that gives them is told so.
COMPUTED = ("cost", "weight", "spaces")
MAX_FITTINGS = 40
MAX_GUNNERS = 3


@dataclass(frozen=True, slots=True)
class FittingData:
    """One fitted part: `part` is a catalogue key; `links` name other fittings' refs."""

    ref: str
    part: str
    mounting: str = ""
    quantity: int = 1
    links: tuple[str, ...] = ()
    ammo: str = ""
    protects: str = ""


@dataclass(frozen=True, slots=True)
class DesignData:
    """A design sheet as plain values (A-T4): no cost, weight or spaces, which the league's
    catalogue gives (A-T5)."""

    name: str
    role: str
    gunners: int = 0
    words: Mapping[str, str] = field(default_factory=dict)
    armour: Mapping[str, tuple[int, str]] = field(default_factory=dict)
    fittings: tuple[FittingData, ...] = ()


def design_data_of(design: Design) -> DesignData:
    """A stored design as plain values (for its edit form and the API)."""
    return DesignData(
        name=design.name,
        role=design.role,
        gunners=design.gunners,
        words={name: getattr(design, name) for name in SHEET_WORDS},
        armour={
            side.value: (getattr(design, f"armour_{side}"), getattr(design, f"material_{side}"))
            for side in Side
        },
        fittings=tuple(
            FittingData(
                ref=fitting.ref,
                part=fitting.part.key,
                mounting=fitting.mounting,
                quantity=fitting.quantity,
                links=tuple(fitting.links),
                ammo=fitting.ammo,
                protects=fitting.protects,
            )
            for fitting in design.fittings.all()
        ),
    )


def design_data_parse(raw: Mapping[str, Any]) -> tuple[DesignData, dict[str, str]]:
    """A design from JSON-like values (the API's body, the form's cleaned rows): the design
    and the errors of shape, by field (``cost``, ``armour.front``, ``fittings.2.quantity``).
    Limits are not checked here: that is arenaball.selectors.design_check."""
    reader = _Reader(raw)
    data = DesignData(
        name=reader.text("name", required=True, limit=60),
        role=reader.choice("role", [role.value for role in CarRole]),
        gunners=reader.number("gunners", maximum=MAX_GUNNERS) or 0,
        words={name: reader.text(name, limit=100) for name in SHEET_WORDS},
        armour=reader.armour(),
        fittings=reader.fittings(),
    )
    for name in COMPUTED:
        if raw.get(name) not in (None, ""):
            reader.errors[name] = (
                f"A design's {name} is computed from the league's catalogue (A-T5): leave it out."
            )
    return data, reader.errors


class _Reader:
    """Reads one design's values, collecting an error per malformed field."""

    def __init__(self, raw: Mapping[str, Any]) -> None:
        self.raw = raw
        self.errors: dict[str, str] = {}

    def text(self, name: str, *, required: bool = False, limit: int = 100, raw: Any = None) -> str:
        value = self.raw.get(name, "") if raw is None else raw
        if value is None:
            value = ""
        if not isinstance(value, str):
            self.errors[name] = "Give text here."
            return ""
        text = value.strip()
        if required and not text:
            self.errors[name] = "This is required."
        elif len(text) > limit:
            self.errors[name] = f"At most {limit} characters."
        return text

    def number(
        self,
        name: str,
        *,
        required: bool = False,
        minimum: int = 0,
        maximum: int = 10_000_000,
        raw: Any = None,
    ) -> int | None:
        value = self.raw.get(name) if raw is None else raw
        if value in (None, ""):
            if required:
                self.errors[name] = "This is required."
            return None
        if isinstance(value, str) and value.strip().lstrip("-").isdigit():
            value = int(value.strip())
        if (
            isinstance(value, bool)
            or not isinstance(value, int)
            or not (minimum <= value <= maximum)
        ):
            self.errors[name] = f"Give a whole number from {minimum} to {maximum:,}."
            return None
        return value

    def choice(self, name: str, allowed: Sequence[str], *, raw: Any = None) -> str:
        value = self.raw.get(name, "") if raw is None else raw
        if value not in allowed:
            self.errors[name] = f"Choose one of: {', '.join(allowed)}."
            return str(allowed[0])
        return str(value)

    def armour(self) -> dict[str, tuple[int, str]]:
        given = self.raw.get("armour") or {}
        if not isinstance(given, Mapping):
            self.errors["armour"] = "Give each side's armour as {points, material}."
            return {}
        unknown = sorted(set(given) - {side.value for side in Side})
        if unknown:
            self.errors["armour"] = f"No such side: {', '.join(map(str, unknown))}."
        armour = {}
        materials = [material.value for material in ArmourMaterial]
        for side in Side:
            value = given.get(side.value) or {}
            if not isinstance(value, Mapping):
                self.errors[f"armour.{side}"] = "Give {points, material}."
                continue
            points = self.number(f"armour.{side}", raw=value.get("points", 0), maximum=999)
            material = self.choice(
                f"armour.{side}.material", materials, raw=value.get("material", "plastic")
            )
            armour[side.value] = (points or 0, material)
        return armour

    def fittings(self) -> tuple[FittingData, ...]:
        given = self.raw.get("fittings") or []
        if not isinstance(given, list):
            self.errors["fittings"] = "Give the fitted parts as a list."
            return ()
        if len(given) > MAX_FITTINGS:
            self.errors["fittings"] = f"At most {MAX_FITTINGS} lines of parts."
            return ()
        return tuple(
            fitting
            for index, line in enumerate(given)
            if (fitting := self.fitting(index, line)) is not None
        )

    def fitting(self, index: int, line: Any) -> FittingData | None:
        where = f"fittings.{index}"
        if not isinstance(line, Mapping):
            self.errors[where] = "Give each part as {ref, part, mounting, quantity, links}."
            return None
        links = line.get("links") or []
        if isinstance(links, str):
            links = [link.strip() for link in links.split(",") if link.strip()]
        if not isinstance(links, list) or not all(isinstance(link, str) for link in links):
            self.errors[f"{where}.links"] = "Give the linked parts' names as a list."
            links = []
        part = self.text(f"{where}.part", required=True, limit=60, raw=line.get("part", ""))
        mountings = ["", *(mounting.value for mounting in Mounting)]
        return FittingData(
            ref=self.text(f"{where}.ref", limit=30, raw=line.get("ref", "")) or f"part-{index + 1}",
            part=part,
            mounting=self.choice(f"{where}.mounting", mountings, raw=line.get("mounting", "")),
            quantity=self.number(
                f"{where}.quantity", raw=line.get("quantity", 1), minimum=1, maximum=99
            )
            or 1,
            links=tuple(links),
            ammo=self.text(f"{where}.ammo", limit=60, raw=line.get("ammo", "")),
            protects=self.text(f"{where}.protects", limit=120, raw=line.get("protects", "")),
        )


def design_rules(data: DesignData, parts: Mapping[str, Part]) -> tuple[rules.Design, list[Problem]]:
    """The design as the rules see it, and a problem for each part not in the catalogue."""
    problems = []
    fittings = []
    for index, fitting in enumerate(data.fittings):
        part = parts.get(fitting.part)
        if part is None:
            problems.append(
                Problem(
                    "part_unknown",
                    "A-T5",
                    f"fittings.{index}",
                    f"No part {fitting.part!r} in the league's catalogue.",
                )
            )
            continue
        fittings.append(
            rules.Fitting(
                ref=fitting.ref,
                component=part.to_rules(),
                mounting=Mounting(fitting.mounting) if fitting.mounting else None,
                quantity=fitting.quantity,
                links=fitting.links,
                ammo=fitting.ammo,
                protects=fitting.protects,
            )
        )
    design = rules.Design(
        name=data.name,
        role=CarRole(data.role),
        crew=(Seat.DRIVER,) + (Seat.GUNNER,) * data.gunners,
        armour=tuple(
            rules.Armour(Side(side), points, ArmourMaterial(material))
            for side, (points, material) in data.armour.items()
        ),
        fittings=tuple(fittings),
        **{name: data.words.get(name, "") for name in SHEET_WORDS},
    )
    return design, problems
