"""Django choices built from the rules' enums, so the labels live in one place."""

from __future__ import annotations

from enum import StrEnum


def enum_choices(enum: type[StrEnum]) -> list[tuple[str, str]]:
    """Each member's value and its label: the enum's own `label`, else its value in words
    (``laser_reflective`` → "Laser reflective")."""
    return [(member.value, _label(member)) for member in enum]


def _label(member: StrEnum) -> str:
    label = getattr(member, "label", None)
    return str(label) if label is not None else member.value.replace("_", " ").capitalize()
