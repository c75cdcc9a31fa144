"""Car designs (A-T3, A-T4): read from a form or the API, checked against every limit by
rules.arenaball.check_design with the season's settings, stored only when legal, audited.

A design is handled as :class:`DesignData` (plain values, parts named by key) so the web form,
the API and the admin read, check and save it the same way."""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from dataclasses import dataclass, field, replace
from typing import Any

from django.db import IntegrityError, transaction

from arenaball.catalogue import league_armour, league_parts
from arenaball.errors import ArenaballError, problems_refused
from arenaball.models import Design, Fitting, Part
from arenaball.selectors import team_settings
from league.access import Actor, require_coach_or_commissioner
from league.audit import audit_record
from league.models import Team
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


# --- reading ------------------------------------------------------------------------------------


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
    Limits are not checked here: that is :func:`design_check`."""
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


# --- checking -----------------------------------------------------------------------------------


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


def design_check(
    *,
    team: Team,
    data: DesignData,
    settings: rules.ArenaballSettings | None = None,
    parts: Mapping[str, Part] | None = None,
) -> rules.DesignCheck:
    """A-T3 to A-T5: every limit's state for `data` as `team`'s season sets them (or
    `settings`), its totals by the league's catalogue (`parts`, read if not given), unknown
    parts among the problems; nothing is stored."""
    parts = parts if parts is not None else league_parts(league=team.league)
    design, unknown = design_rules(data, parts)
    check = rules.check_design(
        design, settings or team_settings(team=team), league_armour(parts=parts)
    )
    sides = [armour.side.value for armour in design.armour]
    problems = tuple(_side_named(problem, sides) for problem in (*unknown, *check.problems))
    return rules.DesignCheck(problems, check.totals, check.limits)


def _side_named(problem: Problem, sides: Sequence[str]) -> Problem:
    """The rules name an armour problem by its place (``armour.0``); forms by its side."""
    head, _, index = problem.field.partition(".")
    if head != "armour" or not index.isdigit() or int(index) >= len(sides):
        return problem
    return replace(problem, field=f"armour.{sides[int(index)]}")


def design_refusals(
    *, team: Team, data: DesignData, design: Design | None = None
) -> tuple[rules.DesignCheck, list[Problem]]:
    """Everything saving `data` (as `design`, or a new design) would refuse: the limits'
    check, and the team's own (its designs' names, a used design's role). The editor's live
    panel asks this too, so it never shows a hold the save refuses."""
    check = design_check(team=team, data=data)
    return check, [*check.problems, *_role_problems(team, data, design)]


def stored_design_check(
    design: Design,
    settings: rules.ArenaballSettings | None = None,
    parts: Mapping[str, Part] | None = None,
) -> rules.DesignCheck:
    """A stored design checked again by the catalogue and the settings now (its team's
    season's, or `settings`; the league's `parts`, read if not given): either may have
    changed since it was saved."""
    return design_check(
        team=design.team, data=design_data_of(design), settings=settings, parts=parts
    )


# --- writing ------------------------------------------------------------------------------------


def design_save(
    *, team: Team, actor: Actor, data: DesignData, design: Design | None = None
) -> Design:
    """Create `team`'s design from `data`, or replace `design`'s sheet and parts with it (the
    team's coach or a commissioner). Refused with every broken limit named when the design
    breaks any (A-T3, A-T4); a design the cars use keeps its role. All or nothing, audited."""
    require_coach_or_commissioner(user=actor, team=team)
    with transaction.atomic():
        # Locks the team: its designs' names and its cars change one request at a time.
        Team.objects.select_for_update().filter(pk=team.pk).first()
        _, problems = design_refusals(team=team, data=data, design=design)
        if problems:
            raise problems_refused(problems, code="design_illegal")
        before = _state(design) if design is not None else None
        design = _write(team, data, design)
        audit_record(
            actor=actor,
            action="arenaball.design.update" if before else "arenaball.design.create",
            obj=design,
            league=team.league,
            message=f"{team}: design {design.name}",
            before=before,
            after=_state(design),
        )
    return design


def design_delete_refusal(design: Design) -> ArenaballError | None:
    """Why `design` cannot be removed now (the cars that use it), or None: what the delete
    page says before it offers the button, and what the delete checks under its lock."""
    slots = sorted(design.cars.values_list("slot", flat=True), key=rules.CAR_SLOTS.index)
    if not slots:
        return None
    cars = f"car {slots[0]}" if len(slots) == 1 else f"cars {', '.join(slots)}"
    return ArenaballError(
        f"{design.name} is the design of {cars}; give {'it' if len(slots) == 1 else 'them'} "
        "another design first.",
        code="design_in_use",
    )


def design_delete(*, design: Design, actor: Actor) -> None:
    """Remove a design no car uses (the team's coach or a commissioner), audited."""
    team = design.team
    require_coach_or_commissioner(user=actor, team=team)
    with transaction.atomic():
        Team.objects.select_for_update().filter(pk=team.pk).first()
        if (refusal := design_delete_refusal(design)) is not None:
            raise refusal
        before = _state(design)
        audit_record(
            actor=actor,
            action="arenaball.design.delete",
            obj=design,
            league=team.league,
            message=f"{team}: design {design.name} removed",
            before=before,
        )
        design.delete()


def _role_problems(team: Team, data: DesignData, design: Design | None) -> list[Problem]:
    problems = []
    taken = Design.objects.filter(team=team, name=data.name)
    if design is not None:
        taken = taken.exclude(pk=design.pk)
        if data.role != design.role and design.cars.exists():
            problems.append(
                Problem(
                    "design_role",
                    "A-T1",
                    "role",
                    f"{design.name} is the design of a {design.get_role_display().lower()}; "
                    "its cars keep that role.",
                )
            )
    if taken.exists():
        problems.append(
            Problem("name_taken", "A-T1", "name", f"{team} already has a design {data.name!r}.")
        )
    return problems


def _write(team: Team, data: DesignData, design: Design | None) -> Design:
    design = design or Design(team=team)
    design.name, design.role = data.name, data.role
    design.gunners = data.gunners
    for name in SHEET_WORDS:
        setattr(design, name, data.words.get(name, ""))
    for side in Side:
        points, material = data.armour.get(side.value, (0, ArmourMaterial.PLASTIC.value))
        setattr(design, f"armour_{side}", points)
        setattr(design, f"material_{side}", material)
    try:
        with transaction.atomic():
            design.save()
    except IntegrityError:
        raise ArenaballError(
            f"{team} already has a design {data.name!r}.", code="name_taken", field="name"
        ) from None
    design.fittings.all().delete()
    parts = league_parts(league=team.league)
    Fitting.objects.bulk_create(
        Fitting(
            design=design,
            order=order,
            ref=fitting.ref,
            part=parts[fitting.part],
            mounting=fitting.mounting,
            quantity=fitting.quantity,
            links=list(fitting.links),
            ammo=fitting.ammo,
            protects=fitting.protects,
        )
        for order, fitting in enumerate(data.fittings)
    )
    return design


def _state(design: Design) -> dict[str, Any]:
    """The design as the audit log shows it."""
    data = design_data_of(design)
    return {
        "name": data.name,
        "role": data.role,
        "gunners": data.gunners,
        "armour": {side: list(value) for side, value in data.armour.items()},
        "fittings": [[f.ref, f.part, f.mounting, f.quantity, list(f.links)] for f in data.fittings],
    }


def design_from_rules(*, team: Team, design: rules.Design, actor: Actor) -> Design:
    """Store a rules design (the seed's reference designs, A-T5) as one of `team`'s."""
    data = DesignData(
        name=design.name,
        role=design.role.value,
        gunners=design.gunners,
        words={name: getattr(design, name) for name in SHEET_WORDS},
        armour={a.side.value: (a.points, a.material.value) for a in design.armour},
        fittings=tuple(
            FittingData(
                ref=f.ref,
                part=f.component.key,
                mounting=f.mounting.value if f.mounting else "",
                quantity=f.quantity,
                links=f.links,
                ammo=f.ammo,
                protects=f.protects,
            )
            for f in design.fittings
        ),
    )
    return design_save(team=team, actor=actor, data=data)
