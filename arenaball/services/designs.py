"""Car designs saved (A-T3, A-T4): stored only when legal (arenaball.selectors.design_refusals
checks them again under the team's lock), removed when no car uses them, audited. A design
comes as :class:`~arenaball.design_input.DesignData`, so the web form, the API and the admin
save it the same way."""

from __future__ import annotations

from typing import Any

from django.db import IntegrityError, transaction

from arenaball.catalogue import league_parts
from arenaball.design_input import SHEET_WORDS, DesignData, FittingData, design_data_of
from arenaball.errors import ArenaballError, problems_refused
from arenaball.models import Design, Fitting
from arenaball.selectors import design_delete_refusal, design_refusals
from league.access import Actor, require_coach_or_commissioner
from league.audit import audit_record
from league.models import Team
from rules import arenaball as rules
from rules.arenaball import ArmourMaterial, Side


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
