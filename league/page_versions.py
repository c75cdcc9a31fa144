"""Page versions: a counter per league bumped by database triggers whenever a core row of
the league (the league, its seasons, teams, standings rows, rounds, fixtures, results) is
inserted, updated or deleted, in the writing transaction itself. A page cached under the
league's version is therefore never served once what it shows has changed, whatever
process wrote the change and whatever cache backend holds the page.

Readers read the version before the rows they render: a write committed in between only
makes the cached copy newer than its key, never older.

The core's rows bump it (WATCHED, migration league 0011; a season's divisions, league 0012),
and the tables a game names for the pages it caches (its players, stat lines, match events
…: each in a migration of the game's own). A page cached by it
must show nothing that another table holds.

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
transaction that has written a league gets no version for it (`page_version` is None): it
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
from django.db import connection, migrations
from django.db.backends.base.schema import BaseDatabaseSchemaEditor
from django.db.models import Sum

from league.models import PageVersion

#: Each watched table and the SQL giving the league of its row ``{row}`` (NEW or OLD).
#: A change here needs a migration that drops and re-creates the triggers.
WATCHED: dict[str, str] = {
    "league_league": "{row}.id",
    "league_season": "{row}.league_id",
    "league_team": "{row}.league_id",
    "league_standingrow": "(SELECT s.league_id FROM league_season s WHERE s.id = {row}.season_id)",
    "league_round": "(SELECT s.league_id FROM league_season s WHERE s.id = {row}.season_id)",
    "league_fixture": (
        "(SELECT s.league_id FROM league_round o JOIN league_season s ON s.id = o.season_id"
        " WHERE o.id = {row}.round_id)"
    ),
    "league_result": (
        "(SELECT s.league_id FROM league_fixture f JOIN league_round o ON o.id = f.round_id"
        " JOIN league_season s ON s.id = o.season_id WHERE f.id = {row}.fixture_id)"
    ),
}

_TABLE = "league_pageversion"


def _bump(league: str, version: str) -> str:
    # No row yet: the first write makes it. A row deleted with its parents (a cascade)
    # may no longer find its league: nothing to bump then, the parent's own row did.
    return (
        f"INSERT INTO {_TABLE} (league_id, version) SELECT x.league, 1 FROM "
        f"(SELECT {league} AS league) x WHERE x.league IS NOT NULL "
        f"ON CONFLICT (league_id) DO UPDATE SET version = {version} + 1;"
    )


_PENDING = "league_pageversionpending"
_AT_COMMIT = f"{_PENDING}_bumps_at_commit"


def pending_create(schema_editor: BaseDatabaseSchemaEditor) -> None:
    """PostgreSQL: the table of leagues changed by transactions not yet committed, and the
    deferred trigger that bumps them at commit. Before any `triggers_create`."""
    if schema_editor.connection.vendor != "postgresql":
        return
    # The key leads with the transaction: the commit-time bump deletes by it.
    schema_editor.execute(
        f"CREATE UNLOGGED TABLE {_PENDING} (xid xid8 NOT NULL, league_id bigint NOT NULL, "
        f"PRIMARY KEY (xid, league_id));"
    )
    # The first pending row's trigger bumps all of its transaction's leagues, in league
    # order, and deletes them: the other rows' triggers then find nothing.
    schema_editor.execute(
        f"""CREATE FUNCTION {_AT_COMMIT}() RETURNS trigger AS $$
BEGIN
  WITH done AS (DELETE FROM {_PENDING} WHERE xid = NEW.xid RETURNING league_id)
  INSERT INTO {_TABLE} (league_id, version) SELECT league_id, 1 FROM done ORDER BY league_id
  ON CONFLICT (league_id) DO UPDATE SET version = {_TABLE}.version + 1;
  RETURN NULL;
END $$ LANGUAGE plpgsql;"""
    )
    schema_editor.execute(
        f"CREATE CONSTRAINT TRIGGER {_AT_COMMIT} AFTER INSERT ON {_PENDING} "
        f"DEFERRABLE INITIALLY DEFERRED FOR EACH ROW EXECUTE FUNCTION {_AT_COMMIT}();"
    )


def pending_drop(schema_editor: BaseDatabaseSchemaEditor) -> None:
    if schema_editor.connection.vendor != "postgresql":
        return
    schema_editor.execute(f"DROP TABLE IF EXISTS {_PENDING};")
    schema_editor.execute(f"DROP FUNCTION IF EXISTS {_AT_COMMIT}();")


def _postgresql_function(table: str, league: str) -> str:
    # Once a statement, not once a row: the rows it wrote are its transition table, so a
    # bulk insert of a match's stat lines records its league once. The league is looked up
    # once a distinct key the rows name (a match's few hundred events name one result), not
    # once a row. Only recorded here; the version itself is bumped at commit (see the
    # module's docstring).
    keys = ", ".join(sorted(set(re.findall(r"\{row\}\.(\w+)", league))))
    bump = (
        f"INSERT INTO {_PENDING} (xid, league_id) SELECT DISTINCT pg_current_xact_id(), "
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


def triggers_create(
    schema_editor: BaseDatabaseSchemaEditor, tables: Mapping[str, str] = WATCHED
) -> None:
    """Make every write to `tables` (table: the SQL of its row's league, ``{row}`` standing
    for the row) bump its league's version. A game's migration calls it for the tables its
    cached pages read."""
    for statement in _statements(schema_editor.connection.vendor, tables)[0]:
        schema_editor.execute(statement)


def triggers_drop(
    schema_editor: BaseDatabaseSchemaEditor, tables: Mapping[str, str] = WATCHED
) -> None:
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


def page_version(*, league_id: int) -> int | None:
    """The league's page version now (0 before its first write), or None when this very
    transaction has written the league and not yet committed (PostgreSQL): a page it
    renders shows rows that may still be rolled back, and the version they will commit
    under is not known yet, so it must be neither cached nor served from the cache. One
    query."""
    if connection.vendor != "postgresql":
        found = PageVersion.objects.filter(league_id=league_id).values_list("version", flat=True)
        return next(iter(found), 0)
    with connection.cursor() as cursor:
        # pg_current_xact_id_if_assigned(): NULL in a transaction that has written nothing,
        # without giving it a transaction id.
        cursor.execute(
            f"SELECT (SELECT version FROM {_TABLE} WHERE league_id = %s), EXISTS (SELECT 1 "
            f"FROM {_PENDING} WHERE xid = pg_current_xact_id_if_assigned() AND league_id = %s)",
            [league_id, league_id],
        )
        version, written = cursor.fetchone()
    return None if written else int(version or 0)


def pages_version() -> int | None:
    """Every league's page versions at once (their sum: each only grows, and a new or
    deleted league bumps its own), for a page that shows many leagues (the home page); None
    when this very transaction has written and not yet committed, as page_version. One
    query."""
    if connection.vendor != "postgresql":
        return int(PageVersion.objects.aggregate(total=Sum("version"))["total"] or 0)
    with connection.cursor() as cursor:
        cursor.execute(
            f"SELECT (SELECT sum(version) FROM {_TABLE}), EXISTS (SELECT 1 FROM {_PENDING} "
            f"WHERE xid = pg_current_xact_id_if_assigned())"
        )
        version, written = cursor.fetchone()
    return None if written else int(version or 0)


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
