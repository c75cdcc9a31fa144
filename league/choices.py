"""Django choices built from the engine's enums, so the labels live in one place."""

from __future__ import annotations

from enum import StrEnum


def enum_choices(enum: type[StrEnum]) -> list[tuple[str, str]]:
    return [(member.value, member.label) for member in enum]  # type: ignore[attr-defined]
