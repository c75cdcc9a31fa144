"""Page versions: a counter per league bumped by database triggers whenever a core row of
the league (the league, its seasons, teams, standings rows, rounds, fixtures, results) is
inserted, updated or deleted, in the writing transaction itself. A page cached under the
league's version is therefore never served once what it shows has changed, whatever
process wrote the change and whatever cache backend holds the page.

Readers read the version before the rows they render: a write committed in between only
makes the cached copy newer than its key, never older.

The core's rows bump it (WATCHED, migration league 0011; a season's divisions, league 0012),
and the tables a game names for the pages it caches (its players, stat lines, match events
…: each in a migration of the game's own). A page cached by it must show nothing that
another table holds. The triggers themselves, and why PostgreSQL bumps at commit:
league/sql/page_version_triggers.py."""

from __future__ import annotations

from django.db import connection
from django.db.models import Sum

from league.models import PageVersion
from league.sql.page_version_triggers import PENDING_TABLE, VERSIONS_TABLE

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
            f"SELECT (SELECT version FROM {VERSIONS_TABLE} WHERE league_id = %s), "
            f"EXISTS (SELECT 1 FROM {PENDING_TABLE} "
            f"WHERE xid = pg_current_xact_id_if_assigned() AND league_id = %s)",
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
            f"SELECT (SELECT sum(version) FROM {VERSIONS_TABLE}), "
            f"EXISTS (SELECT 1 FROM {PENDING_TABLE} WHERE xid = pg_current_xact_id_if_assigned())"
        )
        version, written = cursor.fetchone()
    return None if written else int(version or 0)
