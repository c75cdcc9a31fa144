"""The triggers that bump a league's page version (league/page_versions.py) whenever a row
of a watched table is inserted, updated or deleted, in the writing transaction itself, and
the migration operations that create, drop, rewrite and suspend them.

A migration names its tables and, for each, the SQL of its row's league (``{row}`` standing
for NEW or OLD): the core's (league.page_versions.WATCHED, migration league 0011; a season's
divisions, league 0012) and those a game names for the pages it caches, each in a migration
of the game's own.

SQLite makes some schema changes (a column that is not nullable added, a foreign key
dropped) by copying the table and renaming the copy: the copy has none of the table's
triggers, and the rename refuses the triggers of other tables that name it. A migration
doing so to a watched table puts its change between the two operations of
``table_rebuilt(table)``, which keep those triggers aside and create them again.

On PostgreSQL a trigger runs once a statement over the rows it wrote (its transition
table); SQLite has only row triggers.

On PostgreSQL the version row is locked only at commit. Bumping it at the first write, as
SQLite does, would hold the league's one row locked from that write until commit, and every
transaction writing the league (results of one season, simulations, roster changes) would
take turns for its whole length again. So a write only records "league L changed in
transaction X" in ``league_pageversionpending`` (``ON CONFLICT DO NOTHING`` on its own key
(X, L): no two transactions ever wait for each other there), and a deferred constraint
trigger on that table bumps each league once at commit, in league order (no deadlock between
two committing transactions), and deletes the pending rows. The bump commits atomically with
the rows, so the readers' ordering argument is unchanged; a rolled-back transaction takes its
pending rows and their queued bump with it. ``SET CONSTRAINTS ALL IMMEDIATE`` only fires the
bump early (the row then stays locked until commit): still correct. The pending table is
UNLOGGED: no row of it outlives its transaction, so it needs no WAL and nothing after a crash.
SQLite serialises its writers anyway: its row triggers bump at once. Until it commits, a
transaction that has written a league gets no version for it (league.page_versions): it
would otherwise cache, under the version before its writes, a page of rows it may still roll
back.

Consequence: inside a transaction that has not committed (Django's ``TestCase`` and plain
``django_db`` tests never do), PostgreSQL shows the version as it was before the
transaction's writes; tests of invalidation commit (``transaction=True``)."""

from __future__ import annotations

import re
from collections.abc import Mapping
from typing import Any

from django.core.exceptions import ImproperlyConfigured
from django.db import migrations
from django.db.backends.base.schema import BaseDatabaseSchemaEditor

#: The versions (league.models.PageVersion) and the leagues written by transactions not yet
#: committed (PostgreSQL only; no model: no row outlives its transaction).
VERSIONS_TABLE = "league_pageversion"


def _bump(league: str, version: str) -> str:
    # No row yet: the first write makes it. A row deleted with its parents (a cascade)
    # may no longer find its league: nothing to bump then, the parent's own row did.
    return (
        f"INSERT INTO {VERSIONS_TABLE} (league_id, version) SELECT x.league, 1 FROM "
        f"(SELECT {league} AS league) x WHERE x.league IS NOT NULL "
        f"ON CONFLICT (league_id) DO UPDATE SET version = {version} + 1;"
    )


PENDING_TABLE = "league_pageversionpending"
_AT_COMMIT = f"{PENDING_TABLE}_bumps_at_commit"


def pending_create(schema_editor: BaseDatabaseSchemaEditor) -> None:
    """PostgreSQL: the table of leagues changed by transactions not yet committed, and the
    deferred trigger that bumps them at commit. Before any `triggers_create`."""
    if schema_editor.connection.vendor != "postgresql":
        return
    # The key leads with the transaction: the commit-time bump deletes by it.
    schema_editor.execute(
        f"CREATE UNLOGGED TABLE {PENDING_TABLE} (xid xid8 NOT NULL, league_id bigint NOT NULL, "
        f"PRIMARY KEY (xid, league_id));"
    )
    # The first pending row's trigger bumps all of its transaction's leagues, in league
    # order, and deletes them: the other rows' triggers then find nothing.
    schema_editor.execute(
        f"""CREATE FUNCTION {_AT_COMMIT}() RETURNS trigger AS $$
BEGIN
  WITH done AS (DELETE FROM {PENDING_TABLE} WHERE xid = NEW.xid RETURNING league_id)
  INSERT INTO {VERSIONS_TABLE} (league_id, version) SELECT league_id, 1 FROM done ORDER BY league_id
  ON CONFLICT (league_id) DO UPDATE SET version = {VERSIONS_TABLE}.version + 1;
  RETURN NULL;
END $$ LANGUAGE plpgsql;"""
    )
    schema_editor.execute(
        f"CREATE CONSTRAINT TRIGGER {_AT_COMMIT} AFTER INSERT ON {PENDING_TABLE} "
        f"DEFERRABLE INITIALLY DEFERRED FOR EACH ROW EXECUTE FUNCTION {_AT_COMMIT}();"
    )


