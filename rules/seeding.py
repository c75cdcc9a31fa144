"""Playoff seeds from a final table (docs/seasons.md, "Divisions"): pure, so the league's
playoffs and the odds' simulated seasons seed the same way."""

from __future__ import annotations

from collections.abc import Hashable, Mapping, Sequence
from typing import TypeVar

T = TypeVar("T")


def playoff_field(
    order: Sequence[T], division_of: Mapping[T, Hashable], *, wild_cards: int
) -> list[tuple[T, bool]]:
    """The seeds from a table: `order` is the teams best first, `division_of` each one's
    division. Each division's first team, in table order, then the next `wild_cards` of the
    rest; each as (team, whether it won its division). The league seeds its playoffs and the
    odds seed each simulated table with it."""
    winners: list[T] = []
    seen: set[Hashable] = set()
    for team in order:
        if division_of[team] not in seen:
            seen.add(division_of[team])
            winners.append(team)
    rest = [team for team in order if team not in winners][:wild_cards]
    return [(team, True) for team in winners] + [(team, False) for team in rest]
