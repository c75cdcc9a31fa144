"""The tables of the core's own apps (league.honours, league.signup) in the league's JSON
document (docs/data.md). Each app registers its tables from its ``ready()``: those apps
build on the core, so the core's document cannot import them, yet it writes and reads their
rows like its own. They come after the game's section (an award names the game's player)
and before the audit log (which may name any row)."""

from __future__ import annotations

from league.exchange.core_tables import AUDIT_TABLE, CORE_TABLES
from league.exchange.tables import Table

_tables: dict[str, Table] = {}


def app_tables_register(*tables: Table) -> None:
    """Add `tables` to every league's document, under their keys, in this order."""
    taken = {table.key for table in (*CORE_TABLES, AUDIT_TABLE)} | {"league", "users", "game"}
    for table in tables:
        known = _tables.get(table.key)
        if table.key in taken or (known is not None and known.model is not table.model):
            raise ValueError(f"The document's key {table.key!r} is taken.")
        _tables[table.key] = table


def app_tables() -> tuple[Table, ...]:
    """The registered tables, in the order they are written."""
    return tuple(_tables.values())