def pending_drop(schema_editor: BaseDatabaseSchemaEditor) -> None:
    if schema_editor.connection.vendor != "postgresql":
        return
    schema_editor.execute(f"DROP TABLE IF EXISTS {PENDING_TABLE};")
    schema_editor.execute(f"DROP FUNCTION IF EXISTS {_AT_COMMIT}();")


def _postgresql_function(table: str, league: str) -> str:
    # Once a statement, not once a row: the rows it wrote are its transition table, so a
    # bulk insert of a match's stat lines records its league once. The league is looked up
    # once a distinct key the rows name (a match's few hundred events name one result), not
    # once a row. Only recorded here; the version itself is bumped at commit (see the
    # module's docstring).
    keys = ", ".join(sorted(set(re.findall(r"\{row\}\.(\w+)", league))))
    bump = (
        f"INSERT INTO {PENDING_TABLE} (xid, league_id) SELECT DISTINCT pg_current_xact_id(), "
        f"x.league FROM (SELECT {league.format(row='r')} AS league FROM "
        f"(SELECT DISTINCT {keys} FROM changed) r) x "
        f"WHERE x.league IS NOT NULL ON CONFLICT DO NOTHING;"
    )
    return f"""CREATE OR REPLACE FUNCTION {table}_bumps_page_version() RETURNS trigger AS $$
BEGIN
  {bump}
  RETURN NULL;
END $$ LANGUAGE plpgsql;"""


def _postgresql(table: str, league: str) -> tuple[list[str], list[str]]:
    function = f"{table}_bumps_page_version"
    create = [_postgresql_function(table, league)]
    drop = []
    for operation, rows in (("INSERT", "NEW"), ("UPDATE", "NEW"), ("DELETE", "OLD")):
        name = f"{table}_{operation.lower()}_bumps_page_version"
        create.append(
            f"CREATE TRIGGER {name} AFTER {operation} ON {table} "
            f"REFERENCING {rows} TABLE AS changed "
            f"FOR EACH STATEMENT EXECUTE FUNCTION {function}();"
        )
        drop.append(f"DROP TRIGGER IF EXISTS {name} ON {table};")
    drop.append(f"DROP FUNCTION IF EXISTS {function}();")
    return create, drop


def _sqlite(table: str, league: str) -> tuple[list[str], list[str]]:
    create, drop = [], []
    for operation, row in (("INSERT", "NEW"), ("UPDATE", "NEW"), ("DELETE", "OLD")):
        name = f"{table}_{operation.lower()}_bumps_page_version"
        body = _bump(league.format(row=row), "version")
        create.append(
            f"CREATE TRIGGER {name} AFTER {operation} ON {table} FOR EACH ROW BEGIN {body} END;"
        )
        drop.append(f"DROP TRIGGER IF EXISTS {name};")
    return create, drop


def _statements(vendor: str, tables: Mapping[str, str]) -> tuple[list[str], list[str]]:
    make = {"postgresql": _postgresql, "sqlite": _sqlite}.get(vendor)
    if make is None:
        # The service runs on the two databases its settings name (docs/operations.md).
        raise ImproperlyConfigured(
            f"Page version triggers exist for PostgreSQL and SQLite, not {vendor}."
        )
    create, drop = [], []
    for table, league in tables.items():
        more, less = make(table, league)
        create += more
        drop += less
    return create, drop


def triggers_create(schema_editor: BaseDatabaseSchemaEditor, tables: Mapping[str, str]) -> None:
    """Make every write to `tables` (table: the SQL of its row's league, ``{row}`` standing
    for the row) bump its league's version. A game's migration calls it for the tables its
    cached pages read."""
    for statement in _statements(schema_editor.connection.vendor, tables)[0]:
        schema_editor.execute(statement)


