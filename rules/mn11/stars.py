"""E-S2: the Star Player cards a league drafts from.

The base game has 12 unique Star Player cards and the expansion adds 9. Their names are
catalogue data a commissioner edits; until then each card has a placeholder name.
"""

from __future__ import annotations

from collections.abc import Mapping
from dataclasses import dataclass

from .settings import StarPool
from .vocabulary import StarEdition

__all__ = ["BASE_STARS", "EXPANSION_STARS", "StarCard", "star_pool"]

#: E-S2: how many Star Player cards each edition has.
BASE_STARS = 12
EXPANSION_STARS = 9


@dataclass(frozen=True, slots=True)
class StarCard:
    """A Star Player card: a stable key (``base-01``, ``expansion-09``) and its name."""

    key: str
    edition: StarEdition
    number: int
    name: str


def _placeholder(edition: StarEdition, number: int) -> str:
    if edition is StarEdition.BASE:
        return f"Star Player {number}"
    return f"Expansion Star Player {number}"


def _card(edition: StarEdition, number: int, names: Mapping[str, str]) -> StarCard:
    key = f"{edition.value}-{number:02d}"
    name = names.get(key, "").strip() or _placeholder(edition, number)
    return StarCard(key=key, edition=edition, number=number, name=name)


def star_pool(*, pool: StarPool, names: Mapping[str, str] | None = None) -> tuple[StarCard, ...]:
    """E-S2: the pool of unique cards in catalogue order, base cards first (12, or 21 with
    the expansion). `names` (card key → name) are the commissioner's; a card without one
    (or with a blank one) keeps its placeholder."""
    names = names or {}
    unknown = sorted(set(names) - {card.key for card in _all_cards({})})
    if unknown:
        raise ValueError(f"No Star Player card has the key {unknown[0]!r}.")
    cards = _all_cards(names)
    if pool is StarPool.BASE:
        return tuple(card for card in cards if card.edition is StarEdition.BASE)
    return cards


def _all_cards(names: Mapping[str, str]) -> tuple[StarCard, ...]:
    base = (_card(StarEdition.BASE, n, names) for n in range(1, BASE_STARS + 1))
    expansion = (_card(StarEdition.EXPANSION, n, names) for n in range(1, EXPANSION_STARS + 1))
    return (*base, *expansion)
