"""A-T5: the catalogue a league starts with: the seed's parts, the car's own parts, and the
seed's two designs as published sheets, by key."""

from __future__ import annotations

from .catalogue import PARTS, Component
from .reference_designs import SHEETS

__all__ = ["CATALOGUE", "catalogue_get"]

CATALOGUE: dict[str, Component] = {part.key: part for part in (*PARTS, *SHEETS)}


def catalogue_get(key: str) -> Component:
    """The shipped part with `key`; KeyError names the known keys."""
    try:
        return CATALOGUE[key]
    except KeyError:
        raise KeyError(f"No part {key!r} in the catalogue ({', '.join(CATALOGUE)}).") from None
