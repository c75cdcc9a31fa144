"""The commissioner's changes to his league's parts catalogue (A-T5), audited: his own parts
added, the costs and weights the seed leaves blank filled in, unused parts of his own removed.
A shipped part keeps its key and kind (designs and the seed name it); a part a design fits is
never deleted."""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any

from django.db import transaction

from arenaball.errors import ArenaballError
from arenaball.models import Fitting, Part
from league.access import Actor, require_commissioner
from league.audit import audit_record, snapshot
from league.models import League

PART_FIELDS = (
    "key",
    "name",
    "kind",
    "spaces",
    "weight",
    "cost",
    "weapon_class",
    "armour_material",
    "offensive",
    "burst",
)
#: Fixed once a part exists: designs and the seed name a part by its key (A-T5).
FIXED = ("key",)
FIXED_WHEN_SHIPPED = ("key", "kind")


def part_create(*, league: League, actor: Actor, values: Mapping[str, Any]) -> Part:
    require_commissioner(user=actor, league=league)
    if league.ruleset != "arenaball":
        raise ArenaballError(f"{league} does not play Arenaball.", code="not_arenaball")
    unknown = sorted(set(values) - set(PART_FIELDS))
    if unknown:
        raise ArenaballError(f"Unknown part fields: {', '.join(unknown)}.", code="unknown_field")
    with transaction.atomic():
        if Part.objects.filter(league=league, key=values.get("key")).exists():
            raise ArenaballError(
                f"{league} already has a part {values.get('key')}.", code="key_taken", field="key"
            )
        part = Part.objects.create(league=league, shipped=False, **values)
        audit_record(
            actor=actor,
            action="arenaball.part.create",
            obj=part,
            league=league,
            message=f"Part {part.name} added to the catalogue",
            after=snapshot(part, PART_FIELDS),
        )
    return part


def part_update(*, part: Part, actor: Actor, changes: Mapping[str, Any]) -> Part:
    require_commissioner(user=actor, league=part.league)
    fixed = FIXED_WHEN_SHIPPED if part.shipped else FIXED
    refused = [name for name in changes if name in fixed and changes[name] != getattr(part, name)]
    if refused:
        raise ArenaballError(
            f"A {'shipped ' if part.shipped else ''}part's {' and '.join(refused)} stay as they "
            "are: designs name the part by them.",
            code="part_fixed",
            field=refused[0],
        )
    with transaction.atomic():
        before = snapshot(part, PART_FIELDS)
        for name, value in changes.items():
            if name in PART_FIELDS:
                setattr(part, name, value)
        part.save()
        audit_record(
            actor=actor,
            action="arenaball.part.update",
            obj=part,
            league=part.league,
            message=f"Part {part.name} changed",
            before=before,
            after=snapshot(part, PART_FIELDS),
        )
    return part


def part_delete_refusal(part: Part) -> ArenaballError | None:
    """Why `part` cannot be deleted, or None."""
    designs = sorted(
        set(Fitting.objects.filter(part=part).values_list("design__team__name", "design__name"))
    )
    if designs:
        named = ", ".join(f"{design} ({team})" for team, design in designs[:5])
        more = f" and {len(designs) - 5} more" if len(designs) > 5 else ""
        return ArenaballError(
            f"{part} is fitted to {len(designs)} design{'s' if len(designs) > 1 else ''} "
            f"({named}{more}); take it off them first.",
            code="part_in_use",
        )
    if part.shipped:
        return ArenaballError(
            f"{part} comes with the game's catalogue (A-T5); it stays, though you can "
            "change its figures.",
            code="part_shipped",
        )
    return None


def part_delete(*, part: Part, actor: Actor) -> None:
    require_commissioner(user=actor, league=part.league)
    with transaction.atomic():
        Part.objects.select_for_update().filter(pk=part.pk).first()
        refusal = part_delete_refusal(part)
        if refusal is not None:
            raise refusal
        audit_record(
            actor=actor,
            action="arenaball.part.delete",
            obj=part,
            league=part.league,
            message=f"Part {part.name} removed from the catalogue",
            before=snapshot(part, PART_FIELDS),
        )
        part.delete()
