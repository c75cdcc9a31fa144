"""A league's parts catalogue (A-T5): the seed's parts copied in once, the commissioner's own
added in the admin. Designs name parts by their key."""

from __future__ import annotations

from collections.abc import Mapping

from arenaball.models import Part, sheet_contents_json
from league.models import League
from rules.arenaball import ARMOUR, CATALOGUE, ArmourMaterial, Component


def league_catalogue_ensure(*, league: League) -> None:
    """Give `league` every shipped part it does not have yet (by key); idempotent, and it
    never overwrites a figure the commissioner entered."""
    known = set(Part.objects.filter(league=league).values_list("key", flat=True))
    Part.objects.bulk_create(
        [_part(league, component) for key, component in CATALOGUE.items() if key not in known],
        ignore_conflicts=True,  # two first seasons created at once add each part once
    )


def league_parts(*, league: League) -> dict[str, Part]:
    """The league's parts by key (the shipped ones added first if missing)."""
    parts = {part.key: part for part in Part.objects.filter(league=league)}
    if not parts.keys() >= CATALOGUE.keys():
        league_catalogue_ensure(league=league)
        parts = {part.key: part for part in Part.objects.filter(league=league)}
    return parts


def _part(league: League, component: Component) -> Part:
    return Part(
        league=league,
        key=component.key,
        name=component.name,
        kind=component.kind.value,
        spaces=component.spaces,
        weight=component.weight,
        cost=component.cost,
        weapon_class=component.weapon_class.value if component.weapon_class else "",
        armour_material=component.armour_material.value if component.armour_material else "",
        offensive=component.offensive,
        burst=component.burst,
        includes=sheet_contents_json(component.includes),
        shipped=True,
    )


def league_armour(*, parts: Mapping[str, Part]) -> dict[ArmourMaterial, Component]:
    """A-T4, A-T5: a point of armour of each material as the league prices it (the part of
    the material's shipped key)."""
    return {
        material: parts[shipped.key].to_rules() if shipped.key in parts else shipped
        for material, shipped in ARMOUR.items()
    }