def triggers_drop(schema_editor: BaseDatabaseSchemaEditor, tables: Mapping[str, str]) -> None:
    for statement in _statements(schema_editor.connection.vendor, tables)[1]:
        schema_editor.execute(statement)


def triggers_migration(tables: Mapping[str, str]) -> migrations.RunPython:
    """A game's migration operation: writes to `tables` (table: the SQL of its row's
    league) bump their league's version; reversed, they no longer do."""

    def create(_apps: Any, schema_editor: BaseDatabaseSchemaEditor) -> None:
        triggers_create(schema_editor, tables)

    def drop(_apps: Any, schema_editor: BaseDatabaseSchemaEditor) -> None:
        triggers_drop(schema_editor, tables)

    return migrations.RunPython(create, drop)


def functions_migration(tables: Mapping[str, str]) -> migrations.RunPython:
    """A migration operation for tables whose triggers exist already: on PostgreSQL their
    functions are written again as `triggers_create` writes them now (the same leagues
    bumped, found with fewer lookups); SQLite's row triggers stay as they are. Reversed, it
    leaves the functions as they are: they bump the same leagues."""

    def replace(_apps: Any, schema_editor: BaseDatabaseSchemaEditor) -> None:
        if schema_editor.connection.vendor != "postgresql":
            return
        for table, league in tables.items():
            schema_editor.execute(_postgresql_function(table, league))

    return migrations.RunPython(replace, migrations.RunPython.noop)


# --- Rebuilding a watched table on SQLite --------------------------------------------------

#: Where the triggers are kept while SQLite rebuilds a table; empty between migrations.
_SUSPENDED = "league_suspendedtrigger"


def sqlite_triggers_suspend(schema_editor: BaseDatabaseSchemaEditor, table: str) -> None:
    """Before SQLite rebuilds `table` (adding a column that is not nullable does: it copies
    the table and renames the copy), drop every trigger that names it, its own and those of
    the tables whose league is read through it, keeping their SQL: the rename refuses
    triggers naming a table that is gone, and the copy would have none of its own.
    `sqlite_triggers_restore` puts them back. PostgreSQL alters tables in place: nothing."""
    if schema_editor.connection.vendor != "sqlite":
        return
    with schema_editor.connection.cursor() as cursor:
        cursor.execute(
            f"CREATE TABLE IF NOT EXISTS {_SUSPENDED} (name TEXT PRIMARY KEY, sql TEXT NOT NULL)"
        )
        cursor.execute(
            "SELECT name, sql FROM sqlite_master WHERE type = 'trigger' AND sql LIKE %s",
            [f"%{table}%"],
        )
        for name, sql in cursor.fetchall():
            cursor.execute(f"INSERT INTO {_SUSPENDED} (name, sql) VALUES (%s, %s)", [name, sql])
            cursor.execute(f'DROP TRIGGER "{name}"')


def sqlite_triggers_restore(schema_editor: BaseDatabaseSchemaEditor, table: str) -> None:
    """The triggers `sqlite_triggers_suspend` dropped, created again."""
    if schema_editor.connection.vendor != "sqlite":
        return
    with schema_editor.connection.cursor() as cursor:
        cursor.execute(
            f"CREATE TABLE IF NOT EXISTS {_SUSPENDED} (name TEXT PRIMARY KEY, sql TEXT NOT NULL)"
        )
        cursor.execute(f"SELECT sql FROM {_SUSPENDED} ORDER BY name")
        for (sql,) in cursor.fetchall():
            cursor.execute(sql)
        cursor.execute(f"DROP TABLE {_SUSPENDED}")


def table_rebuilt(table: str) -> tuple[migrations.RunPython, migrations.RunPython]:
    """The two operations a migration puts around its changes of a watched `table` that
    SQLite makes by rebuilding it (reversed, they swap roles)."""

    def suspend(_apps: Any, schema_editor: BaseDatabaseSchemaEditor) -> None:
        sqlite_triggers_suspend(schema_editor, table)

    def restore(_apps: Any, schema_editor: BaseDatabaseSchemaEditor) -> None:
        sqlite_triggers_restore(schema_editor, table)

    return migrations.RunPython(suspend, restore), migrations.RunPython(restore, suspend)
