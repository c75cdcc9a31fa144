"""Ready-made team sheets: a standard roster of Pros, for tests, benchmarks and demos."""

from __future__ import annotations

from .match_result import TeamSheet
from .snapshot import PlayerSnapshot, Side
from .vocabulary import FIRST_STRING_ORDER, SECOND_STRING_ORDER, Position

__all__ = ["standard_team"]


def _pro(team_key: str, index: int, position: Position, side: Side) -> PlayerSnapshot:
    return PlayerSnapshot(
        key=f"{team_key}-{index}", name=f"{position.label} {index}", side=side, position=position
    )


def standard_team(key: str, name: str | None = None, side: Side = Side.HOME) -> TeamSheet:
    """M-P2: 11 + 7 Pros with no Superstars or enhancements; player keys ``<key>-<n>``."""
    first = tuple(_pro(key, i, p, side) for i, p in enumerate(FIRST_STRING_ORDER))
    second = tuple(_pro(key, 11 + i, p, side) for i, p in enumerate(SECOND_STRING_ORDER))
    return TeamSheet(key, name or key, first, second)
