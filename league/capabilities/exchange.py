"""A game's own tables in the league's JSON document (league/exchange, docs/data.md).

A capability of league/rulesets.py's ``Ruleset``: a game opts in by subclassing it; the core
asks ``capability(ruleset, Exchange)``, which for any other game is these defaults."""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from typing import TYPE_CHECKING, Any

if TYPE_CHECKING:
    from league.exchange.problems import Problem
    from league.exchange.tables import Table


class Exchange:
    """Opt-in (the module's docstring says what for); the defaults are a game without it."""

    def exchange_tables(self) -> Sequence[Table]:
        """The game's tables in the league's JSON document (league.exchange.tables.Table),
        in the order they are written: a row after the rows it names; the core's tables come
        first. The core exports and imports them field by field, ids through one id map;
        none by default."""
        return ()

    def exchange_check(self, *, document: Mapping[str, Any], problems: list[Problem]) -> None:
        """The game's own checks of a document's rows that no one field shows: results whose
        stat lines do not add up to the score. None by default."""
