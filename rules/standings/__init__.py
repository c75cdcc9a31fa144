"""M-L1, M-L2: the standings table, its points and its ordered tie-breakers.

Every game's table works this way (Arenaball's A-L1 and Magic Number Eleven's E-L1 name their
own points and tie-breakers). Pure: teams and played games in, ordered rows out, each row
explaining in plain words why it stands where it does relative to its neighbours. The values
are in ``values``, the computing in ``table``; both are named here.
"""

from __future__ import annotations

from .table import compute_table, table_after_game, table_after_games
from .values import (
    Breaker,
    CountBreaker,
    GamesLoader,
    TableGame,
    TableRow,
    TableSettings,
    TieBreaker,
)

__all__ = [
    "Breaker",
    "CountBreaker",
    "GamesLoader",
    "TableGame",
    "TableRow",
    "TableSettings",
    "TieBreaker",
    "compute_table",
    "table_after_game",
    "table_after_games",
]
