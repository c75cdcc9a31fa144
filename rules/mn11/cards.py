"""E-S1, E-S2, E-S3: the Player Cards a team may field in a match, each named by one key.

Home plays the Home set and Away the Away set it chose (E-S1), a set's cards named by the
set and their number (``home-7``, ``away-base-3``, ``away-expansion-10``); the Star Player
cards a team signed by their catalogue keys (``base-01``, E-S2); the GK card it picked by
``GkCard.card_key`` (E-S3). A key is exactly one of these: ``home-07``, ``home-10`` or
``BASE-01`` name no card (docs/rules-decisions.md gives the sets' sizes).
"""

from __future__ import annotations

import re
from collections.abc import Iterable, Mapping, Sequence
from dataclasses import dataclass
from enum import StrEnum

from .stars import StarCard
from .vocabulary import AwaySet, GkCard, Side, StarEdition

__all__ = [
    "AWAY_SET_SIZES",
    "HOME_SET_SIZE",
    "CardKind",
    "SquadCard",
    "card_name",
    "card_named",
    "cards_text",
    "gk_squad_card",
    "match_squad",
    "set_cards",
]

#: E-S1: the Home set's Player Cards (the rules reference's ``home-1`` … ``home-9``).
HOME_SET_SIZE = 9
#: E-S1: each Away set's Player Cards (the expansion's "10 Away Player Cards" of the seed).
AWAY_SET_SIZES = {AwaySet.BASE: 9, AwaySet.EXPANSION: 10}


class CardKind(StrEnum):
    """Where a card of a team's squad comes from."""

    GK = "gk"
    SET = "set"
    STAR = "star"


@dataclass(frozen=True, slots=True)
class SquadCard:
    """A card a team may field: its key, its name, where it comes from and, for the pages,
    which set or edition (``detail``)."""

    key: str
    name: str
    kind: CardKind
    detail: str

    @property
    def on_field(self) -> bool:
        """E-S3: a GK card is never placed on the field (it neither scores nor is sent off)."""
        return self.kind is not CardKind.GK

    @property
    def position(self) -> str:
        return "GK" if self.kind is CardKind.GK else "Outfield"


def _set(side: Side, away_set: AwaySet | None) -> tuple[str, int, str] | None:
    """(key prefix, size, what the set is called) of `side`'s set; None for Away before it
    has chosen one."""
    if side is Side.HOME:
        return "home-", HOME_SET_SIZE, "Home set"
    if away_set is None:
        return None
    edition = "base game" if away_set is AwaySet.BASE else "expansion"
    return f"away-{away_set.value}-", AWAY_SET_SIZES[away_set], f"Away set ({edition})"


def set_cards(side: Side, away_set: AwaySet | None) -> tuple[SquadCard, ...]:
    """E-S1: the cards of `side`'s set (none for Away until it chooses its set)."""
    found = _set(side, away_set)
    if found is None:
        return ()
    prefix, size, detail = found
    return tuple(
        SquadCard(key, _set_card_name(key) or key, CardKind.SET, detail)
        for key in (f"{prefix}{n}" for n in range(1, size + 1))
    )


_SET_KEY = re.compile(r"(home|away-base|away-expansion)-([1-9][0-9]*)")


def _set_card_name(key: str) -> str | None:
    """A set card's name ("Home Player Card 7", "Away Player Card 3 (base set)"); None for a
    key that is no set card."""
    match = _SET_KEY.fullmatch(key)
    if match is None:
        return None
    prefix, number = match.group(1), int(match.group(2))
    if prefix == "home":
        return f"Home Player Card {number}" if number <= HOME_SET_SIZE else None
    away_set = AwaySet(prefix.removeprefix("away-"))
    if number > AWAY_SET_SIZES[away_set]:
        return None
    return f"Away Player Card {number} ({away_set.value} set)"


def card_name(key: str, stars: Mapping[str, str]) -> str:
    """Any card's name by its key: a Star Player's by `stars` (key → the league's name), a
    GK card's, a set card's; an unknown key is its own name."""
    gk = next((card.label for card in GkCard if card.card_key == key), None)
    return stars.get(key) or gk or _set_card_name(key) or key


def card_named(key: str, stars: Mapping[str, str]) -> str:
    """A card by name and key for a page: "Ilse Nakamura (base-04)"; an unknown key alone."""
    name = card_name(key, stars)
    return key if name == key else f"{name} ({key})"


def _star(star: StarCard) -> SquadCard:
    edition = "base game" if star.edition is StarEdition.BASE else "expansion"
    return SquadCard(star.key, star.name, CardKind.STAR, f"Star Player ({edition})")


def gk_squad_card(card: GkCard) -> SquadCard:
    """E-S3: a GK card as a squad card (never on the field)."""
    return SquadCard(card.card_key, card.label, CardKind.GK, "GK card")


def match_squad(
    *, side: Side, away_set: AwaySet | None, stars: Sequence[StarCard], gk: GkCard | None
) -> tuple[SquadCard, ...]:
    """E-S1 to E-S3: every card `side` may field in a match: its GK card (when picked), its
    set's cards and its Star Player cards, in that order."""
    keeper = () if gk is None else (gk_squad_card(gk),)
    return (*keeper, *set_cards(side, away_set), *(_star(star) for star in stars))


_NUMBERED = re.compile(r"(home|away-base|away-expansion|base|expansion)-([0-9]+)")


def cards_text(keys: Iterable[str]) -> str:
    """Card keys for a message, consecutive cards of a set or an edition as one run:
    "home-1 … home-9, base-01 … base-03, base-07"."""
    parts: list[str] = []
    run: list[tuple[str, int, str]] = []  # (prefix, number, key)

    def close() -> None:
        if run:
            parts.append(run[0][2] if len(run) == 1 else f"{run[0][2]} … {run[-1][2]}")
            run.clear()

    for key in keys:
        match = _NUMBERED.fullmatch(key)
        if match is None:
            close()
            parts.append(key)
            continue
        prefix, number = match.group(1), int(match.group(2))
        if run and (run[-1][0] != prefix or run[-1][1] + 1 != number):
            close()
        run.append((prefix, number, key))
    close()
    return ", ".join(parts)
